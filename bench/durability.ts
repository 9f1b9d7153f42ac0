/**
 * `npm run bench:durability`: are acknowledged writes still there after the server is killed
 * with SIGKILL in the middle of writing? See the "Durability" section of bench/README.md.
 *
 * For each backend (PGlite in a temporary DATA_DIR, PostgreSQL in a throwaway database
 * `rastreio_durability`) the real server (`server/server.ts`, the flags of `npm start`) is
 * installed and signed in through the API; 4 workers create clients and plans and update the
 * records they created, each keeping one request in flight; after a random 1.5–S s of load the
 * server gets SIGKILL. It is started again on the same data, timed until /v1/health answers, signed
 * in again, and every acknowledged write (2xx) is read back with its acknowledged values. Requests
 * in flight at the kill were not acknowledged: the check reports how many of them were stored.
 * By default one data directory (one database) serves every run, so each check also reads every
 * write acknowledged in the earlier runs; `--fresh` starts each run on a new one.
 *
 * Options: --runs N (3), --seconds S (4: the kill comes between --min-seconds, 1.5, and S seconds
 * of load), --workers N (4), --skip-pglite, --skip-postgres, --fresh, --keep (leave the data
 * directory and the database in place).
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 * Exits with 1 when an acknowledged write is missing or wrong, or the server does not come back.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { checkLedger, installAndLogin, newLedger, startLoad, type CheckResult, type Ledger, type LoadResult } from './lib/durability-load';
import { freePort, startServer, type ServerProcess } from './lib/durability-server';
import { rowsAt } from './lib/pg';

const flag = { type: 'boolean', default: false } as const;
const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '4' },
    'min-seconds': { type: 'string', default: '1.5' },
    workers: { type: 'string', default: '4' },
    'skip-pglite': flag,
    'skip-postgres': flag,
    fresh: flag,
    keep: flag,
  },
});
const RUNS = Number(args.runs);
const MAX_SECONDS = Number(args.seconds);
const MIN_SECONDS = Math.min(Number(args['min-seconds']), MAX_SECONDS);
const WORKERS = Number(args.workers);
const ADMIN = { name: 'Durabilidade', email: 'duravel@exemplo.com.br', password: 'duravel-senha-1' };
const pgAdminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'rastreio_durability';
const pgUrl = Object.assign(new URL(pgAdminUrl), { pathname: `/${DB_NAME}` }).toString();

type Backend = 'PGlite' | 'PostgreSQL';

interface Row {
  backend: Backend;
  run: number;
  loadSeconds: number;
  load: LoadResult;
  check?: CheckResult;
  /** Acknowledged values that differ in PostgreSQL itself (read with `pg`, not through the app). */
  sqlMismatches?: number;
  restartMs?: number;
  failure?: string;
}

const rows: Row[] = [];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const adminQuery = rowsAt(pgAdminUrl);

/** A backend's data: a new temporary DATA_DIR, or a new database. */
async function createData(backend: Backend): Promise<{ env: Record<string, string>; describe: string; drop(): Promise<void> }> {
  if (backend === 'PGlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'rastreio-durability-'));
    return {
      env: { DATA_DIR: dir, DATABASE_URL: '' },
      describe: dir,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  await adminQuery(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await adminQuery(`CREATE DATABASE ${DB_NAME}`);
  return {
    env: { DATABASE_URL: pgUrl },
    describe: pgUrl,
    drop: async () => {
      await adminQuery(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    },
  };
}

/** The acknowledged values read straight from PostgreSQL (not through the app): how many differ or are absent. */
async function sqlMismatches(ledger: Ledger): Promise<number> {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    const clientes = await client.query<{ id: number; name: string; cpf: string; email: string; mobile_phone: string }>(
      'SELECT id, name, cpf, email, mobile_phone FROM clientes',
    );
    const planos = await client.query<{ id: number; descricao: string; limtdispositivos: number; valor: number; valoradd: number }>(
      'SELECT id, descricao, limtdispositivos, valor::float8 AS valor, valoradd::float8 AS valoradd FROM planos',
    );
    const byId = {
      clientes: new Map(clientes.rows.map((r) => [r.id, { name: r.name, cpf: r.cpf, email: r.email, mobilePhone: r.mobile_phone }])),
      planos: new Map(
        planos.rows.map((r) => [
          r.id,
          { descricao: r.descricao, limtdispositivos: r.limtdispositivos, valor: r.valor, valoradd: r.valoradd },
        ]),
      ),
    };
    let mismatches = 0;
    for (const record of ledger.records) {
      const row = byId[record.kind].get(record.id) as Record<string, unknown> | undefined;
      if (!row || Object.entries(record.acked).some(([field, value]) => row[field] !== value)) mismatches++;
    }
    return mismatches;
  } finally {
    await client.end();
  }
}

async function runBackend(backend: Backend) {
  const port = await freePort();
  let data = await createData(backend);
  let ledger = newLedger();
  let server: ServerProcess | undefined = await startServer(data.env, port);
  console.log(`${backend}: ${data.describe}, port ${port}, first start ${server.startMs.toFixed(0)} ms`);
  try {
    for (let run = 1; run <= RUNS; run++) {
      if (args.fresh && run > 1) {
        await server.stop();
        if (!args.keep) await data.drop();
        data = await createData(backend);
        ledger = newLedger();
        server = await startServer(data.env, port);
      }
      const cookie = await installAndLogin(server.url, ADMIN);
      const load = startLoad(server.url, cookie, ledger, { workers: WORKERS, run: `${backend === 'PGlite' ? 'l' : 'p'}${run}` });
      const loadSeconds = MIN_SECONDS + Math.random() * (MAX_SECONDS - MIN_SECONDS);
      await sleep(loadSeconds * 1000);
      load.stop();
      await server.kill9();
      const result = await load.settled;
      const row: Row = { backend, run, loadSeconds, load: result };
      rows.push(row);
      const inFlight = result.inFlightCreates.length + result.inFlightUpdates.length;
      console.log(
        `${backend} run ${run}: killed after ${loadSeconds.toFixed(2)} s, ${result.ackedCreates} creates and ${result.ackedUpdates} updates acknowledged, ${inFlight} in flight, ${result.refused} refused`,
      );
      for (const example of result.refusedExamples) console.log(`  refused: ${example}`);
      try {
        server = await startServer(data.env, port);
      } catch (error) {
        server = undefined;
        row.failure = `did not restart: ${(error as Error).message}`;
        console.log(`${backend} run ${run}: ${row.failure}\n  data kept in ${data.describe}`);
        data.drop = async () => undefined;
        return;
      }
      row.restartMs = server.startMs;
      const again = await installAndLogin(server.url, ADMIN);
      row.check = await checkLedger(server.url, again, ledger, result);
      if (backend === 'PostgreSQL') row.sqlMismatches = await sqlMismatches(ledger);
      const c = row.check;
      console.log(
        `${backend} run ${run}: restarted in ${row.restartMs.toFixed(0)} ms; ${c.checked} records read, ${c.missing.length} missing, ${c.wrong.length} wrong, ${c.unreadable.length} unreadable; in flight stored: ${c.inFlightCreatesPresent}/${result.inFlightCreates.length} creates, ${c.inFlightUpdatesPresent}/${result.inFlightUpdates.length} updates; rows beyond the ledger: clientes ${c.unexpectedRows.clientes}, planos ${c.unexpectedRows.planos}${row.sqlMismatches === undefined ? '' : `; SQL mismatches ${row.sqlMismatches}`}`,
      );
      for (const line of [...c.missing, ...c.wrong, ...c.unreadable].slice(0, 20)) console.log(`  ${line}`);
    }
  } finally {
    await server?.stop();
    if (!args.keep) await data.drop();
  }
}

const failed = (row: Row) =>
  !!row.failure ||
  !row.check ||
  row.check.missing.length + row.check.wrong.length + row.check.unreadable.length > 0 ||
  (row.sqlMismatches ?? 0) > 0 ||
  row.load.earlyErrors > 0;

/** Acknowledged writes not found after the restart: records absent, or not at their last acknowledged values. */
const lost = (r: Row) => (r.check ? r.check.missing.length + r.check.wrong.length + r.check.unreadable.length : undefined);

function table() {
  const lines = [
    '| db | run | load s | acknowledged writes (creates + updates) | missing | records read back | in flight at kill → stored | SQL check | restart ms |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    const inFlight = r.load.inFlightCreates.length + r.load.inFlightUpdates.length;
    const present = r.check ? r.check.inFlightCreatesPresent + r.check.inFlightUpdatesPresent : '–';
    const missing = r.failure ? `**${r.failure.split('\n')[0]}**` : (lost(r) ?? '–');
    lines.push(
      `| ${r.backend} | ${r.run} | ${r.loadSeconds.toFixed(1)} | ${r.load.ackedCreates + r.load.ackedUpdates} (${r.load.ackedCreates} + ${r.load.ackedUpdates}) | ${missing} | ${r.check?.checked ?? '–'} | ${inFlight} → ${present} | ${r.sqlMismatches === undefined ? '–' : `${r.sqlMismatches} wrong`} | ${r.restartMs?.toFixed(0) ?? '–'} |`,
    );
  }
  return lines.join('\n');
}

console.log(
  `Durability: ${RUNS} runs per backend, ${WORKERS} workers, SIGKILL after ${MIN_SECONDS}–${MAX_SECONDS} s of load, ${args.fresh ? 'fresh data per run' : 'one data directory / database across the runs'}; ${cpus().length} CPUs, Node ${process.version}`,
);
let crashed = false;
for (const backend of ['PGlite', 'PostgreSQL'] as const) {
  if (backend === 'PGlite' && args['skip-pglite']) continue;
  if (backend === 'PostgreSQL' && args['skip-postgres']) continue;
  try {
    await runBackend(backend);
  } catch (error) {
    crashed = true;
    console.error(`${backend}: ${(error as Error).stack}`);
  }
}
console.log(`\n${table()}\n`);
const bad = rows.filter(failed);
if (crashed || bad.length > 0) {
  console.log(
    `FAILED: ${bad.length} run(s) with missing, wrong or unreadable writes, or a server that did not come back${crashed ? '; a backend stopped with an error' : ''}.`,
  );
  process.exit(1);
}
const acknowledged = rows.reduce((sum, r) => sum + r.load.ackedCreates + r.load.ackedUpdates, 0);
console.log(`Every acknowledged write was found with its acknowledged values: ${acknowledged} writes in ${rows.length} runs, 0 missing.`);
