/**
 * Where a list request's CPU goes: the app server, the PostgreSQL backends and the load generator,
 * in ms of CPU per request, read from /proc around an autocannon run at 10 connections.
 * `tsx bench/cpu.ts <db> <path?query> [seconds] [KEY=VALUE …]` (the server gets COUNT_CACHE=off unless given).
 * It signs in as the bench's administrator (`bench`), or as BENCH_LOGIN with BENCH_PASSWORD (the
 * imports bench's database: `bench@rastreio.test`, `senha-forte-1`); CONNECTIONS sets the load (10), BENCH_PORT the server's port (3950).
 */
import { readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { login, startNode } from './lib/processes';
const ADMIN = { login: process.env.BENCH_LOGIN ?? 'bench', password: process.env.BENCH_PASSWORD ?? 'bench-senha-1' };
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);

const [database, path, seconds = '8', ...pairs] = process.argv.slice(2);
const env = Object.fromEntries(pairs.map((pair) => pair.split('=') as [string, string]));
const ticks = (pid: string) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]); // utime + stime, in clock ticks (1/100 s)
};
const postgresPids = () =>
  readdirSync('/proc').filter((pid) => /^\d+$/.test(pid) && readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres');
const sumTicks = (pids: string[]) =>
  pids.reduce((sum, pid) => {
    try {
      return sum + ticks(pid);
    } catch {
      return sum;
    }
  }, 0);

const app = await startNode(
  'server/server.ts',
  { WORKERS: 'off', COUNT_CACHE: 'off', DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${database}`, ...env },
  '/v1/health',
  Number(process.env.BENCH_PORT ?? 3950),
  process.env.CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.CPU_PROF}`] : [],
);
try {
  const cookie = await login(app.url, ADMIN.login, ADMIN.password);
  const run = (duration: number) =>
    new Promise<autocannon.Result>((resolve, reject) =>
      autocannon({ url: app.url + path, headers: { cookie }, connections: CONNECTIONS, duration }, (e, r) => (e ? reject(e) : resolve(r))),
    );
  await run(3);
  const pids = postgresPids();
  const before = { app: ticks(String(app.process.pid)), pg: sumTicks(pids), self: process.cpuUsage() };
  const result = await run(Number(seconds));
  const self = process.cpuUsage(before.self);
  const n = result.requests.total;
  const per = (t: number) => ((t * 10) / n).toFixed(2);
  console.log(
    `${path}: ${result.requests.average} req/s, p50 ${result.latency.p50} / p99 ${result.latency.p99} ms, non2xx ${result.non2xx}; CPU ms/request: app ${per(ticks(String(app.process.pid)) - before.app)}, PostgreSQL ${per(sumTicks(pids) - before.pg)}, load generator ${((self.user + self.system) / 1000 / n).toFixed(2)}`,
  );
} finally {
  await app.stop();
}
