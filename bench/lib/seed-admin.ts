/**
 * The benches' own PostgreSQL database, created afresh; their administrator and the company settings
 * in it before the demo seed: the one account the load signs in with.
 */
import pg from 'pg';
import { ACESSO } from '../../domain/constants';
import { openDatabase, type Database, type DbOrTx } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { buscaOf } from '../../server/resources/records';
import { usersResource } from '../../server/resources/users';
import type { DemoCounts } from '../../server/seed/demo';
import { ensureCompany } from '../../server/regras/company';
import { hashPassword, randomToken } from '../../server/regras/passwords';

/** Inserts the bench's administrator (login `login`, password `password`) and the company row; answers the user's id. */
export async function insertBenchAdmin(db: DbOrTx, login: string, password: string): Promise<number> {
  const values = { name: 'Bench', email: 'bench@rastreio.local', login, acesso: ACESSO.ADMIN };
  const [row] = await db
    .insert(users)
    .values({ ...values, passwordHash: await hashPassword(password), token: randomToken(18), busca: buscaOf(usersResource, values) })
    .returning({ id: users.id });
  await ensureCompany(db);
  return row.id;
}

/**
 * The bench's database `name` (at `url`, on the server of `adminUrl`): dropped, created and filled
 * by `seed` with the database open, unless `reuse` asks to keep it and it exists. Answers whether it
 * was seeded.
 */
export async function prepareBenchDatabase(
  { adminUrl, name, url, reuse }: { adminUrl: string; name: string; url: string; reuse: boolean },
  seed: (database: Database) => Promise<void>,
) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount;
    if (reuse && exists) return false;
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ url });
  try {
    await seed(database);
  } finally {
    await database.close();
  }
  return true;
}

/** The demo seed's counts: none of anything but what `some` asks for. */
export const demoCounts = (some: Partial<DemoCounts>): DemoCounts => ({
  users: 0,
  clientes: 0,
  veiculos: 0,
  rastreadores: 0,
  chips: 0,
  planos: 0,
  ordensservicos: 0,
  contratos: 0,
  assinaturas: 0,
  cobrancas: 0,
  ...some,
});
