/** Demo users: Brazilian names, valid CPFs, addresses; inserted in batches. */
import { generateCPF } from '@brazilian-utils/brazilian-utils';
import { fakerPT_BR as faker } from '@faker-js/faker';
import { ACESSO } from '../../domain/constants';
import { normalizeSearch } from '../../domain/text';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { buscaOf } from '../resources/records';
import { usersResource } from '../resources/users';
import { randomToken } from '../regras/passwords';
import { insertInBatches } from './batches';
import { BAIRROS } from './brasil';

export const DEMO_PASSWORD = 'demo1234';

function slug(text: string) {
  return normalizeSearch(text)
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.|\.$/g, '');
}

const acessoDemo = (draw: number) => (draw === 1 ? ACESSO.ADMIN : draw <= 4 ? ACESSO.TECNICO : ACESSO.USUARIO);

function user(index: number, passwordHash: string) {
  const first = faker.person.firstName();
  const last = `${faker.person.lastName()} ${faker.person.lastName()}`;
  const name = `${first} ${last}`;
  const unique = `${slug(first)}.${slug(last.split(' ')[1])}.${index}.${randomToken(3).toLowerCase()}`;
  const values = {
    name,
    cpf: generateCPF(),
    email: `${unique}@exemplo.com.br`,
    phone: faker.phone.number({ style: 'national' }),
    mobilePhone: faker.phone.number({ style: 'national' }),
    address: faker.location.street(),
    addressNumber: faker.location.buildingNumber(),
    province: faker.helpers.arrayElement(BAIRROS),
    cityandstate: faker.location.city(),
    uf: faker.location.state({ abbreviated: true }),
    postalCode: faker.location.zipCode().replace(/\D/g, ''),
    complement: '',
    login: unique,
    passwordHash,
    token: randomToken(18),
    // One in ten an administrator, three in ten técnicos (DESIGN 11), the rest Usuarios.
    acesso: acessoDemo(faker.number.int({ min: 1, max: 10 })),
    bloqueado: faker.number.int({ min: 1, max: 20 }) === 1,
  };
  return { ...values, busca: buscaOf(usersResource, values) };
}

/** One scrypt hash shared by every demo user: hashing 100,000 passwords would take minutes. */
export async function seedUsers(db: Db, count: number, passwordHash: string, onProgress?: (done: number) => void) {
  await insertInBatches(db, users, count, (index) => user(index, passwordHash), onProgress);
}
