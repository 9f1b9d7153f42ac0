/**
 * `npm run seed -- --clientes 100000 --veiculos 120000 --rastreadores 120000 --chips 120000`:
 * realistic Brazilian demo data in the configured database (DATA_DIR or DATABASE_URL; stop
 * `npm start` first when using the embedded database). Creates the first administrator when the
 * system is not installed yet. Without options: a small base (server/seed/demo.ts).
 */
import { parseArgs } from 'node:util';
import { asc, count, eq } from 'drizzle-orm';
import { ACESSO } from '../domain/constants';
import { readEnv } from './regras/config';
import { openDatabase } from './db/client';
import { users } from './db/schema';
import { buscaOf } from './resources/records';
import { usersResource } from './resources/users';
import { ensureCompany } from './regras/company';
import { hashPassword, randomToken } from './regras/passwords';
import { DEFAULT_COUNTS, seedDemo, type DemoCounts } from './seed/demo';
import { DEMO_PASSWORD } from './seed/users';

const option = (name: keyof DemoCounts) => ({ type: 'string', default: String(DEFAULT_COUNTS[name]) }) as const;
const { values } = parseArgs({
  options: {
    users: option('users'),
    clientes: option('clientes'),
    veiculos: option('veiculos'),
    rastreadores: option('rastreadores'),
    chips: option('chips'),
    planos: option('planos'),
    ordensservicos: option('ordensservicos'),
    contratos: option('contratos'),
    assinaturas: option('assinaturas'),
    cobrancas: option('cobrancas'),
  },
});
const counts: DemoCounts = {
  users: Number(values.users),
  clientes: Number(values.clientes),
  veiculos: Number(values.veiculos),
  rastreadores: Number(values.rastreadores),
  chips: Number(values.chips),
  planos: Number(values.planos),
  ordensservicos: Number(values.ordensservicos),
  contratos: Number(values.contratos),
  assinaturas: Number(values.assinaturas),
  cobrancas: Number(values.cobrancas),
};
if (Object.values(counts).some((n) => !Number.isInteger(n) || n < 0)) {
  console.error(
    'Use: npm run seed -- [--users N] [--clientes N] [--veiculos N] [--rastreadores N] [--chips N] [--planos N] [--ordensservicos N] [--contratos N] [--assinaturas N] [--cobrancas N] (N inteiro ≥ 0)',
  );
  process.exit(1);
}

const env = readEnv();
const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
const started = performance.now();
const [{ n }] = await database.db.select({ n: count() }).from(users);
if (Number(n) === 0) {
  const administrador = { name: 'Administrador', email: 'admin@rastreio.local', login: 'admin', acesso: ACESSO.ADMIN };
  await database.db.insert(users).values({
    ...administrador,
    passwordHash: await hashPassword('admin123'),
    token: randomToken(18),
    busca: buscaOf(usersResource, administrador),
  });
  await ensureCompany(database.db);
  console.log('Sistema instalado com o administrador: login "admin", senha "admin123".');
}
// Records carry their creator (idcard): the first administrator.
const [admin] = await database.db
  .select({ id: users.id })
  .from(users)
  .where(eq(users.acesso, ACESSO.ADMIN))
  .orderBy(asc(users.id))
  .limit(1);

console.log('Criando dados de demonstração…');
const { linked } = await seedDemo(database.db, counts, {
  idcard: admin.id,
  passwordHash: await hashPassword(DEMO_PASSWORD),
  timeZone: env.APP_TIMEZONE,
});
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  `Pronto em ${seconds} s: ${linked.veiculos} rastreadores instalados em veículos e ${linked.chips} chips em rastreadores.` +
    (counts.users ? ` Senha dos usuários de demonstração: "${DEMO_PASSWORD}".` : ''),
);
await database.close();
