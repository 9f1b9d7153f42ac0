/**
 * `npm run bench:cobranca-eventos`: issue 34's budget (DESIGN 11, "Collecting without chasing"). A
 * burst of 1,000 Asaas events posted to the real webhook (`POST /webhook/cobranca/{userId}/asaas`)
 * over HTTP at 50 a second, with the queue's workers applying them:
 * - authorizations: PIX_AUTOMATIC_RECURRING_AUTHORIZATION_CREATED, then ACTIVATED for 50
 *   subscriptions and REFUSED for 50 others (200 events);
 * - debits: PIX_AUTOMATIC_RECURRING_PAYMENT_INSTRUCTION_SCHEDULED and PAYMENT_RECEIVED (PIX) for
 *   250 charges (500 events);
 * - dunning: PAYMENT_DUNNING_REQUESTED and PAYMENT_DUNNING_RECEIVED for 150 charges under
 *   negativação (300 events);
 * plus 100 of them posted again (Asaas's retries), which must change nothing.
 * Checks: every event stored once and applied (0 lost, none left waiting), each subscription and
 * charge in the state its events lead to, one payment audit per received charge; prints the
 * webhook's p50/p95/p99/max, the time to drain the queue, and the budget (p99 ≤ 200 ms).
 * The app runs in this process (buildApp with its workers, listening on a port), as the API tests
 * build it; the posts go through real HTTP. Options: --backend postgres|pglite|both (postgres), --rate 50.
 * PostgreSQL: PG_ADMIN_URL (postgres://postgres@127.0.0.1:5432/postgres); creates and drops `rastreio_cobranca_eventos`.
 * PGlite: a temporary data directory.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { addDays } from '../domain/calendar';
import { appToday } from '../server/regras/clock';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db/client';
import { installAndLogin, type Backend } from '../tests/support/app';
import { newAssinatura, newCliente, newCobranca } from '../tests/support/registry';

const { values: args } = parseArgs({
  options: { backend: { type: 'string', default: 'postgres' }, rate: { type: 'string', default: '50' } },
});
const RATE = Number(args.rate);
const BACKENDS: Backend[] = args.backend === 'both' ? ['postgres', 'pglite'] : [args.backend as Backend];
const adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB = 'rastreio_cobranca_eventos';

/** The app on a fresh database, its queue's workers on. */
async function abrir(backend: Backend) {
  let drop = async () => {};
  let database;
  if (backend === 'postgres') {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${DB}`);
    await admin.end();
    database = await openDatabase({ url: adminUrl.replace(/\/[^/]*$/, `/${DB}`) });
    drop = async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
      await client.end();
    };
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'rastreio-cobranca-eventos-'));
    database = await openDatabase({ dataDir: dir });
    drop = async () => rmSync(dir, { recursive: true, force: true });
  }
  const app = await buildApp({ database, workers: { pollingIntervalSeconds: 0.5 } });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

const SUBS = 100;
const DEBITOS = 250;
const DUNNING = 150;
const REPLAYS = 100;
const P99_BUDGET_MS = 200;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const ms = (value: number) => `${value.toFixed(1)} ms`;
const evt = () => `evt_${randomBytes(12).toString('hex')}`;

async function run(backend: Backend) {
  const t = await abrir(backend);
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const n = async (query: ReturnType<typeof sql>) => Number((await rows<{ n: number }>(query))[0].n);
  try {
    const admin = await installAndLogin(t.app);
    const { webhookToken } = (await admin.post('/v1/integrations/gateway/webhook-token', { confirmar: true })).body as {
      webhookToken: string;
    };
    const today = appToday();

    // The data the events name: subscriptions waiting for Pix Automático, charges with Asaas payments.
    const subs: number[] = [];
    const clientes: number[] = [];
    for (let i = 0; i < SUBS; i++) {
      const cliente = await admin.create('/v1/clientes', newCliente());
      clientes.push(cliente.id);
      subs.push((await admin.create('/v1/assinaturas', newAssinatura(cliente.id, { valor: 90, nextduedate: addDays(today, 40) }))).id);
    }
    await t.database.db.execute(
      sql`UPDATE assinaturas SET forma_cobranca = 'pix_automatico', gateway_id = 'sub_' || id,
            pix_automatico = jsonb_build_object('id', 'auth-' || id, 'status', 'aguardando', 'payload', '000201', 'encodedImage', '',
              'expiraEm', ${new Date(Date.now() + 86_400_000).toISOString()}::text, 'conciliacao', 'conc-' || id)`,
    );
    const charges: number[] = [];
    for (let i = 0; i < DEBITOS + DUNNING; i++) {
      const duedate = i < DEBITOS ? addDays(today, 3) : addDays(today, -40);
      charges.push((await admin.create('/v1/cobrancas', newCobranca(clientes[i % SUBS], { valor: 90, duedate }))).id);
    }
    const debitos = charges.slice(0, DEBITOS);
    const dunning = charges.slice(DEBITOS);
    await t.database.db.execute(sql`UPDATE cobrancas SET gateway_id = 'pay_' || id`);
    await t.database.db.execute(
      sql`UPDATE cobrancas SET status = 2, negativacao = jsonb_build_object('id', 'dun-' || id, 'status', 'PENDING'),
            negativacao_status = 'PENDING' WHERE id IN (${sql.join(
              dunning.map((id) => sql`${id}`),
              sql`, `,
            )})`,
    );

    // The burst: each entity's events in their order, the families interleaved, then the retries.
    const payment = (id: number, status: string, extra: Record<string, unknown> = {}) => ({
      object: 'payment',
      id: `pay_${id}`,
      status,
      value: 90,
      billingType: 'PIX',
      externalReference: String(id),
      paymentDate: today,
      ...extra,
    });
    const first: Array<Record<string, unknown>> = [];
    const second: Array<Record<string, unknown>> = [];
    subs.forEach((id, i) => {
      const authorization = { id: `auth-${id}`, status: 'CREATED', customerId: `cus_${id}`, contractId: `assinatura-${id}` };
      first.push({ id: evt(), event: 'PIX_AUTOMATIC_RECURRING_AUTHORIZATION_CREATED', authorization });
      const fim = i < SUBS / 2 ? 'ACTIVATED' : 'REFUSED';
      second.push({ id: evt(), event: `PIX_AUTOMATIC_RECURRING_AUTHORIZATION_${fim}`, authorization: { ...authorization, status: fim } });
    });
    for (const id of debitos) {
      first.push({
        id: evt(),
        event: 'PIX_AUTOMATIC_RECURRING_PAYMENT_INSTRUCTION_SCHEDULED',
        paymentInstruction: { id: `instr-${id}`, paymentId: `pay_${id}`, status: 'SCHEDULED', dueDate: addDays(today, 3) },
      });
      second.push({ id: evt(), event: 'PAYMENT_RECEIVED', payment: payment(id, 'RECEIVED') });
    }
    for (const id of dunning) {
      first.push({ id: evt(), event: 'PAYMENT_DUNNING_REQUESTED', payment: payment(id, 'DUNNING_REQUESTED', { billingType: 'BOLETO' }) });
      second.push({ id: evt(), event: 'PAYMENT_DUNNING_RECEIVED', payment: payment(id, 'DUNNING_RECEIVED', { billingType: 'BOLETO' }) });
    }
    const shuffle = <T>(list: T[]) =>
      list
        .map((v) => [Math.random(), v] as const)
        .sort((a, b) => a[0] - b[0])
        .map(([, v]) => v);
    const events = [...shuffle(first), ...shuffle(second)];
    const retries = shuffle(events).slice(0, REPLAYS);
    const posts = [...events, ...retries];

    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${address}/webhook/cobranca/1/asaas`;
    const latencies: number[] = [];
    const failures: string[] = [];
    const started = performance.now();
    await Promise.all(
      posts.map(async (body, i) => {
        await sleep(Math.max(0, started + (i * 1000) / RATE - performance.now()));
        const t0 = performance.now();
        // A post that fails (a connection refused or timed out) is a failure, its time counted.
        const status = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'asaas-access-token': webhookToken },
          body: JSON.stringify(body),
        })
          .then(async (response) => {
            await response.arrayBuffer();
            return String(response.status);
          })
          .catch((error: unknown) =>
            error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error),
          );
        latencies.push(performance.now() - t0);
        if (status !== '200') failures.push(`${String(body.event)}: ${status}`);
      }),
    );
    const postedMs = performance.now() - started;
    const deadline = Date.now() + 180_000;
    while ((await n(sql`SELECT count(*)::int AS n FROM webhook_eventos WHERE status = 'recebido'`)) > 0 && Date.now() < deadline)
      await sleep(200);
    const drainMs = performance.now() - started - postedMs;

    // What the events must have left.
    const stored = await n(sql`SELECT count(*)::int AS n FROM webhook_eventos`);
    const waiting = await n(sql`SELECT count(*)::int AS n FROM webhook_eventos WHERE status = 'recebido'`);
    const ativas = await n(
      sql`SELECT count(*)::int AS n FROM assinaturas WHERE pix_automatico->>'status' = 'ativa' AND forma_cobranca = 'pix_automatico'`,
    );
    const recusadas = await n(
      sql`SELECT count(*)::int AS n FROM assinaturas WHERE pix_automatico->>'status' = 'recusada' AND forma_cobranca = 'boleto_pix'`,
    );
    const pagas = await n(sql`SELECT count(*)::int AS n FROM cobrancas WHERE status = 1`);
    const agendadas = await n(sql`SELECT count(*)::int AS n FROM cobrancas WHERE debito_pix->>'status' = 'agendada'`);
    const auditorias = await n(sql`SELECT count(*)::int AS n FROM auditoria WHERE acao = 'pagamento'`);
    const sorted = [...latencies].sort((a, b) => a - b);
    const p99 = pct(sorted, 99);
    const checks: Array<[string, number, number]> = [
      ['eventos guardados (uma vez cada)', stored, events.length],
      ['eventos esperando (perdidos)', waiting, 0],
      ['respostas diferentes de 200', failures.length, 0],
      ['Pix Automático ativo', ativas, SUBS / 2],
      ['Pix Automático recusado → boleto/PIX', recusadas, SUBS / 2],
      ['débitos agendados', agendadas, DEBITOS],
      ['cobranças recebidas', pagas, DEBITOS + DUNNING],
      ['auditorias de pagamento (uma por cobrança)', auditorias, DEBITOS + DUNNING],
    ];
    console.log(`\n## ${backend === 'postgres' ? 'PostgreSQL' : 'PGlite'}: ${events.length} eventos + ${REPLAYS} reenvios a ${RATE}/s`);
    console.log(`- envio: ${(postedMs / 1000).toFixed(1)} s; fila esvaziada ${(drainMs / 1000).toFixed(1)} s depois do último`);
    console.log(
      `- webhook: p50 ${ms(pct(sorted, 50))}, p95 ${ms(pct(sorted, 95))}, p99 ${ms(p99)}, máx ${ms(sorted.at(-1)!)} (orçamento p99 ≤ ${P99_BUDGET_MS} ms: ${p99 <= P99_BUDGET_MS ? 'ok' : 'ESTOURADO'})`,
    );
    for (const [label, got, want] of checks) console.log(`- ${label}: ${got} (esperado ${want})${got === want ? '' : '  ← FALHOU'}`);
    if (failures.length) console.log(`  ${failures.slice(0, 5).join('; ')}`);
    return p99 <= P99_BUDGET_MS && checks.every(([, got, want]) => got === want);
  } finally {
    await t.close();
  }
}

let ok = true;
for (const backend of BACKENDS) ok = (await run(backend)) && ok;
process.exit(ok ? 0 : 1);
