/** Plain SQL on a PostgreSQL database of the bench's, beside the app (read with `pg`, not through it). */
import pg from 'pg';

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

/**
 * A fresh database `name` beside the one at `adminUrl` (dropped first when a run left it): its URL, a
 * pool of 3 on it, and `drop`, which ends the pool, drops the database and ends the admin connection.
 */
export async function freshDatabase(adminUrl: string, name: string) {
  const url = adminUrl.replace(/\/[^/]*$/, `/${name}`);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const db = new pg.Pool({ connectionString: url, max: 3 });
  const drop = async () => {
    await db.end();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  };
  return { url, db, drop };
}
