/**
 * The benches' own administrator and the company settings, in a freshly created database, before
 * the demo seed: the one account the load signs in with.
 */
import pg from 'pg';
import { ACESSO } from '../../domain/constants';
import type { DbOrTx } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { buscaOf } from '../../server/resources/records';
import { usersResource } from '../../server/resources/users';
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

/** A query on the database at `url`, on a connection of its own. */
export const rowsAt =
  (url: string) =>
  async <T>(text: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(text, values)).rows as T[];
    } finally {
      await client.end();
    }
  };
