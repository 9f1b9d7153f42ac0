/**
 * Opens the database: PGlite in DATA_DIR by default, PostgreSQL through `pg` when a URL is
 * given. Both speak the same SQL, run the same migrations and give the same Drizzle API.
 */
import { availableParallelism } from 'node:os';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { BYTEA, EmbeddedClient, parseBytea, serializeBytea } from './pglite';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** The rows of a raw `execute` (node-postgres and PGlite both answer `{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** What a LISTEN subscriber hears: messages, and resets when notifications may have been missed. */
export interface Listener {
  onMessage(payload: string): void;
  /** The channel is (re)connected: `true`; it broke and messages may be lost until then: `false`. */
  onConnected(connected: boolean): void;
}

export interface Database {
  db: Db;
  /**
   * PostgreSQL only: a second pool whose connections plan a statement once, on its first run, and
   * keep that plan (`plan_cache_mode=force_generic_plan`). Only for statements every plan of which
   * reads a bounded set of rows: the list pages that count a date range of up to a quarter
   * (`countWithPage`). Planning such a page anew on each run cost a fifth of its work.
   */
  plannedOnce?: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded database's client (PGlite only). */
  embedded?: EmbeddedClient;
  /** LISTEN on a channel (used to evict cached sessions across processes). */
  listen(channel: string, listener: Listener): Promise<void>;
  /**
   * Tries a session advisory lock on a connection of its own, held until `release()` or until that
   * connection dies (`lost` resolves): one process holds a duty (the fleet's feed) and another takes
   * over when it goes. null: another session holds it. An embedded database has one process: the
   * lock is kept in that process (one holder among the feeds it runs).
   */
  advisoryLock(key: number): Promise<HeldLock | null>;
  /** Plain SQL with `$n` parameters, or several statements without: the job queue's access (queue/boss.ts). */
  raw(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
}

export interface HeldLock {
  /** Resolves when the lock is lost (its connection broke). */
  lost: Promise<void>;
  release(): Promise<void>;
}

/** The embedded database's locks: one process, so a set per database. */
const embeddedLocks = new WeakMap<object, Set<number>>();

function pgAdvisoryLock(url: string) {
  return async (key: number): Promise<HeldLock | null> => {
    const client = new pg.Client({ connectionString: url });
    let markLost: () => void = () => undefined;
    const lost = new Promise<void>((resolve) => (markLost = resolve));
    client.on('error', () => markLost());
    client.on('end', () => markLost());
    await client.connect();
    try {
      const { rows } = await client.query('SELECT pg_try_advisory_lock($1) AS held', [key]);
      if (rows[0]?.held !== true) {
        await client.end().catch(() => undefined);
        return null;
      }
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    return {
      lost,
      release: async () => {
        // Closing the session releases its locks.
        await client.end().catch(() => undefined);
      },
    };
  };
}

/** A dedicated connection for LISTEN that reconnects after errors. */
function pgListen(url: string, closers: Array<() => Promise<void>>) {
  return async (channel: string, listener: Listener) => {
    let client: pg.Client | undefined;
    let closed = false;
    const connect = async (): Promise<void> => {
      const current = new pg.Client({ connectionString: url });
      client = current;
      current.on('notification', (message) => listener.onMessage(message.payload ?? ''));
      current.on('error', () => {
        listener.onConnected(false);
        current.end().catch(() => undefined);
        if (!closed) setTimeout(() => connect().catch(() => undefined), 1000).unref();
      });
      await current.connect();
      await current.query(`LISTEN ${channel}`);
      listener.onConnected(true);
    };
    await connect();
    closers.push(async () => {
      closed = true;
      await client?.end().catch(() => undefined);
    });
  };
}

/** Set by the server's bundle (scripts/server-build.mjs): the migrations' folder from the bundle's. */
declare const __RASTREIO_MIGRATIONS__: string | undefined;
export const migrationsFolder = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  typeof __RASTREIO_MIGRATIONS__ === 'string' ? __RASTREIO_MIGRATIONS__ : 'migrations',
);

// Numeric columns come back as strings by default; money is a JSON number with two decimals.
pg.types.setTypeParser(1700, (value) => Number(value));
// Date-only columns stay 'YYYY-MM-DD' strings: calendar dates with no time-zone shift.
pg.types.setTypeParser(1082, (value) => value);

export interface OpenOptions {
  /** postgres://… to use a PostgreSQL server. */
  url?: string;
  /** Directory of the embedded database; omitted means in memory (tests). */
  dataDir?: string;
  /** Pool size for PostgreSQL (`defaultPoolSize()` when omitted). */
  poolSize?: number;
  /**
   * In memory only: start from this migrated database (PGlite's `dumpDataDir`) instead of an empty
   * one. The tests' migrations run once per run, not once per file (tests/support/global-setup.ts).
   */
  template?: Blob;
}

/**
 * Twice the cores, at least 4: a backend runs on a core, and more of them than cores take turns,
 * each run slower (bench/README.md, "Four connections").
 */
export const defaultPoolSize = () => Math.max(4, 2 * availableParallelism());

export async function openDatabase(options: OpenOptions = {}): Promise<Database> {
  if (options.url) {
    const url = options.url;
    const newPool = (planCacheMode: 'force_custom_plan' | 'force_generic_plan') => {
      const created = new pg.Pool({
        connectionString: url,
        max: options.poolSize ?? defaultPoolSize(),
        options: `-c plan_cache_mode=${planCacheMode}`,
      });
      // An idle connection that breaks (the server restarted) leaves the pool; the next query opens another.
      created.on('error', () => undefined);
      return created;
    };
    // Named statements (the lists' pages, resources/list-query.ts) are parsed once per connection
    // but planned on every run with its values: a generic plan cannot see how many rows a pesquisa
    // pattern selects (bench/README.md).
    const pool = newPool('force_custom_plan');
    const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
    // Opens its connections only when a statement runs on it.
    const plannedOncePool = newPool('force_generic_plan');
    const client = await pool.connect();
    try {
      // Several app processes may start together: one migrates, the others wait.
      await client.query('SELECT pg_advisory_lock(727274)');
      await migratePg(drizzlePg(client, { casing: 'snake_case' }), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock(727274)').catch(() => undefined);
      client.release();
    }
    const closers: Array<() => Promise<void>> = [];
    return {
      db,
      plannedOnce: drizzlePg(plannedOncePool, { schema, casing: 'snake_case' }) as unknown as Db,
      kind: 'postgres',
      listen: pgListen(options.url, closers),
      advisoryLock: pgAdvisoryLock(options.url),
      raw: async (text, values) => {
        const result = (await pool.query(text, values)) as pg.QueryResult | pg.QueryResult[];
        return Array.isArray(result) ? (result.at(-1) ?? { rows: [] }) : result;
      },
      close: async () => {
        for (const close of closers) await close();
        await Promise.all([pool.end(), plannedOncePool.end()]);
      },
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // Migrated on every open: a fresh in-memory instance after a recovery needs its tables again.
  const embedded = await EmbeddedClient.open(
    {
      dataDir: options.dataDir,
      ...(options.template && !options.dataDir ? { loadDataDir: options.template } : {}),
      extensions: { pg_trgm },
      parsers: { 1700: (value: string) => Number(value), 1082: (value: string) => value, [BYTEA]: parseBytea },
      serializers: { [BYTEA]: serializeBytea },
    },
    (client) => migratePglite(drizzlePglite(client, { casing: 'snake_case' }), { migrationsFolder }),
  );
  const db = drizzlePglite(embedded as unknown as PGlite, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    embedded,
    raw: async (text, values) => {
      if (values?.length) return embedded.query(text, values);
      const results = await embedded.exec(text);
      return results.at(-1) ?? { rows: [] };
    },
    // One process owns an embedded database: its notifications cannot be missed.
    listen: async (channel, listener) => {
      await embedded.listen(channel, (payload) => listener.onMessage(payload));
      listener.onConnected(true);
    },
    advisoryLock: async (key) => {
      const held = embeddedLocks.get(embedded) ?? new Set<number>();
      embeddedLocks.set(embedded, held);
      if (held.has(key)) return null;
      held.add(key);
      return { lost: new Promise<void>(() => undefined), release: async () => void held.delete(key) };
    },
    close: () => embedded.close(),
  };
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`SELECT 1`);
}
