/**
 * `npm run bench:importacoes`: the budgets of issue 22, on PostgreSQL (a fresh database), with the
 * app in this process (its queue worker runs the import jobs):
 * - a 10,000-row sheet of clients and one of trackers: the dry run ≤ 10 s and the import ≤ 30 s,
 *   from the upload to the status `concluida`;
 * - the server's memory while a 100,000-row sheet is imported: < 300 MB. The server is a process of
 *   its own (`server/server.ts` as `npm start` runs it, its queue worker on), run first, whose RSS
 *   is sampled every 50 ms from /proc: the bench's generated sheets and heap are not in it;
 * - the Traccar import of 10,000 devices from the fake: ≤ 60 s;
 * - `GET /v1/trackres` with `situacao` and `idtecnico` filters and `meta.resumo` at 120,000
 *   trackers, every request computed afresh (COUNT_CACHE off: the whole work): p99 ≤ 25 ms.
 * Options: --linhas N (10000), --grande N (100000), --grande-modo simular|importar (simular),
 * --grande-formato csv|xlsx (csv), --dispositivos N (10000), --rastreadores N
 * (120000), --seconds S (10), --listas (the lists only), --manter (keep the database at the end,
 * for bench/cpu.ts and bench/explain.ts), --reuse (the database a --manter run kept: migrations
 * applied, nothing dropped). The lists are served by the real server in a process of its own
 * (server/server.ts, WORKERS and COUNT_CACHE off), as in the other benches: the load generator
 * does not share its event loop. PostgreSQL: BENCH_DATABASE_URL (the server's postgres database).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { generateCPF } from '@brazilian-utils/brazilian-utils';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db/client';
import { luhnDigit } from '../server/seed/identifiers';
import { startTraccarFake } from '../tests/fakes/traccar';
import { xlsx } from '../tests/support/planilhas';
import { freePort } from './lib/durability-server';
import { rowsAt } from './lib/pg';
import { login, startNode } from './lib/processes';

const { values: args } = parseArgs({
  options: {
    linhas: { type: 'string', default: '10000' },
    grande: { type: 'string', default: '100000' },
    'grande-modo': { type: 'string', default: 'simular' },
    /** The big sheet as `csv` or `xlsx` (its texts shared strings, as Excel writes them). */
    'grande-formato': { type: 'string', default: 'csv' },
    dispositivos: { type: 'string', default: '10000' },
    rastreadores: { type: 'string', default: '120000' },
    seconds: { type: 'string', default: '10' },
    /** Only the lists (the trackers seeded by SQL): no import runs. */
    listas: { type: 'boolean', default: false },
    manter: { type: 'boolean', default: false },
    reuse: { type: 'boolean', default: false },
  },
});
const LINHAS = Number(args.linhas);
const GRANDE = Number(args.grande);
const DISPOSITIVOS = Number(args.dispositivos);
const RASTREADORES = Number(args.rastreadores);
const BUDGET = { simularS: 10, importarS: 30, memoriaMb: 300, traccarS: 60, p99Ms: 25 };
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// BENCH_DB: a database of one's own, beside another run of this bench.
const NAME = process.env.BENCH_DB ?? 'rastreio_bench_importacoes';
const url = Object.assign(new URL(adminUrl), { pathname: `/${NAME}` }).toString();

const admin = rowsAt(adminUrl);

let imeiSerial = 0;
const imei = (prefix = '35') => {
  const body = `${prefix}${String(imeiSerial++).padStart(12, '0')}`.slice(0, 14);
  return body + luhnDigit(body);
};
const csv = (rows: string[][]) => Buffer.from(`${rows.map((r) => r.join(';')).join('\n')}\n`);
const clientesLinhas = (n: number, tag: string) => [
  ['CPF', 'Nome', 'E-mail', 'Celular'],
  ...Array.from({ length: n }, (_, i) => [generateCPF(), `Bench ${tag} ${i}`, `bench.${tag}.${i}@exemplo.com.br`, '11987654321']),
];
const clientes = (n: number, tag: string) => csv(clientesLinhas(n, tag));
const rastreadores = (n: number) => csv([['IMEI', 'Marca', 'Modelo'], ...Array.from({ length: n }, () => [imei('35'), 'Coban', 'GT06'])]);

const ADMIN = { email: 'bench@rastreio.test', password: 'senha-forte-1' };

/** A process's resident set, in bytes (Linux). */
const rssOf = (pid: number) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : 0;
};

/**
 * The server's memory while it reads a GRANDE-row sheet: the server in a process of its own (as
 * `npm start` runs it, workers on: its worker runs the import), the sheet uploaded over HTTP,
 * twice: its RSS sampled from /proc every 50 ms as it runs; then, in a second server started with
 * bench/lib/memoria-preload.mjs, the heap in use after a full collection (and the RSS beside it)
 * every second. Run before this process opens the app, so no other worker takes the job; `install`
 * first on a fresh database.
 */
async function memoria(install: boolean) {
  const emXlsx = args['grande-formato'] === 'xlsx';
  const big = emXlsx ? await xlsx(clientesLinhas(GRANDE, 'b')) : clientes(GRANDE, 'b');
  const passo = async (coletando: boolean, instalar: boolean) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rastreio-bench-importacoes-'));
    const amostras = path.join(dataDir, 'memoria.jsonl');
    const server = await startNode(
      'server/server.ts',
      {
        DATABASE_URL: url,
        DATA_DIR: dataDir,
        WORKERS: 'on',
        COUNT_CACHE: 'off',
        TOTP_KEY: 'bench-importacoes-chave-com-32-caracteres-ou-mais',
        ...(coletando ? { MEMORIA_FILE: amostras } : {}),
      },
      '/v1/health',
      await freePort(),
      coletando ? ['--expose-gc', '--import', path.join(import.meta.dirname, 'lib/memoria-preload.mjs')] : [],
    );
    try {
      if (instalar) {
        const installed = await fetch(`${server.url}/v1/install`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Bench', ...ADMIN }),
        });
        if (installed.status !== 201) throw new Error(`install: ${installed.status} ${await installed.text()}`);
      }
      const cookie = await login(server.url, ADMIN.email, ADMIN.password);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const pid = server.process.pid!;
      const baseline = rssOf(pid);
      let peak = baseline;
      const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 50);
      const start = performance.now();
      const inicio = Date.now();
      const form = new FormData();
      form.append('recurso', 'clientes');
      form.append('modo', String(args['grande-modo']));
      form.append('arquivo', new Blob([new Uint8Array(big)]), emXlsx ? 'grande.xlsx' : 'grande.csv');
      const started = await fetch(`${server.url}/v1/importacoes`, { method: 'POST', headers: { cookie }, body: form });
      if (started.status !== 202) throw new Error(`upload: ${started.status} ${await started.text()}`);
      const { id } = (await started.json()) as { id: number };
      let state: { status: string; criadas: number; processadas: number };
      for (;;) {
        state = (await (await fetch(`${server.url}/v1/importacoes/${id}`, { headers: { cookie } })).json()) as typeof state;
        if (state.status !== 'processando') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const seconds = (performance.now() - start) / 1000;
      clearInterval(sampler);
      const fim = Date.now();
      const medida = {
        status: state.status,
        segundos: +seconds.toFixed(1),
        criadas: state.criadas,
        processadas: state.processadas,
        rssInicialMb: Math.round(baseline / 2 ** 20),
        rssPicoMb: Math.round(peak / 2 ** 20),
      };
      if (!coletando) return medida;
      const linhas = readFileSync(amostras, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { t: number; heapMb: number; rssMb: number; externalMb: number });
      const antes = linhas.filter((l) => l.t < inicio).at(-1);
      const durante = linhas.filter((l) => l.t >= inicio && l.t <= fim);
      const max = (k: 'heapMb' | 'rssMb' | 'externalMb') => Math.max(...durante.map((l) => l[k]));
      return {
        ...medida,
        amostras: durante.length,
        heapAposGcInicialMb: antes?.heapMb,
        heapAposGcPicoMb: max('heapMb'),
        externoPicoMb: max('externalMb'),
        rssAposGcInicialMb: antes?.rssMb,
        rssAposGcPicoMb: max('rssMb'),
      };
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  };
  const rss = await passo(false, install);
  const gc = await passo(true, false);
  return {
    linhas: GRANDE,
    modo: args['grande-modo'],
    formato: args['grande-formato'],
    bytes: big.length,
    rss,
    gc,
    ok: rss.rssPicoMb < BUDGET.memoriaMb && rss.processadas === GRANDE,
  };
}

async function main() {
  if (!args.reuse) {
    await admin(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
    await admin(`CREATE DATABASE ${NAME}`);
  }
  const results: Record<string, unknown> = {};
  if (!args.listas && GRANDE > 0) {
    results.grande = await memoria(!args.reuse);
    console.log('grande', results.grande);
  }
  const database = await openDatabase({ url, poolSize: 4 });
  const app = await buildApp({ database, workers: { pollingIntervalSeconds: 0.5 }, countCache: false, logLevel: 'warn' });
  await app.ready();
  if (!args.reuse && !results.grande) {
    const installed = await app.inject({ method: 'POST', url: '/v1/install', payload: { name: 'Bench', ...ADMIN } });
    if (installed.statusCode !== 201) throw new Error(installed.body);
  }
  const signedIn = await app.inject({ method: 'POST', url: '/v1/session', payload: ADMIN });
  const cookie = `Token=${signedIn.cookies.find((c) => c.name === 'Token')!.value}`;

  const post = async (path: string, fields: Record<string, string>, data?: Buffer) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    if (data) form.append('arquivo', new Blob([new Uint8Array(data)]), 'bench.csv');
    const response = new Response(form);
    const reply = await app.inject({
      method: 'POST',
      url: path,
      payload: Buffer.from(await response.arrayBuffer()),
      headers: { cookie, 'content-type': response.headers.get('content-type')! },
    });
    if (reply.statusCode !== 202) throw new Error(`${path}: ${reply.statusCode} ${reply.body}`);
    return reply.json() as { id: number };
  };
  const wait = async (id: number) => {
    for (;;) {
      const state = (await app.inject({ method: 'GET', url: `/v1/importacoes/${id}`, headers: { cookie } })).json();
      if (state.status !== 'processando') return state;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const timed = async (recurso: string, modo: string, data: Buffer) => {
    const start = performance.now();
    const { id } = await post('/v1/importacoes', { recurso, modo }, data);
    const state = await wait(id);
    return { s: (performance.now() - start) / 1000, state };
  };

  async function importacoes() {
    for (const [recurso, data] of [
      ['clientes', clientes(LINHAS, 'a')],
      ['trackres', rastreadores(LINHAS)],
    ] as const) {
      const dry = await timed(recurso, 'simular', data);
      const run = await timed(recurso, 'importar', data);
      results[recurso] = {
        linhas: LINHAS,
        simularS: +dry.s.toFixed(2),
        importarS: +run.s.toFixed(2),
        criadas: run.state.criadas,
        erros: run.state.nErros,
        ok: dry.s <= BUDGET.simularS && run.s <= BUDGET.importarS && run.state.criadas === LINHAS,
      };
      console.log(recurso, results[recurso]);
    }

    // Traccar: 10,000 devices the product lacks.
    const traccar = await startTraccarFake();
    let deviceId = 500_000;
    for (let i = 0; i < DISPOSITIVOS; i++) {
      const id = deviceId++;
      traccar.devices.set(id, {
        id,
        name: `Bench ${i}`,
        uniqueId: imei('86'),
        model: 'FMB920',
        // Each its own number: each becomes its tracker's chip (issue 30).
        phone: `119${String(90_000_000 + i)}`,
        status: 'offline',
        disabled: false,
        attributes: {},
      } as never);
    }
    const settings = await app.inject({
      method: 'PUT',
      url: '/v1/users/1',
      headers: { cookie },
      payload: { integrations: { traccar: { server: traccar.url, userId: String(traccar.userId), token: traccar.token, status: 1 } } },
    });
    if (settings.statusCode !== 200) throw new Error(settings.body);
    const start = performance.now();
    const started = await app.inject({
      method: 'POST',
      url: '/v1/importacoes/traccar',
      headers: { cookie },
      payload: { modo: 'importar' },
    });
    const traccarState = await wait(started.json().id);
    const traccarS = (performance.now() - start) / 1000;
    results.traccar = {
      dispositivos: DISPOSITIVOS,
      importarS: +traccarS.toFixed(1),
      criadas: traccarState.criadas,
      ok: traccarS <= BUDGET.traccarS,
    };
    console.log('traccar', results.traccar);
    // The imported trackers' Traccar syncs (the queue's, after the import) are not part of the
    // import: how long they take is shown (up to 90 s), then those left are dropped and the one
    // running waited for, before the integration goes off for the lists and the app closes.
    const fila = new pg.Client({ connectionString: url });
    await fila.connect();
    const naFila = async (states: string) =>
      Number((await fila.query(`SELECT count(*) AS n FROM pgboss.job WHERE name = 'traccar-sync' AND state IN (${states})`)).rows[0].n);
    const syncStart = performance.now();
    while ((await naFila(`'created', 'retry', 'active'`)) > 0 && performance.now() - syncStart < 90_000)
      await new Promise((resolve) => setTimeout(resolve, 500));
    const restantes = await naFila(`'created', 'retry', 'active'`);
    results.traccarSincronizacao = { segundos: +((performance.now() - syncStart) / 1000).toFixed(1), tarefasRestantes: restantes };
    console.log('traccar: sincronização depois da importação', results.traccarSincronizacao);
    await fila.query(`DELETE FROM pgboss.job WHERE name = 'traccar-sync' AND state IN ('created', 'retry')`);
    while ((await naFila(`'active'`)) > 0) await new Promise((resolve) => setTimeout(resolve, 200));
    await fila.end();
    await app.inject({ method: 'PUT', url: '/v1/users/1', headers: { cookie }, payload: { integrations: { traccar: { status: 0 } } } });
    await traccar.close();
  }
  if (!args.listas) await importacoes();

  // Lists at 120,000 trackers: situations spread, some with técnicos.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const have = Number((await client.query('SELECT count(*) AS n FROM trackres')).rows[0].n);
  let tecnico = Number((await client.query(`SELECT id FROM users WHERE login = 'tecbench'`)).rows[0]?.id ?? 0);
  if (!tecnico) {
    const tecnicoReply = await app.inject({
      method: 'POST',
      url: '/v1/users',
      headers: { cookie },
      payload: { name: 'Técnico Bench', email: 'tec@bench.test', login: 'tecbench', password: 'senha123', cpf: generateCPF(), acesso: 2 },
    });
    if (tecnicoReply.statusCode !== 201) throw new Error(tecnicoReply.body);
    tecnico = Number(tecnicoReply.json().id);
  }
  await client.query(
    `INSERT INTO trackres (imei, modelo, marca, situacao, idtecnico, busca)
     SELECT lpad((990000000000000 + g)::text, 15, '0'), 'GT06', 'Coban',
            (ARRAY['estoque','tecnico','instalado','manutencao','baixado'])[1 + g % 5],
            CASE WHEN g % 5 = 1 THEN $1::int END, 'gt06 coban'
     FROM generate_series(1, $2::int) g`,
    [tecnico, Math.max(0, RASTREADORES - have)],
  );
  await client.query('ANALYZE trackres');
  // The counts a reply must carry, from the rows themselves.
  const exact = async (where: string) =>
    Object.fromEntries(
      (await client.query(`SELECT situacao, count(*)::int AS n FROM trackres ${where} GROUP BY situacao`)).rows.map((r) => [
        r.situacao,
        r.n,
      ]),
    );
  const expected: Record<string, Record<string, number>> = { '': await exact(''), idtecnico: await exact(`WHERE idtecnico = ${tecnico}`) };
  await client.end();
  // The lists from the real server in its own process, this process's app closed (its queue worker too).
  await app.close();
  await database.close();
  const server = await startNode(
    'server/server.ts',
    { DATABASE_URL: url, WORKERS: 'off', COUNT_CACHE: 'off', LOG_LEVEL: 'warn' },
    '/v1/health',
    Number(process.env.BENCH_PORT ?? 3962),
  );
  const lists: Record<string, unknown> = {};
  try {
    const serverCookie = await login(server.url, ADMIN.email, ADMIN.password);
    for (const query of ['situacao=tecnico', `idtecnico=${tecnico}`, 'situacao=baixado&page=3', '']) {
      const target = `${server.url}/v1/trackres?${query}`;
      // Every reply's total and resumo equal SQL's count.
      const reply = (await (await fetch(target, { headers: { cookie: serverCookie } })).json()) as {
        meta: { total: number; resumo: Record<string, number> };
      };
      const counts = expected[query.startsWith('idtecnico') ? 'idtecnico' : ''];
      const situacao = new URLSearchParams(query).get('situacao');
      const total = situacao ? (counts[situacao] ?? 0) : Object.values(counts).reduce((a, b) => a + b, 0);
      const exato = reply.meta.total === total && Object.entries(reply.meta.resumo).every(([s, n]) => n === (counts[s] ?? 0));
      if (!exato) throw new Error(`${query}: ${JSON.stringify(reply.meta)} against ${JSON.stringify(counts)}`);
      await autocannon({ url: target, headers: { cookie: serverCookie }, connections: 4, duration: 2 });
      const result = await autocannon({ url: target, headers: { cookie: serverCookie }, connections: 4, duration: Number(args.seconds) });
      lists[query || '(sem filtro)'] = {
        p50: result.latency.p50,
        p99: result.latency.p99,
        rps: Math.round(result.requests.average),
        erros: result.non2xx + result.errors,
        exato,
      };
      console.log(query, lists[query || '(sem filtro)']);
    }
  } finally {
    await server.stop();
  }
  results.listas = { rastreadores: RASTREADORES, ...lists };
  console.log(JSON.stringify(results, null, 2));
  if (!args.manter && !args.reuse) await admin(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
