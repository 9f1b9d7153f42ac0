/**
 * `npm run seed -- --users 1000`: realistic demo data in the configured database (DATA_DIR or
 * DATABASE_URL; stop `npm start` first when using the embedded database). Creates the first
 * administrator when the system is not installed yet.
 */
import { parseArgs } from 'node:util';
import { count } from 'drizzle-orm';
import { ACESSO } from '../domain/constants';
import { readEnv } from './config';
import { openDatabase } from './db/client';
import { users } from './db/schema';
import { ensureCompany } from './services/company';
import { hashPassword, randomToken } from './services/passwords';
import { DEMO_PASSWORD, seedUsers } from './seed/users';

const { values } = parseArgs({ options: { users: { type: 'string', default: '50' } } });
const usersToCreate = Number(values.users);
if (!Number.isInteger(usersToCreate) || usersToCreate < 0) {
  console.error('Use: npm run seed -- --users N (N inteiro ≥ 0)');
  process.exit(1);
}

const env = readEnv();
const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
const started = performance.now();
const [{ n }] = await database.db.select({ n: count() }).from(users);
if (Number(n) === 0) {
  await database.db.insert(users).values({
    name: 'Administrador',
    email: 'admin@rastreio.local',
    login: 'admin',
    passwordHash: await hashPassword('admin123'),
    token: randomToken(18),
    acesso: ACESSO.ADMIN,
    busca: 'administrador admin@rastreio.local admin',
  });
  await ensureCompany(database.db);
  console.log('Sistema instalado com o administrador: login "admin", senha "admin123".');
}
const demoHash = await hashPassword(DEMO_PASSWORD);
await seedUsers(database.db, usersToCreate, demoHash, (done) => {
  if (done % 10_000 === 0 || done === usersToCreate) process.stdout.write(`\r${done} usuários…`);
});
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`\n${usersToCreate} usuários de demonstração criados em ${seconds} s (senha de todos: "${DEMO_PASSWORD}").`);
await database.close();
