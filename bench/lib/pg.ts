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
