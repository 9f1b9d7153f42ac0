/**
 * `npm run bench:writes`: do writers on different clients wait for each other? (issue 19, item 3)
 * On PostgreSQL with 1,000,000 charges (server/seed/demo.ts), the real server, and writers that
 * each POST in a loop for `--seconds`: clients created by 1 writer and by 10, then charges created
 * by 1 writer and by 10, each writer on its own client (all due the same day: the worst case for
 * the per-day rollup). Prints requests/s, p50 and p99 side by side; any reply but 201 fails the
 * run, and so does a charges list whose total differs from SQL's count afterwards.
 * Budget: charges by 10 writers reach at least half of clients by 10 writers, with 0 refused.
 *
 * Options: --cobrancas N (1000000), --clientes N (100000), --seconds S (10), --reuse (keep the
 * seeded database `rastreio_bench_writes` and use it again). PostgreSQL: BENCH_DATABASE_URL.
 * --apos-fuzz: only the 50-session mixed load, on the database the fuzz test
 * (tests/api/fuzz.test.ts, PostgreSQL) leaves behind (`rastreio_bench_fuzz`, kept): the database
 * where an outside check once saw 409s between writers on different clients.
 */
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { generateCPF } from '@brazilian-utils/brazilian-utils';
import pg from 'pg';
import { addDays } from '../domain/calendar';
import { openDatabase } from '../server/db/client';
import { appToday } from '../server/regras/clock';
import { hashPassword } from '../server/regras/passwords';
import { runBilling } from '../server/cobrancas/faturamento';
import { seedDemo } from '../server/seed/demo';
import { login, startNode } from './lib/processes';
import { rowsAt } from './lib/pg';
import { demoCounts, insertBenchAdmin, prepareBenchDatabase } from './lib/seed-admin';

const { values: args } = parseArgs({
  options: {
    cobrancas: { type: 'string', default: '1000000' },
    clientes: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '10' },
    reuse: { type: 'boolean', default: false },
    'apos-fuzz': { type: 'boolean', default: false },
  },
});
const SECONDS = Number(args.seconds);
const ADMIN = { login: 'bench', password: 'bench-senha-1' };
const pgAdminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NAME = 'rastreio_bench_writes';
const url = Object.assign(new URL(pgAdminUrl), { pathname: `/${NAME}` }).toString();

async function prepareDatabase() {
  let started = 0;
  const counts = demoCounts({ users: 10, clientes: Number(args.clientes), planos: 5, cobrancas: Number(args.cobrancas) });
  const seeded = await prepareBenchDatabase({ adminUrl: pgAdminUrl, name: NAME, url, reuse: args.reuse }, async (database) => {
    started = performance.now();
    const adminId = await insertBenchAdmin(database.db, ADMIN.login, ADMIN.password);
    await seedDemo(database.db, counts, { idcard: adminId, passwordHash: await hashPassword('demo1234') });
  });
  if (seeded)
    console.log(`seeded ${counts.cobrancas.toLocaleString('en')} charges in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  else console.log(`reusing ${NAME} (--reuse)`);
}

interface Figures {
  label: string;
  writers: number;
  perSecond: number;
  p50: number;
  p99: number;
  refused: Map<number, number>;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/** `writers` loops, each POSTing `body(writer)` to `path` until the time is up. */
async function run(base: string, cookie: string, label: string, path: string, writers: number, body: (writer: number) => unknown) {
  const latencies: number[] = [];
  const refused = new Map<number, number>();
  const post = async (writer: number) => {
    const started = performance.now();
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body(writer)),
    });
    await response.arrayBuffer();
    if (response.status !== 201) refused.set(response.status, (refused.get(response.status) ?? 0) + 1);
    return performance.now() - started;
  };
  // A short warm-up, then the measured run.
  for (const measured of [false, true]) {
    const end = performance.now() + (measured ? SECONDS : 2) * 1000;
    await Promise.all(
      Array.from({ length: writers }, async (_, writer) => {
        while (performance.now() < end) {
          const ms = await post(writer);
          if (measured) latencies.push(ms);
        }
      }),
    );
  }
  latencies.sort((a, b) => a - b);
  const figures: Figures = {
    label,
    writers,
    perSecond: latencies.length / SECONDS,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    refused,
  };
  console.log(
    `  ${label}, ${writers} writer(s): ${figures.perSecond.toFixed(0)}/s, p50 ${figures.p50.toFixed(1)} ms, p99 ${figures.p99.toFixed(1)} ms`,
  );
  return figures;
}

const randomDigits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');
const randomLetters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('');

/** A record created through the API (201 expected), its id. */
async function created(base: string, cookie: string, path: string, body: unknown): Promise<Record<string, unknown> & { id: number }> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown> & { id: number };
}

/**
 * 50 sessions, each on records of its own, each looping: 7 list reads in 10 (a page of clients,
 * vehicles, charges or orders), 3 writes in 10. `withFinance`: a quarter of the writes create a
 * charge or change a service order; without it, every write changes the session's client or
 * vehicle. Returns one row per variant; the budget is 0 refused and the p99 with charges and
 * orders within 2x of the p99 without them.
 */
async function mixedLoad(base: string, cookie: string): Promise<Figures[]> {
  const sessions = await Promise.all(
    Array.from({ length: 50 }, async (_, n) => {
      const cliente = await created(base, cookie, '/v1/clientes', {
        cadastro: 'FISICA',
        name: `Sessão ${n} ${Math.random().toString(36).slice(2, 8)}`,
        cpf: generateCPF(),
        email: `sessao${n}@bench.local`,
        mobilePhone: '11987654321',
      });
      const veiculo = await created(base, cookie, '/v1/veiculos', {
        idcliente: cliente.id,
        category: 'car',
        marca: 'Fiat',
        modelo: 'Strada',
        placa: `${randomLetters(3)}${randomDigits(4)}`,
        renavan: randomDigits(11),
        chassi: `9BD${randomDigits(14)}`,
      });
      const tracker = await created(base, cookie, '/v1/trackres', { imei: `35${randomDigits(13)}`, modelo: 'GT06', marca: 'Coban' });
      const ordem = await created(base, cookie, '/v1/ordensservicos', {
        idcliente: cliente.id,
        idveiculo: veiculo.id,
        iddevice: tracker.id,
        descricao: 'Instalação',
      });
      return { cliente, veiculo, ordem };
    }),
  );
  const duedate = addDays(appToday(), 7);
  const reads = [
    '/v1/clientes?page=1&pageSize=20',
    '/v1/veiculos?page=1&pageSize=20',
    `/v1/cobrancas?status=0`,
    '/v1/ordensservicos?status=0',
  ];
  const figures: Figures[] = [];
  for (const withFinance of [false, true]) {
    const label = withFinance ? 'mixed, 1/4 of writes on charges and orders' : 'mixed, writes on clients and vehicles';
    const latencies: number[] = [];
    const refused = new Map<number, number>();
    let step = 0;
    const request = async (session: (typeof sessions)[number], measured: boolean) => {
      const i = step++;
      const roll = i % 10;
      let method = 'GET';
      let path = reads[i % reads.length];
      let body: unknown;
      if (roll >= 7) {
        const finance = withFinance && i % 4 === 0;
        if (finance && i % 8 === 0)
          [method, path, body] = [
            'POST',
            '/v1/cobrancas',
            { idcliente: session.cliente.id, descricao: 'Mensalidade', valor: 89.9, duedate },
          ];
        else if (finance)
          [method, path, body] = ['PUT', `/v1/ordensservicos/${session.ordem.id}`, { ...session.ordem, descricao: `Instalação ${i}` }];
        else if (i % 2)
          [method, path, body] = ['PUT', `/v1/clientes/${session.cliente.id}`, { ...session.cliente, complement: `casa ${i}` }];
        else [method, path, body] = ['PUT', `/v1/veiculos/${session.veiculo.id}`, { ...session.veiculo, cor: `Cor ${i}` }];
      }
      const started = performance.now();
      const response = await fetch(`${base}${path}`, {
        method,
        headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      await response.arrayBuffer();
      if (!measured) return;
      latencies.push(performance.now() - started);
      if (response.status >= 300) refused.set(response.status, (refused.get(response.status) ?? 0) + 1);
    };
    for (const measured of [false, true]) {
      const end = performance.now() + (measured ? SECONDS : 2) * 1000;
      await Promise.all(
        sessions.map(async (session) => {
          while (performance.now() < end) await request(session, measured);
        }),
      );
    }
    latencies.sort((a, b) => a - b);
    const row: Figures = {
      label,
      writers: 50,
      perSecond: latencies.length / SECONDS,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      refused,
    };
    console.log(`  ${label}, 50 sessions: ${row.perSecond.toFixed(0)}/s, p50 ${row.p50.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms`);
    figures.push(row);
  }
  return figures;
}

if (args['apos-fuzz']) {
  await afterFuzz();
  process.exit(0);
}

/**
 * The fuzz test on PostgreSQL into a database that is kept (TEST_KEEP_DATABASE), then the bench's
 * administrator in it, the real server on it and the mixed load twice, as below.
 */
async function afterFuzz() {
  const FUZZ_DB = 'rastreio_bench_fuzz';
  const fuzzUrl = Object.assign(new URL(pgAdminUrl), { pathname: `/${FUZZ_DB}` }).toString();
  const started = performance.now();
  const fuzz = spawnSync('npx', ['vitest', 'run', 'tests/api/fuzz.test.ts', '-t', 'postgres'], {
    env: { ...process.env, TEST_DATABASE_URL: pgAdminUrl, TEST_KEEP_DATABASE: FUZZ_DB },
    stdio: 'inherit',
  });
  if (fuzz.status !== 0) throw new Error('the fuzz test failed: no load on its database');
  console.log(`fuzz test on PostgreSQL: ${((performance.now() - started) / 1000).toFixed(0)} s`);
  const rows = rowsAt(fuzzUrl);
  const left = await rows<{ tabela: string; n: number; mortas: number }>(
    `SELECT relname AS tabela, n_live_tup::int AS n, n_dead_tup::int AS mortas FROM pg_stat_user_tables
     WHERE n_live_tup + n_dead_tup > 0 ORDER BY n_live_tup + n_dead_tup DESC LIMIT 12`,
  );
  console.log(`what the fuzz left (rows, dead rows): ${left.map((r) => `${r.tabela} ${r.n}/${r.mortas}`).join(', ')}`);
  const database = await openDatabase({ url: fuzzUrl });
  await insertBenchAdmin(database.db, ADMIN.login, ADMIN.password);
  await database.close();
  const server = await startNode('server/server.ts', { DATABASE_URL: fuzzUrl }, '/v1/health', 3912);
  let figures: Figures[];
  try {
    const cookie = await login(server.url, ADMIN.login, ADMIN.password);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    figures = await mixedLoad(server.url, cookie);
  } finally {
    await server.stop();
  }
  const commit = spawnSync('git', ['log', '-1', '--format=%h %cs'], { encoding: 'utf8' }).stdout.trim();
  console.log(
    `\nMeasured at commit ${commit}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, on the database the fuzz test left.`,
  );
  console.log(`\n| mixed load after the fuzz (50 sessions, 7 reads : 3 writes) | req/s | p50 | p99 | refused |`);
  console.log('|---|---|---|---|---|');
  const failures: string[] = [];
  for (const r of figures) {
    const refused = [...r.refused].reduce((sum, [, n]) => sum + n, 0);
    console.log(`| ${r.label} | ${r.perSecond.toFixed(0)} | ${r.p50.toFixed(1)} ms | ${r.p99.toFixed(1)} ms | ${refused} |`);
    for (const [status, n] of r.refused) failures.push(`${r.label}: ${n} replies ${status}`);
  }
  const [plain, mixed] = figures;
  console.log(`\np99 with charges and orders / without: ${(mixed.p99 / plain.p99).toFixed(2)} (budget: at most 2)`);
  if (mixed.p99 > 2 * plain.p99) failures.push(`mixed load p99 ${mixed.p99.toFixed(0)} ms > 2 x ${plain.p99.toFixed(0)} ms`);
  if (failures.length) {
    console.log(`\nFAILED:\n${failures.map((f) => `  ${f}`).join('\n')}`);
    process.exit(1);
  }
}

await prepareDatabase();
{
  // The billing run settles the seeded charges first, as a night would: the server's own start-up
  // run then has nothing to change, and the writes are measured alone.
  const database = await openDatabase({ url });
  const started = performance.now();
  await runBilling(database.db, { today: appToday() });
  console.log(`billing run before the load: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await database.close();
}
const app = await startNode('server/server.ts', { DATABASE_URL: url }, '/v1/health', 3911);
const failures: string[] = [];
const results: Figures[] = [];
try {
  const cookie = await login(app.url, ADMIN.login, ADMIN.password);
  // The start-up billing run (nothing left to change) ends before the load.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const cliente = (n: number) => ({
    cadastro: 'FISICA',
    name: `Escritor ${n} ${Math.random().toString(36).slice(2, 8)}`,
    cpf: generateCPF(),
    email: `escritor${n}@bench.local`,
    mobilePhone: '11987654321',
  });
  const owners: number[] = [];
  for (let n = 0; n < 10; n++) {
    const response = await fetch(`${app.url}/v1/clientes`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(cliente(n)),
    });
    owners.push(((await response.json()) as { id: number }).id);
  }
  const duedate = addDays(appToday(), 10);
  const charge = (writer: number) => ({ idcliente: owners[writer], descricao: 'Mensalidade', valor: 89.9, duedate });
  for (const writers of [1, 10]) {
    results.push(await run(app.url, cookie, 'clientes', '/v1/clientes', writers, cliente));
    results.push(await run(app.url, cookie, 'cobrancas', '/v1/cobrancas', writers, charge));
  }
  // The lists stay exact after the writes.
  const list = (await (
    await fetch(`${app.url}/v1/cobrancas?status=0&dataInicio=${duedate}&dataFim=${duedate}`, { headers: { cookie } })
  ).json()) as {
    meta: { total: number };
  };
  const check = new pg.Client({ connectionString: url });
  await check.connect();
  const { rows } = await check.query('SELECT count(*)::int AS n FROM cobrancas WHERE status = 0 AND duedate = $1', [duedate]);
  await check.end();
  if (list.meta.total !== rows[0].n) failures.push(`charges list total ${list.meta.total} differs from SQL's ${rows[0].n}`);
  results.push(...(await mixedLoad(app.url, cookie)));
} finally {
  await app.stop();
}

const commit = spawnSync('git', ['log', '-1', '--format=%h %cs'], { encoding: 'utf8' }).stdout.trim();
console.log(`\nMeasured at commit ${commit}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.`);
const row = (label: string, writers: number) => results.find((r) => r.label === label && r.writers === writers)!;
console.log(
  `\n| writes (PostgreSQL, ${Number(args.cobrancas).toLocaleString('en')} charges) | 1 writer: /s | p50 | p99 | 10 writers: /s | p50 | p99 | refused |`,
);
console.log('|---|---|---|---|---|---|---|---|');
for (const label of ['clientes', 'cobrancas']) {
  const [one, ten] = [row(label, 1), row(label, 10)];
  const refused = [...one.refused, ...ten.refused].reduce((sum, [, n]) => sum + n, 0);
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  console.log(
    `| ${label} | ${one.perSecond.toFixed(0)} | ${ms(one.p50)} | ${ms(one.p99)} | ${ten.perSecond.toFixed(0)} | ${ms(ten.p50)} | ${ms(ten.p99)} | ${refused} |`,
  );
  for (const [status, n] of [...one.refused, ...ten.refused]) failures.push(`${label}: ${n} replies ${status}`);
}
const [plain, mixed] = results.filter((r) => r.writers === 50);
console.log(`\n| mixed load (50 sessions, 7 reads : 3 writes) | req/s | p50 | p99 | refused |`);
console.log('|---|---|---|---|---|');
for (const r of [plain, mixed]) {
  const refused = [...r.refused].reduce((sum, [, n]) => sum + n, 0);
  console.log(`| ${r.label} | ${r.perSecond.toFixed(0)} | ${r.p50.toFixed(1)} ms | ${r.p99.toFixed(1)} ms | ${refused} |`);
  for (const [status, n] of r.refused) failures.push(`${r.label}: ${n} replies ${status}`);
}
console.log(`\np99 with charges and orders / without: ${(mixed.p99 / plain.p99).toFixed(2)} (budget: at most 2)`);
if (mixed.p99 > 2 * plain.p99) failures.push(`mixed load p99 ${mixed.p99.toFixed(0)} ms > 2 x ${plain.p99.toFixed(0)} ms`);
const ratio = row('cobrancas', 10).perSecond / row('clientes', 10).perSecond;
console.log(`\ncharges/clients at 10 writers: ${(ratio * 100).toFixed(0)} % (budget: at least 50 %)`);
if (ratio < 0.5) failures.push(`charges reached ${(ratio * 100).toFixed(0)} % of clients' throughput (budget 50 %)`);
if (failures.length) {
  console.log(`\nFAILED:\n${failures.map((f) => `  ${f}`).join('\n')}`);
  process.exit(1);
}
