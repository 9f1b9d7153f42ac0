/**
 * `npm run bench`: seeds 100,000 users, 100,000 clients, 120,000 vehicles, 120,000 trackers,
 * 120,000 chips, a few plans and 200,000 service orders (server/seed/demo.ts), then measures every list endpoint at 10
 * concurrent connections, each with a filter only and with a pesquisa matching thousands of rows,
 * all with the exact total (checked against SQL), on PostgreSQL and PGlite, beside a
 * PostgREST-style yardstick; then the JavaScript /login needs for its first paint, Lighthouse on
 * /login, and the /clientes screen's Procurar → rows time with 100,000 clients and with 10.
 * See bench/README.md.
 *
 * Options: --seconds S (10), --only clientes,veiculos/pesquisa-marca (scenarios, bench/lib/scenarios.ts),
 * --users/--clientes/--veiculos/--rastreadores/--chips/--planos/--ordensservicos N (the seed), --skip-pglite,
 * --skip-nocache, --skip-yardstick, --skip-frontend, --skip-screen, --reuse (keep the seeded
 * databases for the next run with --reuse), --frontend-only (build, then /login's JavaScript and
 * Lighthouse against a fresh PGlite server: no PostgreSQL, no seed, no load), --lighthouse-runs N (3).
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres; the bench
 * creates and drops its own databases `rastreio_bench` and `rastreio_bench_10`; BENCH_DB names the
 * first, and the PGlite directory after it, so that two benches on one machine do not collide).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../server/db/client';
import { hashPassword } from '../server/regras/passwords';
import { seedDemo, type DemoCounts } from '../server/seed/demo';
import { searchTimings, type ScreenTiming } from './lib/clientes-screen';
import { billingTimings, serieTimings } from './lib/financeiro';
import { lighthouseMedian, loginPageJavaScript } from './lib/frontend';
import { measure } from './lib/load';
import { login, root, startNode } from './lib/processes';
import { budgetTable, resultsTable, screenLines, wrongTotals, type Row } from './lib/report';
import { pageUrl, selectScenarios, type Scenario } from './lib/scenarios';
import { demoCounts, insertBenchAdmin } from './lib/seed-admin';

const count = (n: number) => ({ type: 'string', default: String(n) }) as const;
const flag = { type: 'boolean', default: false } as const;
const { values: args } = parseArgs({
  options: {
    users: count(100_000),
    clientes: count(100_000),
    veiculos: count(120_000),
    rastreadores: count(120_000),
    chips: count(120_000),
    planos: count(5),
    ordensservicos: count(200_000),
    contratos: count(100_000),
    assinaturas: count(100_000),
    cobrancas: count(1_000_000),
    seconds: { type: 'string', default: '10' },
    only: { type: 'string' },
    'skip-pglite': flag,
    'skip-nocache': flag,
    'skip-yardstick': flag,
    'skip-frontend': flag,
    'skip-screen': flag,
    'frontend-only': flag,
    'lighthouse-runs': { type: 'string', default: '3' },
    reuse: flag,
  },
});
const COUNTS: DemoCounts = {
  users: Number(args.users),
  clientes: Number(args.clientes),
  veiculos: Number(args.veiculos),
  rastreadores: Number(args.rastreadores),
  chips: Number(args.chips),
  planos: Number(args.planos),
  ordensservicos: Number(args.ordensservicos),
  contratos: Number(args.contratos),
  assinaturas: Number(args.assinaturas),
  cobrancas: Number(args.cobrancas),
};
const SMALL = demoCounts({ users: 10, clientes: 10 });
const LOAD = { connections: 10, seconds: Number(args.seconds), warmup: 3 };
const scenarios = selectScenarios(args.only);
const ADMIN = { login: 'bench', password: 'bench-senha-1' };
const pgAdminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbUrl = (name: string) => Object.assign(new URL(pgAdminUrl), { pathname: `/${name}` }).toString();
const BENCH_DB = process.env.BENCH_DB ?? 'rastreio_bench';
const benchPgUrl = dbUrl(BENCH_DB);
const smallPgUrl = dbUrl('rastreio_bench_10');
const rows: Row[] = [];
/** Issue 9's figures beside the lists: the billing job and /financeiro's series. */
const finance: string[] = [];
const seedTimes: string[] = [];

/** The bench administrator (every record's idcard), the company, then the demo data. */
async function seed(database: Database, counts: DemoCounts, label: string) {
  const started = performance.now();
  const adminId = await insertBenchAdmin(database.db, ADMIN.login, ADMIN.password);
  const { seconds } = await seedDemo(database.db, counts, { idcard: adminId, passwordHash: await hashPassword('demo1234') });
  const total = (performance.now() - started) / 1000;
  const parts = Object.entries(seconds)
    .filter(([table]) => table === 'vacuum' || counts[table as keyof DemoCounts] > 0)
    .map(([table, s]) => `${table} ${s.toFixed(1)} s`)
    .join(', ');
  seedTimes.push(`${label}: ${total.toFixed(0)} s (${parts})`);
  console.log(`  seeded in ${total.toFixed(1)} s`);
}

/** The SQL count each scenario's total must equal, read straight from the database. */
async function expectedTotals(database: Database) {
  const totals = new Map<string, number>();
  for (const s of scenarios) {
    const result = (await database.db.execute(sql.raw(s.count))) as unknown as { rows: { n: number }[] };
    totals.set(s.id, Number(result.rows[0].n));
  }
  return totals;
}

async function load(
  backend: string,
  url: string,
  headers: Record<string, string>,
  s: Scenario,
  expected: Map<string, number>,
  totalOf: (body: any) => number,
) {
  const total = totalOf(await (await fetch(url, { headers })).json());
  const result = await measure(url, headers, LOAD);
  rows.push({ backend, scenario: s, total, expected: expected.get(s.id)!, ...result });
  const check = total === expected.get(s.id) ? 'exact' : `WRONG, SQL says ${expected.get(s.id)}`;
  console.log(
    `  ${backend} ${s.id}: ${result.requestsPerSecond.toFixed(0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms (total ${total}, ${check})`,
  );
}

async function benchApp(
  backend: string,
  env: Record<string, string>,
  port: number,
  expected: Map<string, number>,
  onRunning?: (url: string) => Promise<void>,
) {
  // The billing job is measured on its own (bench/lib/financeiro.ts), not at each server's start.
  const app = await startNode('server/server.ts', { WORKERS: 'off', ...env }, '/v1/health', port);
  try {
    const cookie = await login(app.url, ADMIN.login, ADMIN.password);
    for (const s of scenarios) await load(backend, app.url + pageUrl(s, '/v1'), { cookie }, s, expected, (body) => body.meta.total);
    if (COUNTS.cobrancas && scenarios.some((s) => s.resource === 'cobrancas')) finance.push(await serieTimings(app.url, cookie, backend));
    await onRunning?.(app.url);
  } finally {
    await app.stop();
  }
}

async function benchYardstick(port: number, expected: Map<string, number>) {
  const yardstick = await startNode('bench/yardstick.ts', { DATABASE_URL: benchPgUrl }, '/health', port);
  try {
    for (const s of scenarios) await load('yardstick (PostgreSQL)', yardstick.url + pageUrl(s, ''), {}, s, expected, (body) => body.total);
  } finally {
    await yardstick.stop();
  }
}

/** Issue 7: /login's first paint in at most 260 KB of gzipped JavaScript, without the app's chunk; Lighthouse performance ≥ 95 and accessibility 100. */
const FRONTEND_BUDGET = { gzipKB: 260, performance: 95, accessibility: 100 };
const frontend: string[] = [];
const frontendFailures: string[] = [];
async function benchFrontend(url: string) {
  const js = await loginPageJavaScript(url);
  const gzipKB = js.gzipTotal / 1024;
  frontend.push(
    `JavaScript for the first paint of /login: ${gzipKB.toFixed(1)} KB gzipped (${(js.rawTotal / 1024).toFixed(1)} KB raw) in ${js.scripts.length} files ` +
      `(${js.scripts.map((s) => `${s.url.split('/').at(-1)} ${(s.gzip / 1024).toFixed(1)}`).join(', ')}); budget ${FRONTEND_BUDGET.gzipKB} KB gzipped; ` +
      `the signed-in app's chunk (react-admin's Admin, the shell) ${js.appChunkLoaded ? 'LOADED' : 'not loaded'}.`,
  );
  if (gzipKB > FRONTEND_BUDGET.gzipKB)
    frontendFailures.push(`/login JavaScript ${gzipKB.toFixed(1)} KB > ${FRONTEND_BUDGET.gzipKB} KB gzipped`);
  if (js.appChunkLoaded) frontendFailures.push(`/login loaded the signed-in app's chunk`);
  const runs = Number(args['lighthouse-runs']);
  for (const preset of ['desktop', 'mobile'] as const) {
    const scores = await lighthouseMedian(`${url}/login`, preset, runs);
    const { fcp, lcp, tbt, cls } = scores.metrics;
    frontend.push(
      `Lighthouse /login (${preset}, median of ${runs}): performance ${scores.performance} (runs ${scores.performanceRuns.join(', ')}), ` +
        `accessibility ${scores.accessibility}, best practices ${scores.bestPractices}, SEO ${scores.seo}; ` +
        `FCP ${Math.round(fcp)} ms, LCP ${Math.round(lcp)} ms, TBT ${Math.round(tbt)} ms, CLS ${cls.toFixed(3)}` +
        `${scores.failedA11y.length ? ` (failed a11y: ${scores.failedA11y.join(', ')})` : ''}.`,
    );
    if (scores.performance < FRONTEND_BUDGET.performance)
      frontendFailures.push(`Lighthouse ${preset} performance ${scores.performance} < ${FRONTEND_BUDGET.performance}`);
    if (scores.accessibility < FRONTEND_BUDGET.accessibility)
      frontendFailures.push(`Lighthouse ${preset} accessibility ${scores.accessibility} < ${FRONTEND_BUDGET.accessibility}`);
  }
  frontend.forEach((line) => console.log(`  ${line}`));
}

/** --frontend-only: the browser figures alone, against a fresh PGlite server with one administrator (so /login stays /login). */
async function frontendOnly() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rastreio-bench-frontend-'));
  const app = await startNode('server/server.ts', { DATA_DIR: dataDir, DATABASE_URL: '' }, '/v1/health', 3908);
  try {
    const install = await fetch(`${app.url}/v1/install`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench', email: 'bench@rastreio.local', password: ADMIN.password }),
    });
    if (!install.ok) throw new Error(`install failed: ${install.status} ${await install.text()}`);
    console.log('/login in Chromium (built app, PGlite)');
    await benchFrontend(app.url);
  } finally {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\n${frontend.map((line) => `- ${line}`).join('\n')}`);
  if (frontendFailures.length) console.log(`\nBudgets NOT met:\n${frontendFailures.map((f) => `  ${f}`).join('\n')}`);
  else console.log('\nEvery /login budget is met.');
}

/**
 * What staff type, from the database's own names: single words (alternating surnames, which match
 * thousands of rows among 100,000, and first names), and whole names (a row or two).
 */
async function searchTerms(url: string, table: 'clientes' | 'users', howMany = 10) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const others = table === 'users' ? `AND login <> '${ADMIN.login}'` : '';
    const { rows } = await client.query(`SELECT name FROM ${table} WHERE name <> '' ${others} ORDER BY random() LIMIT 500`);
    const names = rows.map(({ name }) => String(name));
    const parts = names.map((name) => name.split(' ').filter((w) => w.length >= 3 && !w.endsWith('.')));
    const words: string[] = [];
    for (const [i, p] of parts.entries()) {
      const word = i % 2 ? p[0] : p.at(-1);
      if (word && !words.includes(word)) words.push(word);
    }
    for (const word of parts.flat()) if (!words.includes(word)) words.push(word);
    // Whole names of three words or more are rare even among 100,000.
    const whole = [...names.filter((name) => name.split(' ').length >= 3), ...names.filter((name) => name.split(' ').length < 3)];
    return { warmup: words[howMany], sets: { words: words.slice(0, howMany), 'full names': whole.slice(0, howMany) } };
  } finally {
    await client.end();
  }
}

/** Procurar → rows on /clientes (or /usuarios while /clientes is missing), a fresh server per database. */
async function benchScreen(url: string, port: number): Promise<ScreenTiming> {
  const terms = { '/clientes': await searchTerms(url, 'clientes'), '/usuarios': await searchTerms(url, 'users') };
  const app = await startNode('server/server.ts', { DATABASE_URL: url, NODE_ENV: 'production' }, '/v1/health', port);
  try {
    const timing = await searchTimings(app.url, ADMIN, ['/clientes', '/usuarios'], (p) => terms[p as keyof typeof terms]);
    for (const [set, t] of Object.entries(timing.sets)) {
      console.log(
        `  ${timing.path} (${url.split('/').at(-1)}, ${set}): median ${t.median} ms (API ${t.apiMedian} ms, ${t.rowsMedian} rows), max ${t.max} ms [${t.samples.join(', ')}]`,
      );
    }
    return timing;
  } finally {
    await app.stop();
  }
}

async function freshPgDatabase(admin: pg.Client, name: string, url: string, counts: DemoCounts, label: string) {
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount;
  if (args.reuse && exists) {
    console.log(`  reusing ${name} (--reuse)`);
    return;
  }
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const database = await openDatabase({ url });
  await seed(database, counts, label);
  await database.close();
}

// The browser app the server serves must be current.
if (!args['skip-frontend'])
  spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });

if (args['frontend-only']) {
  await frontendOnly();
  process.exit(frontendFailures.length ? 1 : 0);
}

console.log(`PostgreSQL (${benchPgUrl})`);
const pgAdmin = new pg.Client({ connectionString: pgAdminUrl });
await pgAdmin.connect();
await freshPgDatabase(pgAdmin, BENCH_DB, benchPgUrl, COUNTS, 'PostgreSQL');
const pgDatabase = await openDatabase({ url: benchPgUrl });
// Before the totals: the job's first run settles the seeded charges (past due → 2) as a night would.
if (COUNTS.cobrancas) finance.push(...(await billingTimings(pgDatabase, 'PostgreSQL')));
const pgTotals = await expectedTotals(pgDatabase);
await pgDatabase.close();
await benchApp('app (PostgreSQL)', { DATABASE_URL: benchPgUrl }, 3901, pgTotals, args['skip-frontend'] ? undefined : benchFrontend);
// The same with every total recounted: what a first search costs before its total is reused.
if (!args['skip-nocache'])
  await benchApp('app (PostgreSQL, COUNT_CACHE=off)', { DATABASE_URL: benchPgUrl, COUNT_CACHE: 'off' }, 3904, pgTotals);
if (!args['skip-yardstick']) await benchYardstick(3902, pgTotals);

const screen: { big?: ScreenTiming; small?: ScreenTiming } = {};
if (!args['skip-frontend'] && !args['skip-screen']) {
  console.log('Procurar → rows in Chromium');
  await freshPgDatabase(pgAdmin, 'rastreio_bench_10', smallPgUrl, SMALL, 'PostgreSQL, 10 clients');
  screen.big = await benchScreen(benchPgUrl, 3906);
  screen.small = await benchScreen(smallPgUrl, 3907);
}

if (!args['skip-pglite']) {
  console.log('PGlite');
  const dataDir = path.join(tmpdir(), `${BENCH_DB.replace(/_/g, '-')}-pglite`);
  if (!(args.reuse && existsSync(dataDir))) {
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    const pglite = await openDatabase({ dataDir });
    await seed(pglite, COUNTS, 'PGlite');
    await pglite.close();
  } else console.log(`  reusing ${dataDir} (--reuse)`);
  const pglite = await openDatabase({ dataDir });
  if (COUNTS.cobrancas) finance.push(...(await billingTimings(pglite, 'PGlite')));
  const pgliteTotals = await expectedTotals(pglite);
  await pglite.close();
  await benchApp('app (PGlite)', { DATA_DIR: dataDir }, 3903, pgliteTotals);
  if (!args['skip-nocache']) await benchApp('app (PGlite, COUNT_CACHE=off)', { DATA_DIR: dataDir, COUNT_CACHE: 'off' }, 3905, pgliteTotals);
  if (!args.reuse) rmSync(dataDir, { recursive: true, force: true });
}
if (!args.reuse) for (const name of [BENCH_DB, 'rastreio_bench_10']) await pgAdmin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
await pgAdmin.end();

const n = (v: number) => v.toLocaleString('en');
const budgets = budgetTable(rows, 'app (PostgreSQL)', 'yardstick (PostgreSQL)', 'app (PostgreSQL, COUNT_CACHE=off)');
const wrong = wrongTotals(rows);
const table = [
  `Every list endpoint, page 1 of 20 with the exact total; ${n(COUNTS.users)} users, ${n(COUNTS.clientes)} clients, ${n(COUNTS.veiculos)} vehicles, ` +
    `${n(COUNTS.rastreadores)} trackers, ${n(COUNTS.chips)} chips, ${n(COUNTS.planos)} plans, ${n(COUNTS.ordensservicos)} service orders; ${LOAD.connections} connections, ${LOAD.seconds} s per run after a ${LOAD.warmup} s warm-up.`,
  '',
  ...resultsTable(rows),
  '',
  wrong.length
    ? `**Totals differing from SQL count(*): ${wrong.map((r) => `${r.backend} ${r.scenario.id}`).join(', ')}.**`
    : `Every total equals the SQL count(*) of its rows (${rows.length} checks).`,
  '',
  '### Budgets (PostgreSQL, 10 connections)',
  '',
  ...budgets.lines,
  '',
  ...(screen.big
    ? [
        '### Procurar → rows painted (Chromium, built app, PostgreSQL)',
        '',
        ...screenLines(
          screen.big,
          screen.small,
          screen.big.path === '/clientes' ? { big: COUNTS.clientes, small: SMALL.clientes } : { big: COUNTS.users, small: SMALL.users },
        ),
        '',
      ]
    : []),
  ...frontend.map((line) => `- ${line}`),
  ...seedTimes.map((line) => `- Seeding ${line}.`),
];
console.log(`\n${table.join('\n')}`);
if (finance.length) console.log(`\n${finance.map((line) => `- ${line}`).join('\n')}`);
const failures = [...budgets.failures, ...frontendFailures];
if (failures.length) console.log(`\nBudgets NOT met:\n${failures.map((f) => `  ${f}`).join('\n')}`);
// A figure is only worth its exactness: a wrong total or a refused request fails the run.
const broken = [
  ...wrong.map((r) => `${r.backend} ${r.scenario.id}: total ${r.total}, SQL says ${r.expected}`),
  ...rows
    .filter((r) => r.errors + r.non2xx > 0)
    .map((r) => `${r.backend} ${r.scenario.id}: ${r.errors + r.non2xx} errors or non-2xx replies`),
];
if (broken.length) console.log(`\nRun FAILED:\n${broken.map((f) => `  ${f}`).join('\n')}`);
// Each table is dated by the commit it measured.
const commit = spawnSync('git', ['log', '-1', '--format=%h %cs'], { cwd: root, encoding: 'utf8' }).stdout.trim();
const dirty = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: root, encoding: 'utf8' }).stdout.trim() !== '';
if (!args.only && !broken.length)
  writeFileSync(
    path.join(root, 'bench', 'results.md'),
    `Measured at commit ${commit}${dirty ? ' (with uncommitted changes)' : ''}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.\n\n${table.join('\n')}\n`,
  );
if (broken.length || failures.length) process.exit(1);
