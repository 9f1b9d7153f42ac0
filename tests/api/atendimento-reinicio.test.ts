/**
 * Atendimento (DESIGN 11, issue 32): the webhook's 200 means the event and its job are stored. A
 * process that stops right after it (no worker ran) leaves the job, and the next process on the same
 * database replies exactly once. Two processes answering a burst of 20 messages, each posted twice,
 * reply once per message.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { openDatabase, type Database } from '../../server/db/client';
import { startEvolutionFake, type EvolutionFake } from '../fakes/evolution';
import { backends, createPostgresDatabase, installAndLogin } from '../support/app';
import { useAtendimento } from '../support/atendimento';
import { newCliente } from '../support/registry';
import { waitFor } from '../support/wait';

const SEMPRE = [{ de: '00:00', ate: '24:00' }];
const ABERTO = { dom: SEMPRE, seg: SEMPRE, ter: SEMPRE, qua: SEMPRE, qui: SEMPRE, sex: SEMPRE, sab: SEMPRE, feriados: [] };

describe.each(backends)('atendimento: the reply survives a restart (%s)', (backend) => {
  let evolution: EvolutionFake;
  let open: () => Promise<Database>;
  let cleanup = async () => {};

  beforeAll(async () => {
    evolution = await startEvolutionFake();
    evolution.createInstance('rastreio', 'token-da-instancia');
    evolution.scan('rastreio');
    if (backend === 'postgres') {
      const created = await createPostgresDatabase();
      open = () => openDatabase({ url: created.url, poolSize: 3 });
      cleanup = created.drop;
    } else {
      const dir = await mkdtemp(path.join(tmpdir(), 'atendimento-'));
      open = () => openDatabase({ dataDir: path.join(dir, 'data') });
      cleanup = () => rm(dir, { recursive: true, force: true });
    }
  });
  afterAll(async () => {
    await evolution.close();
    await cleanup();
  });

  it('an event stored and answered 200, then the process gone before its job ran: the next process replies once', async () => {
    // The first process: no workers, as if killed right after answering the webhook.
    let database = await open();
    let app = await buildApp({ database });
    await app.ready();
    const admin = await installAndLogin(app);
    const saved = await admin.put('/v1/users/1', {
      integrations: {
        whats: { server: evolution.url, instance: 'rastreio', token: 'token-da-instancia', status: 1 },
        atendimento: { ativo: true, observacao: false, horario: ABERTO },
      },
    });
    expect(saved.status).toBe(200);
    await admin.create('/v1/clientes', newCliente({ mobilePhone: '11987001122', name: 'Paulo Reinício' }));
    const [{ token }] = (
      (await database.db.execute(
        sql`SELECT integrations->'atendimento'->>'webhookToken' AS token FROM company_settings WHERE id = 1`,
      )) as unknown as {
        rows: { token: string }[];
      }
    ).rows;
    const payload = evolution.upsertPayload('rastreio', { from: '5511987001122', text: 'oi', id: 'REINICIO1' });
    const answered = await app.inject({ method: 'POST', url: `/webhook/whats/1/${token}`, payload });
    expect(answered.statusCode).toBe(200);
    await app.close();
    await database.close();
    expect(evolution.sent).toEqual([]);

    // The next process, on the same database, with its workers.
    database = await open();
    app = await buildApp({ database, workers: { pollingIntervalSeconds: 0.5, whatsTimeoutMs: 2_000 } });
    await app.ready();
    try {
      await waitFor(() => evolution.sent.length >= 1);
      const rows = async <T>(query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
      await waitFor(
        async () => (await rows<{ status: string }>(sql`SELECT status FROM mensagens WHERE key LIKE 'bot:%'`))[0]?.status === 'enviada',
      );
      // The same event delivered again by Evolution's retry: still one reply.
      expect((await app.inject({ method: 'POST', url: `/webhook/whats/1/${token}`, payload })).statusCode).toBe(200);
      await waitFor(
        async () => (await rows(sql`SELECT id FROM webhook_eventos WHERE gateway = 'evolution' AND status = 'recebido'`)).length === 0,
      );
      expect(evolution.sent).toHaveLength(1);
      expect(evolution.sent[0]).toMatchObject({ remoteJid: '5511987001122@s.whatsapp.net' });
      expect(evolution.sent[0].text).toContain('Paulo');
      expect(await rows(sql`SELECT key FROM mensagens WHERE kind = 'atendimento'`)).toHaveLength(1);
      expect(await rows(sql`SELECT id FROM conversa_mensagens WHERE direcao = 'saida'`)).toHaveLength(1);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe.each(backends)('atendimento: one reply per message, two processes (%s)', (backend) => {
  const a = useAtendimento(backend);
  const { env, rows, configure, webhookSet, novoTelefone, nacional, sentTo, newClient } = a;

  it.runIf(backend === 'postgres')(
    'a burst of 20 messages, each delivered twice, to two processes: 20 replies, one per message',
    async () => {
      expect((await configure()).status).toBe(200);
      await webhookSet(true);
      const database = await openDatabase({ url: env.t.url!, poolSize: 3 });
      const sibling = await buildApp({ database, workers: { pollingIntervalSeconds: 0.5, whatsTimeoutMs: 2_000 } });
      await sibling.ready();
      try {
        const phone = novoTelefone();
        await newClient({ mobilePhone: nacional(phone) });
        const jid = `${phone}@s.whatsapp.net`;
        // One second for all (a burst): none is older than another, so each gets its reply.
        const timestamp = Math.floor(Date.now() / 1000);
        const results = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            a.bench.evolution.receive('rastreio', { from: phone, text: `pergunta ${i}`, duplicate: true, timestamp }),
          ),
        );
        for (const result of results) expect(result.statuses).toEqual([200, 200]);
        await waitFor(async () => {
          const [{ n }] = await rows<{ n: number }>(
            sql`SELECT count(*)::int AS n FROM decisoes d JOIN conversas c ON c.id = d.idconversa WHERE c.jid = ${jid}`,
          );
          return n >= 20;
        });
        await waitFor(() => sentTo(jid).length >= 20);
        await waitFor(async () => (await rows(sql`SELECT id FROM mensagens WHERE destino = ${jid} AND status <> 'enviada'`)).length === 0);
        expect(sentTo(jid)).toHaveLength(20);
        expect(await rows(sql`SELECT id FROM conversas WHERE jid = ${jid}`)).toHaveLength(1);
        const [{ entradas }] = await rows<{ entradas: number }>(
          sql`SELECT count(*)::int AS entradas FROM conversa_mensagens WHERE jid = ${jid} AND direcao = 'entrada'`,
        );
        expect(entradas).toBe(20);
        const [{ chaves }] = await rows<{ chaves: number }>(
          sql`SELECT count(DISTINCT key)::int AS chaves FROM mensagens WHERE destino = ${jid}`,
        );
        expect(chaves).toBe(20);
      } finally {
        await sibling.close();
        await database.close();
      }
    },
  );
});
