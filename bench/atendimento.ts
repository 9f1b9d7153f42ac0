/**
 * `npm run bench:atendimento`: the WhatsApp conversations' budgets (DESIGN 11, issue 32), the real
 * server (`server/server.ts`, its workers on) over HTTP, on PostgreSQL and on PGlite:
 * - the webhook: 50 incoming messages a second for --seconds (each from its own chat, one in ten
 *   delivered twice, as Evolution retries), posted by the Evolution fake's lever: p99 < 200 ms,
 *   0 lost (every 200 has its message and the bot's decision) and 0 answered twice;
 * - the bot's reply, Evolution answering sendText in 50 ms: from the message's post to the reply
 *   reaching Evolution, p99 ≤ 3 s;
 * - `GET /v1/conversas` (the inbox's first page, its tabs and a search) at 100,000 conversations seeded
 *   with SQL (5 % open, as 12 idle hours close the rest): p99 ≤ 50 ms at 4 connections.
 * Options: --seconds S (20), --rate N (50), --conversas N (100000), --pool N (the server's DATABASE_POOL_SIZE
 * on PostgreSQL), --skip-pglite, --skip-postgres.
 * PostgreSQL: BENCH_DATABASE_URL (a throwaway database `rastreio_bench_atendimento` is made in it).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../server/db/client';
import { startEvolutionFake } from '../tests/fakes/evolution';
import { freePort } from './lib/durability-server';
import { rowsAt } from './lib/pg';
import { login, startNode } from './lib/processes';
import { insertBenchAdmin } from './lib/seed-admin';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '20' },
    rate: { type: 'string', default: '50' },
    conversas: { type: 'string', default: '100000' },
    /** The server's DATABASE_POOL_SIZE on PostgreSQL (its default: 2 × cores, at least 4). */
    pool: { type: 'string', default: '' },
    'skip-pglite': { type: 'boolean', default: false },
    'skip-postgres': { type: 'boolean', default: false },
  },
});
const SECONDS = Number(args.seconds);
const RATE = Number(args.rate);
const CONVERSAS = Number(args.conversas);
const pgAdminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NAME = 'rastreio_bench_atendimento';
const pgUrl = Object.assign(new URL(pgAdminUrl), { pathname: `/${NAME}` }).toString();
const BUDGET = { webhookP99Ms: 200, replyP99Ms: 3000, listP99Ms: 50 };
const SEMPRE = [{ de: '00:00', ate: '24:00' }];
const ABERTO = { dom: SEMPRE, seg: SEMPRE, ter: SEMPRE, qua: SEMPRE, qui: SEMPRE, sex: SEMPRE, sab: SEMPRE, feriados: [] };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const pct = (values: number[], p: number) => {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** 100,000 conversations (5 % open: aguardando, em atendimento, bot; some urgent), two messages each for the open ones. */
async function seedConversas(database: Database, n: number) {
  await database.db.execute(sql`
    INSERT INTO conversas (jid, telefone, nome, status, urgente, motivo, ultima_mensagem, ultima_mensagem_em, criada_em, encerrada_em, busca)
    SELECT '5511' || lpad(g::text, 9, '0') || '@s.whatsapp.net', '5511' || lpad(g::text, 9, '0'), 'Contato ' || g,
           CASE WHEN g % 20 = 0 THEN (ARRAY['aguardando', 'em_atendimento', 'bot'])[1 + (g / 20) % 3] ELSE 'encerrada' END,
           g % 200 = 0, CASE WHEN g % 20 = 0 THEN 'atendente' END, 'Mensagem ' || g,
           now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval,
           CASE WHEN g % 20 = 0 THEN NULL ELSE now() END,
           'contato ' || g || ' 5511' || lpad(g::text, 9, '0')
    FROM generate_series(1, ${n}) g`);
  await database.db.execute(sql`
    INSERT INTO conversa_mensagens (idconversa, jid, direcao, autor, texto, em)
    SELECT id, jid, 'entrada', 'cliente', ultima_mensagem, ultima_mensagem_em FROM conversas WHERE status <> 'encerrada'`);
  await database.db.execute(sql`ANALYZE conversas`);
}

interface Figures {
  backend: string;
  posted: number;
  webhookP50: number;
  webhookP99: number;
  non200: number;
  lost: number;
  twice: number;
  replyP50: number;
  replyP99: number;
  unanswered: number;
  lists: Array<{ name: string; p50: number; p99: number; rps: number; non2xx: number }>;
}

async function run(backend: 'PostgreSQL' | 'PGlite'): Promise<Figures> {
  let env: Record<string, string>;
  let drop: () => Promise<void>;
  let database: Database;
  if (backend === 'PGlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'rastreio-bench-atendimento-'));
    env = { DATA_DIR: dir, DATABASE_URL: '' };
    drop = async () => rmSync(dir, { recursive: true, force: true });
    database = await openDatabase({ dataDir: dir });
  } else {
    const admin = rowsAt(pgAdminUrl);
    await admin(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
    await admin(`CREATE DATABASE ${NAME}`);
    env = { DATABASE_URL: pgUrl, ...(args.pool ? { DATABASE_POOL_SIZE: args.pool } : {}) };
    drop = async () => void (await admin(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`));
    database = await openDatabase({ url: pgUrl });
  }
  const evolution = await startEvolutionFake();
  const instanceToken = evolution.createInstance('rastreio');
  evolution.scan('rastreio');
  evolution.setSendDelay(50);
  let server: Awaited<ReturnType<typeof startNode>> | undefined;
  try {
    await insertBenchAdmin(database.db, 'bench', 'bench-senha-1');
    const started = Date.now();
    await seedConversas(database, CONVERSAS);
    console.log(`  ${backend}: ${CONVERSAS.toLocaleString('en')} conversations seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await database.close();

    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    server = await startNode('server/server.ts', { ...env, PUBLIC_URL: url, WORKERS: 'on' }, '/v1/health', port);
    const cookie = await login(server.url, 'bench', 'bench-senha-1');
    const api = async (method: string, route: string, body?: unknown) => {
      const response = await fetch(`${server!.url}${route}`, {
        method,
        headers: { cookie, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
      return response.json();
    };
    await api('PUT', '/v1/users/1', {
      dadosempresa: { nome: 'Rastreio Bench' },
      integrations: {
        whats: { server: evolution.url, instance: 'rastreio', token: instanceToken, status: 1 },
        atendimento: { ativo: true, observacao: false, horario: ABERTO, foraDoHorario: 'bot' },
      },
    });
    for (let i = 0; !evolution.webhooks.get('rastreio')?.enabled; i++) {
      if (i > 300) throw new Error('Evolution’s webhook was not set');
      await sleep(100);
    }

    // The webhook at RATE a second, each message its own chat; one in ten delivered twice.
    const total = SECONDS * RATE;
    const webhookMs: number[] = [];
    const postedAt = new Map<string, number>();
    let non200 = 0;
    const inFlight: Promise<void>[] = [];
    const t0 = Date.now();
    for (let i = 0; i < total; i++) {
      const due = t0 + (i * 1000) / RATE;
      const wait = due - Date.now();
      if (wait > 0) await sleep(wait);
      const phone = `5521${String(900000000 + i)}`;
      inFlight.push(
        (async () => {
          const start = performance.now();
          postedAt.set(`${phone}@s.whatsapp.net`, Date.now());
          const result = await evolution.receive('rastreio', { from: phone, text: 'oi', duplicate: i % 10 === 0 });
          webhookMs.push(performance.now() - start);
          non200 += result.statuses.filter((s) => s !== 200).length;
        })(),
      );
    }
    await Promise.all(inFlight);
    const sentRate = total / ((Date.now() - t0) / 1000);
    // Every reply out (or 60 s).
    const deadline = Date.now() + 60_000;
    const replied = () => new Set(evolution.sent.filter((m) => postedAt.has(m.remoteJid)).map((m) => m.remoteJid)).size;
    while (replied() < total && Date.now() < deadline) await sleep(250);
    await sleep(2000);
    const perChat = new Map<string, number>();
    const replyMs: number[] = [];
    for (const m of evolution.sent) {
      if (!postedAt.has(m.remoteJid)) continue;
      perChat.set(m.remoteJid, (perChat.get(m.remoteJid) ?? 0) + 1);
      if (perChat.get(m.remoteJid) === 1) replyMs.push(Date.parse(m.at) - postedAt.get(m.remoteJid)!);
    }
    const twice = [...perChat.values()].filter((n) => n > 1).length;
    const stored = (await api('GET', `/v1/conversas?status=bot&pesquisa=5521&pageSize=1`)) as { meta: { total: number } };
    const lost = total - Number(stored.meta.total);
    console.log(`  ${backend}: ${total} messages posted at ${sentRate.toFixed(1)}/s; ${replied()} chats answered`);

    // The inbox's reads at 100,000 conversations.
    const lists: Figures['lists'] = [];
    for (const [name, query] of [
      ['GET /v1/conversas (abertas)', ''],
      ['GET /v1/conversas?status=aguardando', '?status=aguardando'],
      ['GET /v1/conversas?status=encerrada', '?status=encerrada'],
      ['GET /v1/conversas?pesquisa=contato 4242', '?pesquisa=contato%204242'],
      ['GET /v1/conversas/resumo', '/resumo'],
    ] as const) {
      const result = await new Promise<autocannon.Result>((resolve, reject) =>
        autocannon({ url: `${server!.url}/v1/conversas${query}`, connections: 4, duration: 8, headers: { cookie } }, (error, r) =>
          error ? reject(error) : resolve(r),
        ),
      );
      lists.push({ name, p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average, non2xx: result.non2xx });
    }
    return {
      backend,
      posted: total,
      webhookP50: pct(webhookMs, 50),
      webhookP99: pct(webhookMs, 99),
      non200,
      lost,
      twice,
      replyP50: pct(replyMs, 50),
      replyP99: pct(replyMs, 99),
      unanswered: total - replied(),
      lists,
    };
  } finally {
    await server?.stop();
    await evolution.close();
    await drop();
  }
}

function print(f: Figures) {
  console.log('\n| backend | measure | figure | budget | within |\n|---|---|---|---|---|');
  const line = (what: string, figure: string, budget: string, ok: boolean) =>
    console.log(`| ${f.backend} | ${what} | ${figure} | ${budget} | ${ok ? 'yes' : 'NO'} |`);
  line(
    `webhook p99 at ${RATE} msgs/s (${f.posted} messages, 10 % twice)`,
    `${f.webhookP99.toFixed(1)} ms (p50 ${f.webhookP50.toFixed(1)} ms, non-200 ${f.non200})`,
    `< ${BUDGET.webhookP99Ms} ms`,
    f.webhookP99 < BUDGET.webhookP99Ms && f.non200 === 0,
  );
  line('lost / answered twice', `${f.lost} / ${f.twice}`, '0 / 0', f.lost === 0 && f.twice === 0);
  line(
    'bot reply after the message, p99 (Evolution 50 ms)',
    `${(f.replyP99 / 1000).toFixed(2)} s (p50 ${(f.replyP50 / 1000).toFixed(2)} s, unanswered ${f.unanswered})`,
    `≤ ${BUDGET.replyP99Ms / 1000} s`,
    f.replyP99 <= BUDGET.replyP99Ms && f.unanswered === 0,
  );
  for (const l of f.lists)
    line(
      `${l.name}, p99 (4 connections)`,
      `${l.p99.toFixed(1)} ms (p50 ${l.p50.toFixed(1)} ms, ${l.rps.toFixed(0)} req/s, non-2xx ${l.non2xx})`,
      `≤ ${BUDGET.listP99Ms} ms`,
      l.p99 <= BUDGET.listP99Ms && l.non2xx === 0,
    );
  console.log('');
}

async function main() {
  console.log(`bench:atendimento — ${RATE} msgs/s for ${SECONDS} s, ${CONVERSAS.toLocaleString('en')} conversations`);
  // Each backend's table as soon as it is measured.
  if (!args['skip-postgres']) print(await run('PostgreSQL'));
  if (!args['skip-pglite']) print(await run('PGlite'));
}

await main();
process.exit(0);
