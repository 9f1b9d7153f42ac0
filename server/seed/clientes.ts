/**
 * Demo clients: mostly people (FISICA, valid CPF), some companies (JURIDICA, valid CNPJ and
 * razão social); e-mail, phones with the city's area code, address, a few extra contacts.
 */
import { generateCNPJ, generateCPF } from '@brazilian-utils/brazilian-utils';
import { fakerPT_BR as faker } from '@faker-js/faker';
import { desc, ne, or } from 'drizzle-orm';
import { CLIENTE_STATUS } from '../../domain/constants';
import { normalizeSearch } from '../../domain/text';
import type { Db } from '../db/client';
import { clientes } from '../db/schema';
import { buscaOf } from '../resources/records';
import { clientesResource } from '../resources/registry';
import { BAIRROS, CIDADES, EMAIL_DOMINIOS, RAMOS_EMPRESA, SUFIXOS_EMPRESA } from './brasil';
import { insertInBatches, reserveIds } from './batches';
import { celular, fixo, UniqueValues } from './identifiers';

/** What vehicles need of their owner: the id and the name they are searched by. */
export interface ClienteRef {
  id: number;
  name: string;
  razaosocial: string;
  cadastro: string;
}

const STATUS = [
  { value: CLIENTE_STATUS.ATIVO, weight: 90 },
  { value: CLIENTE_STATUS.BLOQUEADO, weight: 6 },
  { value: CLIENTE_STATUS.VENCIDO, weight: 4 },
];
/** Who set the status (DESIGN 9): staff block, billing marks overdue. */
const MOTIVO: Record<number, string | null> = { 0: null, 1: 'staff', 2: 'billing' };

const slug = (text: string) =>
  normalizeSearch(text)
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.|\.$/g, '');
const surname = () => faker.person.lastName();
/** First name and one or two different surnames. */
function personName() {
  const first = surname();
  const second = faker.number.int(2) ? surname() : first;
  return `${faker.person.firstName()} ${first}${second === first ? '' : ` ${second}`}`;
}

function contato(ddd: string) {
  const name = personName();
  return { name, email: `${slug(name)}@${faker.helpers.weightedArrayElement(EMAIL_DOMINIOS)}`, phone: '', mobilePhone: celular(ddd) };
}

/** Creation dates spread over the last three years, older ids first, as a real base grows. */
function dtcard(index: number, count: number) {
  const span = 3 * 365 * 86_400_000;
  return new Date(Date.now() - span + Math.floor((span * index) / Math.max(count, 1)) - faker.number.int(3_600_000));
}

function cliente(id: number, index: number, count: number, idcard: number, cpfs: UniqueValues, cnpjs: UniqueValues) {
  const cidade = faker.helpers.weightedArrayElement(CIDADES);
  const juridica = faker.number.int(99) < 12;
  const person = personName();
  const ramo = faker.helpers.arrayElement(RAMOS_EMPRESA);
  const owner = surname();
  const partner = surname();
  const company = `${ramo} ${owner}${partner !== owner && faker.number.int(1) ? ` e ${partner}` : ''} ${faker.helpers.arrayElement(SUFIXOS_EMPRESA)}`;
  const status = faker.helpers.weightedArrayElement(STATUS);
  const contatos = faker.number.int(99) < 30 ? Array.from({ length: faker.number.int({ min: 1, max: 2 }) }, () => contato(cidade.ddd)) : [];
  const values = {
    id,
    idcard,
    cadastro: juridica ? 'JURIDICA' : 'FISICA',
    // A company is shown and found by its razão social (SPEC 2.7: "Nome or Razão social").
    name: juridica ? '' : person,
    cpf: juridica ? '' : cpfs.next(generateCPF),
    cnpj: juridica ? cnpjs.next(generateCNPJ) : '',
    razaosocial: juridica ? company : '',
    incmunicipal: juridica ? faker.string.numeric(8) : '',
    incestdudal: juridica ? (faker.number.int(4) ? faker.string.numeric(12) : 'ISENTO') : '',
    email: juridica
      ? `contato@${slug(`${ramo} ${owner}`).replace(/\./g, '')}.com.br`
      : `${slug(person)}${faker.number.int(99)}@${faker.helpers.weightedArrayElement(EMAIL_DOMINIOS)}`,
    phone: juridica || faker.number.int(2) === 0 ? fixo(cidade.ddd) : '',
    mobilePhone: celular(cidade.ddd),
    address: faker.location.street(),
    addressNumber: faker.location.buildingNumber(),
    province: faker.helpers.arrayElement(BAIRROS),
    cityandstate: cidade.nome,
    uf: cidade.uf,
    postalCode: (cidade.cep + faker.string.numeric(8)).slice(0, 8),
    complement: faker.number.int(3) ? '' : faker.location.secondaryAddress(),
    status,
    statusMotivo: MOTIVO[status],
    contatos,
    dtcard: dtcard(index, count),
  };
  return { ...values, busca: buscaOf(clientesResource, values) };
}

export async function seedClientes(db: Db, count: number, idcard: number, onProgress?: (done: number) => void): Promise<ClienteRef[]> {
  // CPF and CNPJ are unique (partial unique indexes): avoid the stored ones and earlier draws.
  const stored = await db
    .select({ cpf: clientes.cpf, cnpj: clientes.cnpj })
    .from(clientes)
    .where(or(ne(clientes.cpf, ''), ne(clientes.cnpj, '')));
  const cpfs = new UniqueValues(stored.map((c) => c.cpf).filter(Boolean));
  const cnpjs = new UniqueValues(stored.map((c) => c.cnpj).filter(Boolean));
  // The id is known before the insert: a client is found by its id too.
  const ids = await reserveIds(db, clientes, count);
  const refs: ClienteRef[] = [];
  await insertInBatches(
    db,
    clientes,
    count,
    (index) => {
      const row = cliente(ids[index], index, count, idcard, cpfs, cnpjs);
      refs.push({ id: row.id, name: row.name, razaosocial: row.razaosocial, cadastro: row.cadastro });
      return row;
    },
    onProgress,
  );
  return refs;
}

/** Owners for vehicles when this run creates no clients: the newest stored ones. */
export async function storedClientes(db: Db, limit = 100_000): Promise<ClienteRef[]> {
  return db
    .select({ id: clientes.id, name: clientes.name, razaosocial: clientes.razaosocial, cadastro: clientes.cadastro })
    .from(clientes)
    .orderBy(desc(clientes.id))
    .limit(limit);
}
