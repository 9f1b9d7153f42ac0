/**
 * `npm run bench:reliability`: the delivery guarantees of issue 10, measured on PostgreSQL with real
 * app processes (`server/server.ts`, queue workers on) and the fake Evolution and webhook posts:
 * 1. an alert burst of N charges with Evolution down for `--down` seconds: 0 lost, 0 sent twice;
 * 2. N payment webhooks, each posted 3 times, shuffled, 10 at a time: each applied once;
 * 3. kill -9 of the app in the middle of a burst, then a restart: 0 lost, 0 sent twice;
 * 4. two app processes on one PostgreSQL during a burst: 0 sent twice.
 * Options: --n 1000 (charges per burst), --down 60 (seconds). Needs PostgreSQL (PG_ADMIN_URL or
 * postgres://postgres@127.0.0.1:5432/postgres); creates and drops the database `rastreio_reliability`.
 */
import { parseArgs } from 'node:util';
import { freshDatabase } from './lib/pg';
import { addDays } from '../domain/calendar';
import { appToday } from '../server/regras/clock';
import { startEvolutionFake } from '../tests/fakes/evolution';
import { call, installAndLogin } from './lib/durability-load';
import { freePort, startServer, type ServerProcess } from './lib/durability-server';

const { values: args } = parseArgs({ options: { n: { type: 'string', default: '1000' }, down: { type: 'string', default: '60' } } });
const N = Number(args.n);
const DOWN_SECONDS = Number(args.down);
const ADMIN = { name: 'Bench Confiabilidade', email: 'confiabilidade@rastreio.test', password: 'senha-forte-bench' };
const adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const { url: dbUrl, db, drop } = await freshDatabase(adminUrl, 'rastreio_reliability');

const evolution = await startEvolutionFake();
const instanceToken = evolution.createInstance('rastreio');
evolution.scan('rastreio');

const serverEnv = { DATABASE_URL: dbUrl, WORKERS: 'on' };
const servers: ServerProcess[] = [];
const start = async () => {
  const server = await startServer(serverEnv, await freePort());
  servers.push(server);
  return server;
};

const lines: string[] = [];
const report = (line: string) => {
  console.log(line);
  lines.push(line);
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil(what: string, condition: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await sleep(500);
  }
  throw new Error(`tempo esgotado esperando: ${what}`);
}

const count = async (query: string, params: unknown[] = []) => Number((await db.query(query, params)).rows[0].n);

/** What the fake received, per message text: a text twice is a message sent twice. */
function sentTwice(texts: Set<string>) {
  const seen = new Map<string, number>();
  for (const message of evolution.sent) if (texts.has(message.text)) seen.set(message.text, (seen.get(message.text) ?? 0) + 1);
  const twice = [...seen.values()].filter((n) => n > 1).length;
  return { received: seen.size, twice };
}

let cookie = '';
let url = '';
const clients: number[] = [];

/** N charges through the API, 10 at a time, across the clients: returns their ids. */
async function burst(label: string, onProgress?: (done: number) => Promise<void> | void): Promise<number[]> {
  const ids: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < N) {
      const i = next++;
      const reply = await call(url, 'POST', '/v1/cobrancas', cookie, {
        idcliente: clients[i % clients.length],
        descricao: `${label} ${i}`,
        valor: 50 + (i % 100),
        duedate: addDays(appToday(), 5 + (i % 20)),
      });
      if (reply.status !== 201) throw new Error(`POST /v1/cobrancas: ${reply.status} ${JSON.stringify(reply.body)}`);
      ids.push(reply.body.id);
      await onProgress?.(ids.length);
    }
  };
  await Promise.all(Array.from({ length: 10 }, worker));
  return ids;
}

async function textsOf(ids: number[], kind = 'novacobranca') {
  const { rows } = await db.query(`SELECT texto FROM mensagens WHERE idcobranca = ANY($1) AND kind = $2`, [ids, kind]);
  return new Set(rows.map((row: { texto: string }) => row.texto));
}

async function settled(ids: number[], kind = 'novacobranca') {
  return (
    (await count(`SELECT count(*) AS n FROM mensagens WHERE idcobranca = ANY($1) AND kind = $2 AND status = 'enviada'`, [ids, kind])) ===
    ids.length
  );
}

async function verdict(name: string, ids: number[], started: number, kind = 'novacobranca') {
  const texts = await textsOf(ids, kind);
  const notSent = await count(`SELECT count(*) AS n FROM mensagens WHERE idcobranca = ANY($1) AND kind = $2 AND status <> 'enviada'`, [
    ids,
    kind,
  ]);
  const { received, twice } = sentTwice(texts);
  const lost = ids.length - received;
  report(
    `| ${name} | ${ids.length} | ${received} | ${lost} | ${twice} | ${notSent} | ${seconds(performance.now() - started)} | ${lost === 0 && twice === 0 ? 'met' : '**not met**'} |`,
  );
}

try {
  let server = await start();
  url = server.url;
  cookie = await installAndLogin(url, ADMIN);
  const configured = await call(url, 'PUT', '/v1/users/1', cookie, {
    // Delivery is measured from the change: no wait for a correction before a charge's message.
    integrations: {
      whats: { server: evolution.url, instance: 'rastreio', token: instanceToken, status: 1 },
      notificacoes: { esperaMinutos: 0 },
    },
  });
  if (configured.status !== 200) throw new Error(`PUT /v1/users/1: ${configured.status}`);
  for (let i = 0; i < 50; i++) {
    const reply = await call(url, 'POST', '/v1/clientes', cookie, {
      cadastro: 'FISICA',
      name: `Cliente Confiável ${i}`,
      cpf: (await import('@brazilian-utils/brazilian-utils')).generateCPF(),
      email: `confiavel${i}@exemplo.com.br`,
      mobilePhone: `1198765${String(4000 + i)}`,
    });
    if (reply.status !== 201) throw new Error(`POST /v1/clientes: ${reply.status} ${JSON.stringify(reply.body)}`);
    clients.push(reply.body.id);
  }
  report(`Reliability (issue 10), PostgreSQL, ${N} charges per burst, ${new Date().toISOString()}`);
  report('');
  report('| scenario | messages | received by Evolution | lost | sent twice | rows not sent | time to settle | budget (0 lost, 0 twice) |');
  report('|---|---:|---:|---:|---:|---:|---:|---|');

  // 1. Evolution down during the burst and for DOWN_SECONDS after its start.
  {
    const started = performance.now();
    evolution.stop();
    const ids = await burst('Queda');
    const remaining = DOWN_SECONDS * 1000 - (performance.now() - started);
    if (remaining > 0) await sleep(remaining);
    await evolution.restart();
    await waitUntil('mensagens da queda enviadas', () => settled(ids), 15 * 60_000);
    await verdict(`Evolution down ${DOWN_SECONDS} s during the burst`, ids, started);

    // 2. Every payment posted 3 times, shuffled.
    const webhookToken = (await call(url, 'GET', '/v1/users/1', cookie)).body.integrations.gateway.webhookToken as string;
    const posts = ids.flatMap((id) => [0, 1, 2].map(() => id)).sort(() => Math.random() - 0.5);
    const t2 = performance.now();
    let next = 0;
    let refused = 0;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (next < posts.length) {
          const id = posts[next++];
          const response = await fetch(`${url}/webhook/cobranca/1/asaas`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'asaas-access-token': webhookToken },
            body: JSON.stringify({
              id: `evt_${id}`,
              event: 'PAYMENT_RECEIVED',
              dateCreated: '2026-11-23 10:00:00',
              payment: { object: 'payment', id: `pay_${id}`, status: 'RECEIVED', externalReference: String(id) },
            }),
          });
          await response.arrayBuffer();
          if (response.status !== 200) refused++;
        }
      }),
    );
    await waitUntil(
      'webhooks processados',
      async () => (await count(`SELECT count(*) AS n FROM webhook_eventos WHERE status = 'recebido'`)) === 0,
      10 * 60_000,
    );
    const stored = await count(`SELECT count(*) AS n FROM webhook_eventos`);
    const applied = await count(`SELECT count(*) AS n FROM webhook_eventos WHERE status = 'aplicado'`);
    const paid = await count(`SELECT count(*) AS n FROM cobrancas WHERE id = ANY($1) AND status = 1`, [ids]);
    const audited = await count(`SELECT count(*) AS n FROM auditoria WHERE acao = 'pagamento' AND idcobranca = ANY($1)`, [ids]);
    await waitUntil('alertas recebida enviados', () => settled(ids, 'recebida'), 10 * 60_000);
    const { twice } = sentTwice(await textsOf(ids, 'recebida'));
    report(
      `| ${ids.length} payments × 3 posts (${posts.length}, ${refused} refused) | ${ids.length} | stored ${stored}, applied ${applied}, paid ${paid}, audited ${audited} | ${ids.length - applied} | ${twice} recebida alerts twice | — | ${seconds(performance.now() - t2)} | ${stored === ids.length && applied === ids.length && paid === ids.length && audited === ids.length && twice === 0 ? 'met' : '**not met**'} |`,
    );
  }

  // 3. kill -9 in the middle of a burst, then a restart.
  {
    evolution.setDelay(200);
    const started = performance.now();
    let killed = false;
    const ids = await burst('Queda do app');
    // Let part of the burst go out, then kill the process in the middle of its sends.
    await waitUntil(
      'um terço enviado',
      async () => (await count(`SELECT count(*) AS n FROM mensagens WHERE idcobranca = ANY($1) AND status = 'enviada'`, [ids])) >= N / 3,
      5 * 60_000,
    );
    await server.kill9();
    killed = true;
    const inFlight = await count(`SELECT count(*) AS n FROM mensagens WHERE idcobranca = ANY($1) AND status = 'enviando'`, [ids]);
    server = await start();
    url = server.url;
    await waitUntil('mensagens após o kill -9 enviadas', () => settled(ids), 15 * 60_000);
    await verdict(`kill -9 in the burst (${inFlight} in flight), restart`, ids, started);
    if (!killed) throw new Error('not killed');
  }

  // 4. Two processes share the burst.
  {
    const second = await start();
    const started = performance.now();
    const ids = await burst('Dois processos');
    await waitUntil('mensagens com dois processos enviadas', () => settled(ids), 15 * 60_000);
    await verdict('two app processes on one PostgreSQL', ids, started);
    await second.stop();
  }
  evolution.setDelay(0);
} finally {
  for (const server of servers) await server.stop().catch(() => undefined);
  await evolution.close();
  await drop();
}
console.log('\n' + lines.join('\n'));
