/**
 * `npm run bench:cliente` (issue 24): the top bar's search and the client's page at scale, on
 * PostgreSQL, through the real server and HTTP, 10 connections (autocannon).
 * - Search: `GET /v1/busca?q=` over 100,000 clients and 120,000 vehicles, trackers and chips (and
 *   1,000,000 charges), with the terms staff type: formatted and bare CPFs and CNPJs, plates with
 *   and without the dash, IMEIs, ICCIDs, phones, names, charge numbers.
 * - The client's page: `GET /v1/clientes/{id}/resumo` of random clients at 1,000,000 charges, and
 *   of the client with the most charges.
 * Budget: p99 ≤ 50 ms for each, with no error and no reply but 200.
 *
 * Options: --seconds S (10), --reuse (keep the seeded database `rastreio_bench_cliente`).
 * PostgreSQL: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres).
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { hashPassword } from '../server/regras/passwords';
import { seedDemo } from '../server/seed/demo';
import { login, startNode } from './lib/processes';
import autocannon from 'autocannon';
import { insertBenchAdmin, prepareBenchDatabase } from './lib/seed-admin';

const { values: args } = parseArgs({
  options: { seconds: { type: 'string', default: '10' }, reuse: { type: 'boolean', default: false } },
});
const SECONDS = Number(args.seconds);
const CONNECTIONS = 10;
const BUDGET_P99_MS = 50;
const ADMIN = { login: 'bench', password: 'bench-senha-1' };
const pgAdminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NAME = 'rastreio_bench_cliente';
const url = Object.assign(new URL(pgAdminUrl), { pathname: `/${NAME}` }).toString();
const COUNTS = {
  users: 50,
  clientes: 100_000,
  veiculos: 120_000,
  rastreadores: 120_000,
  chips: 120_000,
  planos: 5,
  ordensservicos: 20_000,
  contratos: 20_000,
  assinaturas: 20_000,
  cobrancas: 1_000_000,
};

async function prepareDatabase() {
  let started = 0;
  const seeded = await prepareBenchDatabase({ adminUrl: pgAdminUrl, name: NAME, url, reuse: args.reuse }, async (database) => {
    started = performance.now();
    const adminId = await insertBenchAdmin(database.db, ADMIN.login, ADMIN.password);
    await seedDemo(database.db, COUNTS, { idcard: adminId, passwordHash: await hashPassword('demo1234') });
  });
  console.log(seeded ? `seeded in ${((performance.now() - started) / 1000).toFixed(0)} s` : `reusing ${NAME} (--reuse)`);
}

const cpfMask = (d: string) => `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
const cnpjMask = (d: string) => `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
const phoneMask = (d: string) => (d.length === 11 ? `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}` : d);

/** The terms staff type, drawn from the seeded records: every kind, formatted and bare. */
async function searchTerms(client: pg.Client): Promise<string[]> {
  const pick = async (query: string) => (await client.query(query)).rows as Record<string, string>[];
  const clientes = await pick(`SELECT cpf, cnpj, name, razaosocial, mobile_phone FROM clientes ORDER BY random() LIMIT 60`);
  const veiculos = await pick(`SELECT placa, renavan, chassi FROM veiculos ORDER BY random() LIMIT 40`);
  const trackers = await pick(`SELECT imei FROM trackres ORDER BY random() LIMIT 20`);
  const chips = await pick(`SELECT iccid, phone FROM chips ORDER BY random() LIMIT 20`);
  const cobrancas = await pick(`SELECT id::text FROM cobrancas ORDER BY random() LIMIT 20`);
  const terms: string[] = [];
  for (const [i, c] of clientes.entries()) {
    if (c.cpf) terms.push(i % 2 ? cpfMask(c.cpf) : c.cpf);
    if (c.cnpj) terms.push(i % 2 ? cnpjMask(c.cnpj) : c.cnpj);
    if (i % 3 === 0) terms.push((c.name || c.razaosocial).split(' ').slice(0, 2).join(' '));
    if (i % 5 === 0 && c.mobile_phone) terms.push(phoneMask(c.mobile_phone));
  }
  for (const [i, v] of veiculos.entries())
    terms.push(i % 2 ? `${v.placa.slice(0, 3)}-${v.placa.slice(3)}` : v.placa, ...(i % 4 ? [] : [v.renavan]));
  terms.push(...trackers.map((t) => t.imei), ...chips.map((c, i) => (i % 2 ? c.iccid : phoneMask(c.phone))), ...cobrancas.map((c) => c.id));
  // Common words: many matches, the first 5 of each kind.
  terms.push('silva', 'santos', 'ltda', 'fiat', 'maria');
  return terms;
}

interface Figures {
  label: string;
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  bad: number;
}

function load(base: string, cookie: string, label: string, paths: string[]): Promise<Figures> {
  const requests = paths.map((path) => ({ method: 'GET' as const, path }));
  const run = (duration: number) =>
    new Promise<autocannon.Result>((resolve, reject) =>
      autocannon({ url: base, headers: { cookie }, connections: CONNECTIONS, duration, requests }, (error, result) =>
        error ? reject(error) : resolve(result),
      ),
    );
  return run(2).then(async () => {
    const result = await run(SECONDS);
    const figures = {
      label,
      requests: result.requests.total,
      perSecond: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      bad: result.errors + result.timeouts + result.non2xx,
    };
    console.log(
      `  ${label}: ${figures.perSecond.toFixed(0)}/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms, ${figures.bad} errors or non-200 (${figures.requests} requests)`,
    );
    return figures;
  });
}

async function main() {
  await prepareDatabase();
  const server = await startNode('server/server.ts', { DATABASE_URL: url, WORKERS: 'off' }, '/v1/health', 3990);
  try {
    const cookie = await login(server.url, ADMIN.login, ADMIN.password);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const terms = await searchTerms(client);
    const ids = (await client.query(`SELECT id FROM clientes ORDER BY random() LIMIT 500`)).rows.map((r) => Number(r.id));
    const [heaviest] = (
      await client.query(`SELECT idcliente, count(*)::int AS n FROM cobrancas GROUP BY idcliente ORDER BY n DESC LIMIT 1`)
    ).rows;
    const sizes = (
      await client.query(
        `SELECT (SELECT count(*) FROM clientes) AS clientes, (SELECT count(*) FROM veiculos) AS veiculos, (SELECT count(*) FROM trackres) AS trackres, (SELECT count(*) FROM chips) AS chips, (SELECT count(*) FROM cobrancas) AS cobrancas`,
      )
    ).rows[0];
    await client.end();
    console.log(
      `database: ${JSON.stringify(sizes)}; ${terms.length} search terms; heaviest client ${heaviest.idcliente} with ${heaviest.n} charges`,
    );
    const figures = [
      await load(
        server.url,
        cookie,
        'GET /v1/busca (mixed terms)',
        terms.map((q) => `/v1/busca?q=${encodeURIComponent(q)}`),
      ),
      await load(
        server.url,
        cookie,
        'GET /v1/clientes/{id}/resumo (random clients)',
        ids.map((id) => `/v1/clientes/${id}/resumo`),
      ),
      await load(server.url, cookie, `GET /v1/clientes/{id}/resumo (client with ${heaviest.n} charges)`, [
        `/v1/clientes/${heaviest.idcliente}/resumo`,
      ]),
    ];
    console.log('\n| measure | requests/s | p50 | p99 | errors | budget p99 ≤ 50 ms |\n|---|---|---|---|---|---|');
    for (const f of figures) {
      console.log(
        `| ${f.label} | ${f.perSecond.toFixed(0)} | ${f.p50} ms | ${f.p99} ms | ${f.bad} | ${f.p99 <= BUDGET_P99_MS && f.bad === 0 ? 'met' : 'MISSED'} |`,
      );
    }
    if (figures.some((f) => f.p99 > BUDGET_P99_MS || f.bad > 0)) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

await main();
