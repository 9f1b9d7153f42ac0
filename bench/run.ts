/**
 * `npm run bench`: seeds 100,000 users, then measures GET /v1/users at 10 concurrent
 * connections (a page of 20 with a status filter; with a pesquisa of a common surname), both
 * with the exact total, on PostgreSQL and PGlite, beside a PostgREST-style yardstick; then the
 * JavaScript /login needs for its first paint, and Lighthouse on /login. See bench/README.md.
 *
 * Options: --users N (100000), --seconds S (10), --skip-pglite, --skip-frontend.
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres; the
 * bench creates and drops its own database `rastreio_bench`).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { ACESSO } from '../domain/constants';
import { openDatabase, type Database } from '../server/db/client';
import { users } from '../server/db/schema';
import { ensureCompany } from '../server/services/company';
import { hashPassword, randomToken } from '../server/services/passwords';
import { seedUsers } from '../server/seed/users';
import { loginPageJavaScript, lighthouseScores } from './lib/frontend';
import { measure, type LoadResult } from './lib/load';
import { login, root, startNode } from './lib/processes';

const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '10' },
    'skip-pglite': { type: 'boolean', default: false },
    'skip-frontend': { type: 'boolean', default: false },
  },
});
const USERS = Number(args.users);
const LOAD = { connections: 10, seconds: Number(args.seconds), warmup: 3 };
const SURNAME = 'silva';
const ADMIN = { login: 'bench', password: 'bench-senha-1' };
const pgAdminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const benchPgUrl = Object.assign(new URL(pgAdminUrl), { pathname: '/rastreio_bench' }).toString();

const scenarios = {
  filter: `/v1/users?status=0&page=1&pageSize=20`,
  pesquisa: `/v1/users?pesquisa=${SURNAME}&page=1&pageSize=20`,
};
type Row = { backend: string; scenario: string; total: number } & LoadResult;
const rows: Row[] = [];

async function seed(database: Database) {
  const started = performance.now();
  await database.db.insert(users).values({
    name: 'Bench', email: 'bench@rastreio.local', login: ADMIN.login, acesso: ACESSO.ADMIN,
    passwordHash: await hashPassword(ADMIN.password), token: randomToken(18), busca: 'bench',
  });
  await ensureCompany(database.db);
  await seedUsers(database.db, USERS, await hashPassword('demo1234'));
  await database.db.execute(sql`VACUUM ANALYZE`);
  console.log(`  seeded ${USERS} users in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function exactTotal(url: string, cookie: string) {
  const response = await fetch(url, { headers: { cookie } });
  return (await response.json()).meta.total as number;
}

async function benchApp(backend: string, env: Record<string, string>, port: number, onRunning?: (url: string) => Promise<void>) {
  const app = await startNode('server/server.ts', env, '/v1/health', port);
  try {
    const cookie = await login(app.url, ADMIN.login, ADMIN.password);
    for (const [scenario, pathAndQuery] of Object.entries(scenarios)) {
      const total = await exactTotal(app.url + pathAndQuery, cookie);
      const result = await measure(app.url + pathAndQuery, { cookie }, LOAD);
      rows.push({ backend, scenario, total, ...result });
      console.log(`  ${backend} ${scenario}: ${result.requestsPerSecond.toFixed(0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms (total ${total})`);
    }
    await onRunning?.(app.url);
  } finally {
    await app.stop();
  }
}

async function benchYardstick(port: number) {
  const yardstick = await startNode('bench/yardstick.ts', { DATABASE_URL: benchPgUrl }, '/health', port);
  try {
    for (const [scenario, pathAndQuery] of Object.entries(scenarios)) {
      const url = yardstick.url + pathAndQuery.replace('/v1/users', '/users');
      const total = (await (await fetch(url)).json()).total;
      const result = await measure(url, {}, LOAD);
      rows.push({ backend: 'yardstick (PostgreSQL)', scenario, total, ...result });
      console.log(`  yardstick ${scenario}: ${result.requestsPerSecond.toFixed(0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms (total ${total})`);
    }
  } finally {
    await yardstick.stop();
  }
}

const frontend: string[] = [];
async function benchFrontend(url: string) {
  const js = await loginPageJavaScript(url);
  frontend.push(`JavaScript for the first paint of /login: ${(js.gzipTotal / 1024).toFixed(1)} KB gzipped (${(js.rawTotal / 1024).toFixed(1)} KB raw) in ${js.scripts.length} files; budget 300 KB gzipped.`);
  for (const preset of ['desktop', 'mobile'] as const) {
    const scores = await lighthouseScores(`${url}/login`, preset);
    frontend.push(`Lighthouse /login (${preset}): performance ${scores.performance}, accessibility ${scores.accessibility}, best practices ${scores.bestPractices}, SEO ${scores.seo}${scores.failedA11y.length ? ` (failed a11y: ${scores.failedA11y.join(', ')})` : ''}.`);
  }
  frontend.forEach((line) => console.log(`  ${line}`));
}

// The browser app the server serves must be current.
if (!args['skip-frontend']) spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });

console.log(`PostgreSQL (${benchPgUrl})`);
const admin = new pg.Client({ connectionString: pgAdminUrl });
await admin.connect();
await admin.query('DROP DATABASE IF EXISTS rastreio_bench WITH (FORCE)');
await admin.query('CREATE DATABASE rastreio_bench');
const pgDatabase = await openDatabase({ url: benchPgUrl });
await seed(pgDatabase);
await pgDatabase.close();
await benchApp('app (PostgreSQL)', { DATABASE_URL: benchPgUrl }, 3901, args['skip-frontend'] ? undefined : benchFrontend);
// The same with every total recounted: what a first search costs before its total is reused.
await benchApp('app (PostgreSQL, COUNT_CACHE=off)', { DATABASE_URL: benchPgUrl, COUNT_CACHE: 'off' }, 3904);
await benchYardstick(3902);

if (!args['skip-pglite']) {
  console.log('PGlite');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rastreio-bench-'));
  const pglite = await openDatabase({ dataDir });
  await seed(pglite);
  await pglite.close();
  await benchApp('app (PGlite)', { DATA_DIR: dataDir }, 3903);
  await benchApp('app (PGlite, COUNT_CACHE=off)', { DATA_DIR: dataDir, COUNT_CACHE: 'off' }, 3905);
  rmSync(dataDir, { recursive: true, force: true });
}
await admin.query('DROP DATABASE IF EXISTS rastreio_bench WITH (FORCE)');
await admin.end();

const table = [
  `GET /v1/users, ${USERS.toLocaleString('en')} users, ${LOAD.connections} connections, ${LOAD.seconds} s per run`,
  '',
  '| backend | scenario | total | req/s | p50 ms | p99 ms | errors |',
  '|---|---|---:|---:|---:|---:|---:|',
  ...rows.map((r) => `| ${r.backend} | ${r.scenario} | ${r.total} | ${r.requestsPerSecond.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.errors + r.non2xx} |`),
  '',
  ...frontend.map((line) => `- ${line}`),
];
console.log(`\n${table.join('\n')}`);
writeFileSync(path.join(root, 'bench', 'results.md'), `${table.join('\n')}\n`);
