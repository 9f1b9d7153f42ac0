/**
 * `npm run bench:bloqueio`: the block per contract (issue 33 item 4, DESIGN 11) at 10,000 devices,
 * on PostgreSQL, against the Traccar fake over real HTTP. Two app processes: one serves the API
 * (WORKERS off), the other runs the queue's workers (WORKERS on), as `server/server.ts` runs them.
 * 1,000 clients, each with a Traccar user, one contract of 10 vehicles (10,000 devices, 10,000
 * items) and its linked subscription; then:
 * 1. the billing run finds every contract's charge 10 days overdue: 10,000 devices leave their
 *    client's user;
 * 2. a payment burst (1,000 `POST /v1/cobrancas/{id}/receber`, 10 at a time): they come back;
 * 3. and 4. the same with a kill -9 of the worker process midway (at 30 % of the calls) and a restart.
 * Each: the time until the fake's permissions are exactly right (every client link absent, or
 * present once; the company's own link kept; no device disabled nor expired), the permission calls
 * per device, and the budget (one call per device, ≤ 60 s, none lost across the kill).
 * Options: --clientes 1000 --veiculos 10. Needs PostgreSQL (PG_ADMIN_URL or
 * postgres://postgres@127.0.0.1:5432/postgres); creates and drops the database `rastreio_bloqueio`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { freshDatabase } from './lib/pg';
import { addDays } from '../domain/calendar';
import { runBilling } from '../server/cobrancas/faturamento';
import { openDatabase } from '../server/db/client';
import { startQueue } from '../server/queue/boss';
import { appToday } from '../server/regras/clock';
import type { ServerKeys } from '../server/seguranca/chave';
import { createEffects } from '../server/workers';
import { startTraccarFake } from '../tests/fakes/traccar';
import { newDevice, newUser } from '../tests/fakes/traccar-model';
import { call, installAndLogin } from './lib/durability-load';
import { freePort, startServer, type ServerProcess } from './lib/durability-server';

const { values: args } = parseArgs({
  options: { clientes: { type: 'string', default: '1000' }, veiculos: { type: 'string', default: '10' } },
});
const CLIENTES = Number(args.clientes);
const POR_CLIENTE = Number(args.veiculos);
const DEVICES = CLIENTES * POR_CLIENTE;
const BUDGET_SECONDS = 60;
const ADMIN = { name: 'Bench Bloqueio', email: 'bloqueio@rastreio.test', password: 'senha-forte-bench' };
const adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const { url: dbUrl, db, drop } = await freshDatabase(adminUrl, 'rastreio_bloqueio');
const FIRST_USER = 1000;

const traccar = await startTraccarFake();

const lines: string[] = [];
const cpuLines: string[] = [];
const report = (line: string) => {
  console.log(line);
  lines.push(line);
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const servers: ServerProcess[] = [];
const start = async (workers: boolean) => {
  const server = await startServer({ DATABASE_URL: dbUrl, WORKERS: workers ? 'on' : 'off' }, await freePort());
  servers.push(server);
  return server;
};

/** client user → its devices (the wanted links), from the database. */
const owners = new Map<number, number>();
const clientUsers = new Set<number>();

/** The fake's links now: per device, the client user's count and the company's. */
function check(blocked: boolean) {
  const client = new Map<number, number>();
  const company = new Map<number, number>();
  for (const p of traccar.permissions) {
    if (p.userId === traccar.userId) company.set(p.deviceId, (company.get(p.deviceId) ?? 0) + 1);
    else if (clientUsers.has(p.userId) && owners.get(p.deviceId) === p.userId) client.set(p.deviceId, (client.get(p.deviceId) ?? 0) + 1);
  }
  let wrong = 0;
  let duplicated = 0;
  for (const deviceId of owners.keys()) {
    const n = client.get(deviceId) ?? 0;
    if (n > 1) duplicated++;
    if (n !== (blocked ? 0 : 1) || company.get(deviceId) !== 1) wrong++;
  }
  const disabled = [...traccar.devices.values()].filter((d) => d.disabled || d.expirationTime).length;
  return { wrong, duplicated, disabled, exact: wrong === 0 && disabled === 0 && traccar.deviceBlocks.length === 0 };
}

async function waitExact(blocked: boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (check(blocked).exact) return true;
    await sleep(100);
  }
  return false;
}

/** The permission calls since `from`, per device: how many devices got 1, and more than 1. */
function callsSince(from: number) {
  const perDevice = new Map<number, number>();
  for (const c of traccar.permissionCalls.slice(from))
    if (c.userId !== traccar.userId) perDevice.set(c.deviceId, (perDevice.get(c.deviceId) ?? 0) + 1);
  const counts = [...perDevice.values()];
  return { total: counts.reduce((a, b) => a + b, 0), once: counts.filter((n) => n === 1).length, more: counts.filter((n) => n > 1).length };
}

/** CPU seconds a process has used (utime + stime from /proc), 0 when unreadable. */
function cpuOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}
/** PostgreSQL's CPU seconds so far (every postgres process: the backends of this bench and of others alike). */
function cpuOfPostgres(): number {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') total += cpuOf(Number(pid));
    } catch {
      /* gone */
    }
  }
  return total;
}
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0];

const gets = () => traccar.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/api/devices')).length;

try {
  const api = await start(false);
  let worker = await start(true);
  const cookie = await installAndLogin(api.url, ADMIN);
  const configured = await call(api.url, 'PUT', '/v1/users/1', cookie, {
    integrations: { traccar: { server: traccar.url, userId: String(traccar.userId), token: traccar.token, status: 1 } },
  });
  if (configured.status !== 200) throw new Error(`PUT /v1/users/1: ${configured.status} ${JSON.stringify(configured.body)}`);
  const today = appToday();

  // The seed, in SQL: clients with their Traccar user, vehicles with a tracker on a device, one contract each with its items and linked subscription.
  const t0 = performance.now();
  await db.query(
    `INSERT INTO clientes (name, login, email, traccar_user_id)
     SELECT 'Cliente Bloqueio ' || g, 'bloqueio' || g, 'bloqueio' || g || '@exemplo.com.br', ${FIRST_USER} + g FROM generate_series(1, $1) g`,
    [CLIENTES],
  );
  await db.query(
    `INSERT INTO veiculos (idcliente, placa, marca, modelo)
     SELECT c.id, 'BLQ' || lpad(((c.traccar_user_id - ${FIRST_USER} - 1) * $1 + v)::text, 6, '0'), 'Fiat', 'Strada'
     FROM clientes c, generate_series(0, $1 - 1) v WHERE c.login LIKE 'bloqueio%' ORDER BY c.id, v`,
    [POR_CLIENTE],
  );
  await db.query(
    `INSERT INTO trackres (imei, idcliente, idveiculo, traccar_id, traccar_sync)
     SELECT '86' || lpad(v.id::text, 13, '0'), v.idcliente, v.id, row_number() OVER (ORDER BY v.id), 0 FROM veiculos v WHERE v.placa LIKE 'BLQ%'`,
  );
  await db.query(`UPDATE veiculos v SET device_id = t.id FROM trackres t WHERE t.idveiculo = v.id`);
  await db.query(
    `INSERT INTO contratos (idcliente, token, plano) SELECT id, md5(random()::text || id), '{"valor": 50}'::jsonb FROM clientes WHERE login LIKE 'bloqueio%'`,
  );
  await db.query(
    `INSERT INTO contratos_itens (idcontrato, tipo, idveiculo, descricao, status, inicio)
     SELECT k.id, 'veiculo', v.id, 'Rastreador', 'ativo', $1::date - 60 FROM contratos k JOIN veiculos v ON v.idcliente = k.idcliente`,
    [today],
  );
  await db.query(
    `INSERT INTO assinaturas (idcliente, idcontrato, description, nextduedate, valor, cycle)
     SELECT idcliente, id, 'Mensalidade', $1::date + 20, 500, 'MONTHLY' FROM contratos`,
    [today],
  );
  // The fake's side: the users, the devices (the company's link, as its creator) and the clients' links.
  const { rows } = await db.query<{ device: number; user: number }>(
    `SELECT t.traccar_id AS device, c.traccar_user_id AS "user" FROM trackres t JOIN clientes c ON c.id = t.idcliente`,
  );
  for (const row of rows) {
    owners.set(row.device, row.user);
    clientUsers.add(row.user);
    if (!traccar.users.has(row.user))
      traccar.users.set(row.user, newUser(row.user, { name: `Cliente ${row.user}`, email: `bloqueio${row.user}` }));
    traccar.devices.set(row.device, newDevice(row.device, { name: `BLQ${row.device}`, uniqueId: `86${row.device}` }));
    traccar.permissions.push({ userId: traccar.userId, deviceId: row.device }, { userId: row.user, deviceId: row.device });
  }
  await db.query('VACUUM ANALYZE');
  report(
    `Block per contract (issue 33), PostgreSQL, ${CLIENTES} clients × ${POR_CLIENTE} vehicles = ${DEVICES} devices, ${new Date().toISOString()}; seeded in ${seconds(performance.now() - t0)}`,
  );
  report('');
  report(
    '| scenario | devices | time until the fake is exactly right | permission calls | devices with 1 call | with more | device list reads | budget (1 call per device, ≤ 60 s, none lost) |',
  );
  report('|---|---:|---:|---:|---:|---:|---:|---|');

  // The billing run, from this process, with the app's effects (the jobs are enqueued in its transaction; the worker process runs them).
  const database = await openDatabase({ url: dbUrl });
  const log = { error: console.error, warn: console.warn, info: () => undefined, debug: () => undefined } as never;
  const queue = await startQueue(database, { log, supervise: false });
  const effects = createEffects(queue, {} as ServerKeys);
  let charges: number[] = [];

  const phase = async (name: string, blocked: boolean, trigger: () => Promise<void>, kill: boolean) => {
    const from = traccar.permissionCalls.length;
    const reads = gets();
    const cpu = { worker: cpuOf(worker.child.pid), api: cpuOf(api.child.pid), bench: process.cpuUsage(), pg: cpuOfPostgres() };
    const workerBefore = worker;
    const started = performance.now();
    let killed = '';
    let triggerMs = 0;
    const triggered = trigger().then(() => {
      triggerMs = performance.now() - started;
    });
    // Awaited below; a failure meanwhile must not end the process before the servers are stopped.
    triggered.catch(() => undefined);
    if (kill) {
      while (callsSince(from).total < DEVICES * 0.3) await sleep(20);
      await worker.kill9();
      killed = ` (worker killed at ${callsSince(from).total} calls)`;
      worker = await start(true);
    }
    await triggered;
    const exact = await waitExact(blocked, 10 * 60_000);
    const ms = performance.now() - started;
    const calls = callsSince(from);
    const state = check(blocked);
    const benchCpu = process.cpuUsage(cpu.bench);
    const used = {
      // the killed worker's seconds are lost with it: the restarted one's are counted
      worker: workerBefore === worker ? cpuOf(worker.child.pid) - cpu.worker : cpuOf(worker.child.pid),
      api: cpuOf(api.child.pid) - cpu.api,
      bench: (benchCpu.user + benchCpu.system) / 1e6,
      // backends that ended meanwhile take their seconds with them: a negative sum is shown as —
      pg: cpuOfPostgres() - cpu.pg,
    };
    cpuLines.push(
      `| ${name} | ${used.worker.toFixed(1)} s | ${used.api.toFixed(1)} s | ${used.bench.toFixed(1)} s | ${used.pg < 0 ? '—' : `${used.pg.toFixed(1)} s`} | ${load()} |`,
    );
    const met = exact && calls.once === DEVICES && calls.more === 0 && (kill || ms <= BUDGET_SECONDS * 1000);
    report(
      `| ${name}${killed} | ${DEVICES} | ${seconds(ms)} (the run or burst itself: ${seconds(triggerMs)})${exact ? '' : ` (**not exact**: ${state.wrong} wrong, ${state.duplicated} duplicated)`} | ${calls.total} | ${calls.once} | ${calls.more} | ${gets() - reads} | ${met ? 'met' : '**not met**'} |`,
    );
  };

  const overdue = async (duedate: string) => {
    const { rows: made } = await db.query<{ id: number }>(
      `INSERT INTO cobrancas (idcliente, idassinatura, descricao, valor, duedate, datecreated, status)
       SELECT idcliente, id, 'Mensalidade', 500, $1::date, $1::date - 5, 0 FROM assinaturas WHERE idcontrato IS NOT NULL RETURNING id`,
      [duedate],
    );
    charges = made.map((row) => Number(row.id));
  };
  const bill = async () => {
    const counts = await runBilling(database.db, { today, effects });
    if (counts.contratosBloqueados !== CLIENTES) throw new Error(`billing blocked ${counts.contratosBloqueados} contracts`);
  };
  const burst = async () => {
    let next = 0;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (next < charges.length) {
          const id = charges[next++];
          const receber = () => call(api.url, 'POST', `/v1/cobrancas/${id}/receber`, cookie, { valor: 500, data: today, forma: 'pix' });
          // A kept-alive connection the server closed meanwhile: once more (a receipt already made is then a 409).
          const reply = await receber().catch(receber);
          if (reply.status !== 200 && reply.status !== 409)
            throw new Error(`POST /v1/cobrancas/${id}/receber: ${reply.status} ${JSON.stringify(reply.body)}`);
        }
      }),
    );
  };

  await overdue(addDays(today, -10));
  await phase('billing run blocks every contract', true, bill, false);
  await phase(`payment burst (${CLIENTES} charges received, 10 at a time) unblocks`, false, burst, false);
  await overdue(addDays(today, -9));
  await phase('billing run blocks, kill -9 of the worker midway, restart', true, bill, true);
  await phase('payment burst unblocks, kill -9 of the worker midway, restart', false, burst, true);
  report('');
  report('CPU used during each scenario (2 cores shared with whatever else runs; PostgreSQL counts every backend of the machine):');
  report('');
  report('| scenario | worker process | API process | bench (fake Traccar, checks) | PostgreSQL | load average at the end |');
  report('|---|---:|---:|---:|---:|---:|');
  for (const line of cpuLines) report(line);
  await queue.stop();
  await database.close();
} finally {
  for (const server of servers) await server.stop().catch(() => undefined);
  await traccar.close();
  await drop();
}
console.log('\n' + lines.join('\n'));
