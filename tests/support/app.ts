/**
 * A fresh, migrated database and app per test file: in-memory PGlite always, and a throwaway
 * database on the PostgreSQL server when TEST_DATABASE_URL is set (CI sets it).
 */
import { randomBytes } from 'node:crypto';
import { generateCPF } from '@brazilian-utils/brazilian-utils';
import pg from 'pg';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, inject } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp, type AppOptions } from '../../server/app';
import { openDatabase, type Database } from '../../server/db/client';

export type Backend = 'pglite' | 'postgres';
export const backends: Backend[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** The PostgreSQL database's URL (postgres backend only): a second process can open it. */
  url?: string;
  close(): Promise<void>;
}

/** Another app process on the same PostgreSQL database, as behind a load balancer. */
export async function createSiblingApp(url: string) {
  const database = await openDatabase({ url, poolSize: 3 });
  const app = await buildApp({ database });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * TEST_KEEP_DATABASE=name (the bench's "after the fuzz" load, bench/writes.ts --apos-fuzz): the
 * test's PostgreSQL database gets this name, made afresh, and is kept when the test ends.
 */
const keptDatabase =
  process.env.TEST_KEEP_DATABASE && /^[a-z_][a-z0-9_]{0,62}$/.test(process.env.TEST_KEEP_DATABASE)
    ? process.env.TEST_KEEP_DATABASE
    : undefined;

export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = keptDatabase ?? `rastreio_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  if (keptDatabase) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  // A copy of the run's migrated model (tests/support/global-setup.ts), else an empty database the app migrates.
  const model = inject('postgresTemplate');
  await admin.query(model ? `CREATE DATABASE ${name} TEMPLATE ${model}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      if (keptDatabase) return;
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      // pg's Pool.end() resolves before its sockets have closed: wait for the app's connections to
      // go, so FORCE does not kill one that is still closing (its FATAL would surface as an error).
      for (let i = 0; i < 50; i++) {
        const { rows } = await client.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** The run's migrated PGlite (tests/support/global-setup.ts), read once per file; undefined outside the API tests. */
let pgliteModel: Blob | undefined;
function pgliteTemplate() {
  const file = inject('pgliteTemplate');
  if (!file) return undefined;
  pgliteModel ??= new Blob([readFileSync(file)]);
  return pgliteModel;
}

export interface TestAppOptions {
  staticDir?: string;
  /** Capture the log (at `logLevel`, info by default when a stream is given). */
  logStream?: AppOptions['logStream'];
  logLevel?: string;
  /** Off: every list reply is computed afresh (the list caches' other path). */
  countCache?: boolean;
  /** PGlite on disk instead of in memory. */
  dataDir?: string;
  /** Run the queue's workers (off by default: most tests look at what was enqueued). */
  workers?: AppOptions['workers'];
  /** Asaas at a local fake's address. */
  asaasBaseUrl?: string;
  /** The CEP service at a local fake's address (integrations/viacep.ts). */
  viacepUrl?: string;
  /** Run the fleet's feed (frota/feed.ts) with these timings. */
  frota?: AppOptions['frota'];
  /** Backups (BACKUP_DIR and the rest); `url` is filled with the test's PostgreSQL database. */
  backup?: AppOptions['backup'];
}

export async function createTestApp(backend: Backend, options: TestAppOptions = {}): Promise<TestApp> {
  let drop = async () => {};
  let database: Database;
  let url: string | undefined;
  if (backend === 'postgres') {
    const created = await createPostgresDatabase();
    drop = created.drop;
    url = created.url;
    database = await openDatabase({ url: created.url, poolSize: 5 });
  } else {
    database = await openDatabase({ dataDir: options.dataDir, template: options.dataDir ? undefined : pgliteTemplate() });
  }
  const app = await buildApp({
    database,
    staticDir: options.staticDir,
    logStream: options.logStream,
    logLevel: options.logLevel ?? (options.logStream ? 'info' : undefined),
    countCache: options.countCache,
    workers: options.workers,
    asaasBaseUrl: options.asaasBaseUrl,
    viacepUrl: options.viacepUrl,
    frota: options.frota,
    // Without BACKUP_DIR too: Baixar backup agora (pg_dump needs the database's URL).
    backup: { dataDir: options.dataDir ?? '', ...options.backup, url },
  });
  await app.ready();
  return {
    app,
    database,
    url,
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

/** A signed-in browser of the API: keeps the Token cookie like a browser would. */
export class Client {
  /** The session cookie, `Token=…` ('' when none). */
  cookie = '';
  /** The browser's other cookies (the device and pre-session cookies of the sign-in), by name. */
  jar = new Map<string, string>();
  constructor(private app: FastifyInstance) {}

  async request(method: InjectOptions['method'], url: string, payload?: unknown, headers: Record<string, string> = {}) {
    const cookies = [this.cookie, ...[...this.jar].map(([name, value]) => `${name}=${value}`)].filter(Boolean).join('; ');
    const response = await this.app.inject({
      method,
      url,
      payload: payload as InjectOptions['payload'],
      headers: { ...(cookies ? { cookie: cookies } : {}), ...headers },
    });
    for (const set of response.cookies) {
      if (set.name === 'Token') this.cookie = set.value ? `Token=${set.value}` : '';
      else if (set.value && !(set.expires && set.expires.getTime() < Date.now())) this.jar.set(set.name, set.value);
      else this.jar.delete(set.name);
    }
    let body: any = response.body;
    try {
      body = response.json();
    } catch {
      /* not JSON */
    }
    return { status: response.statusCode, body, headers: response.headers };
  }
  get = (url: string, headers?: Record<string, string>) => this.request('GET', url, undefined, headers);
  post = (url: string, payload?: unknown, headers?: Record<string, string>) => this.request('POST', url, payload, headers);
  put = (url: string, payload?: unknown, headers?: Record<string, string>) => this.request('PUT', url, payload, headers);
  delete = (url: string, headers?: Record<string, string>) => this.request('DELETE', url, undefined, headers);

  /** A setup step's POST: the created record, or an error saying what the server answered instead of 201. */
  async create(url: string, payload: unknown) {
    const reply = await this.post(url, payload);
    if (reply.status !== 201) throw new Error(`${url}: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body;
  }
  /** A GET's body. */
  read = async (url: string) => (await this.get(url)).body;

  login(account: string, password: string) {
    return this.request('POST', '/v1/session', new URLSearchParams({ email: account, password }).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
    });
  }
}

export const ADMIN = { name: 'Ana Administradora', email: 'ana@rastreio.test', password: 'senha-forte-1' };

/** Installs, signs the administrator in and returns its client. */
export async function installAndLogin(app: FastifyInstance) {
  const admin = new Client(app);
  const installed = await admin.post('/v1/install', ADMIN);
  if (installed.status !== 201) throw new Error(`install failed: ${installed.status} ${JSON.stringify(installed.body)}`);
  const login = await admin.login(ADMIN.email, ADMIN.password);
  if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
  return admin;
}

/** A valid CPF, different on every call (generated by the same library the server checks with). */
export const validCpf = (): string => generateCPF();

export function newUser(overrides: Record<string, unknown> = {}) {
  const n = Math.random().toString(36).slice(2, 8);
  return {
    name: `Usuário ${n}`,
    cpf: validCpf(),
    email: `u${n}@rastreio.test`,
    login: `u${n}`,
    password: 'senha123',
    acesso: 2,
    ...overrides,
  };
}

/** A técnico (acesso 3, DESIGN 11): the only users an order or a stock move may name as técnico. */
export const newTecnico = (overrides: Record<string, unknown> = {}) =>
  newUser({ name: `Técnico ${Math.random().toString(36).slice(2, 8)}`, acesso: 3, ...overrides });

/** A fresh app, not installed, for a test file's describe block: `env.t` is the app and its database (set in beforeAll, closed in afterAll). */
export function useTestApp(backend: Backend, options: TestAppOptions = {}) {
  const env = {} as { t: TestApp };
  beforeAll(async () => {
    env.t = await createTestApp(backend, options);
  });
  afterAll(() => env.t.close());
  return env;
}

/**
 * A fresh installed app for a test file's describe block: `env.t` is the app and its database,
 * `env.admin` the signed-in administrator (set in beforeAll, closed in afterAll).
 */
export function useInstalledApp(backend: Backend, options: TestAppOptions = {}) {
  const env = {} as { t: TestApp; admin: Client };
  beforeAll(async () => {
    env.t = await createTestApp(backend, options);
    env.admin = await installAndLogin(env.t.app);
  });
  afterAll(() => env.t.close());
  return env;
}
