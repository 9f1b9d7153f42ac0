/**
 * Atendimento (DESIGN 11, issue 32): the webhook's 200 means the event and its job are stored. A
 * process that stops right after it (no worker ran) leaves the job, and the next process on the same
 * database replies exactly once.
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
