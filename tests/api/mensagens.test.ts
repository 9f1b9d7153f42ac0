/**
 * WhatsApp (Evolution) and the payment webhook against the local fakes (issue 10): the connection
 * calls, alerts stored with their job and delivered once (retries while Evolution is down, in-doubt
 * sends settled by asking Evolution), the daily alerts, the skip switch, the message log, the
 * webhook's auth and once-only application, and the audit log.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../domain/calendar';
import { runBilling } from '../../server/cobrancas/faturamento';
import { enqueueDailyAlertas } from '../../server/mensagens/alertas';
import { appToday } from '../../server/regras/clock';
import { startEvolutionFake, type EvolutionFake } from '../fakes/evolution';
import { backends, Client, newUser, useInstalledApp } from '../support/app';
import { newCliente, newPlano } from '../support/registry';
import { waitFor } from '../support/wait';

describe.each(backends)('WhatsApp, alerts and webhooks (%s)', (backend) => {
  // A short Evolution timeout, so a slow answer is reached quickly.
  const env = useInstalledApp(backend, { workers: { pollingIntervalSeconds: 0.5, senders: 2, whatsTimeoutMs: 2_000 } });
  let evolution: EvolutionFake;
  let instanceToken = '';
  // Read when needed, not when the file loads: a run across midnight in São Paulo must see the new day.
  const today = () => appToday();

  beforeAll(async () => {
    evolution = await startEvolutionFake();
    instanceToken = evolution.createInstance('rastreio');
  });
  afterAll(() => evolution.close());

  const rows = async <T>(query: ReturnType<typeof sql>) => ((await env.t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const mensagensOf = (idcobranca: number) =>
    rows<{ kind: string; occurrence: number; status: string; motivo: string; texto: string; tentativas: number }>(
      sql`SELECT kind, occurrence, status, motivo, texto, tentativas FROM mensagens WHERE idcobranca = ${idcobranca} ORDER BY id`,
    );
  // No wait before a charge's message (mensagens-espera.test.ts covers it): these watch delivery.
  const configure = (status: 0 | 1, token = instanceToken) =>
    env.admin.put('/v1/users/1', {
      integrations: { whats: { server: evolution.url, instance: 'rastreio', token, status }, notificacoes: { esperaMinutos: 0 } },
    });
  const newClient = async (overrides: Record<string, unknown> = {}) =>
    (await env.admin.post('/v1/clientes', newCliente({ mobilePhone: '11987650000', ...overrides }))).body;
  const charge = async (idcliente: number, overrides: Record<string, unknown> = {}) =>
    (
      await env.admin.post('/v1/cobrancas', {
        idcliente,
        descricao: 'Mensalidade',
        valor: 89.9,
        duedate: addDays(today(), 10),
        ...overrides,
      })
    ).body;
  const sentTo = (number: string) => evolution.sent.filter((message) => message.number === number);

  it('status, connect (QR, then open after the scan) and disconnect; 403 for another id, 409 while inactive', async () => {
    expect((await env.admin.get('/v1/integrations/whats/status')).body).toEqual({ status: 'apiOff' });
    expect((await env.admin.get('/v1/integrations/whats/connect/1')).status).toBe(409);
    expect((await configure(1)).status).toBe(200);
    expect((await env.admin.get('/v1/integrations/whats/status')).body).toEqual({ status: 'close' });
    expect((await env.admin.get('/v1/integrations/whats/connect/2')).status).toBe(403);
    const qr = await env.admin.get('/v1/integrations/whats/connect/1');
    expect(qr.status).toBe(200);
    expect(qr.body.qr).toMatch(/^data:image\/png;base64,/);
    evolution.scan('rastreio');
    expect((await env.admin.get('/v1/integrations/whats/connect/1')).body).toEqual({ status: 'open' });
    expect((await env.admin.get('/v1/integrations/whats/status')).body).toEqual({ status: 'open' });
    expect((await env.admin.delete('/v1/integrations/whats/desconnect/1')).body).toMatchObject({ status: 'close' });
    expect((await env.admin.get('/v1/integrations/whats/status')).body).toEqual({ status: 'close' });
    // A wrong token: Evolution's 401, in our words, and never the token itself.
    await configure(1, 'token-errado');
    const refused = await env.admin.get('/v1/integrations/whats/connect/1');
    expect(refused.status).toBe(502);
    expect(refused.body.message).toMatch(/recusou o token/);
    expect(JSON.stringify(refused.body)).not.toContain('token-errado');
    await configure(1);
    evolution.scan('rastreio');
  });

  it('a new charge sends novacobranca once; a client with "Não enviar mensagens" is skipped and logged; the log lists both', async () => {
    const cliente = await newClient({ name: 'Joana Prado' });
    const c = await charge(cliente.id);
    await waitFor(async () => (await mensagensOf(c.id))[0]?.status === 'enviada');
    const [alert] = await mensagensOf(c.id);
    expect(alert).toMatchObject({ kind: 'novacobranca', occurrence: 0, status: 'enviada' });
    // Once: an attempt that timed out on a loaded machine is settled by asking Evolution, never sent again.
    expect(alert.tentativas).toBeGreaterThanOrEqual(1);
    expect(alert.texto).toContain('Joana Prado');
    expect(alert.texto).toContain('R$ 89,90');
    expect(sentTo('5511987650000').filter((m) => m.text === alert.texto)).toHaveLength(1);

    const quiet = await newClient({ naoEnviarMensagens: true, mobilePhone: '11987650001' });
    expect((await env.admin.get(`/v1/clientes/${quiet.id}`)).body.naoEnviarMensagens).toBe(true);
    const q = await charge(quiet.id);
    expect(await mensagensOf(q.id)).toMatchObject([
      { kind: 'novacobranca', status: 'ignorada', motivo: 'O cliente está marcado para não receber mensagens.' },
    ]);

    // Cancelled and received: their alerts too.
    await env.admin.put(`/v1/cobrancas/${c.id}`, {
      idcliente: cliente.id,
      descricao: 'Mensalidade',
      valor: 89.9,
      duedate: addDays(today(), 10),
      status: 3,
    });
    await waitFor(async () => (await mensagensOf(c.id)).some((m) => m.kind === 'cancelada' && m.status === 'enviada'));
    const log = await env.admin.get(`/v1/cobrancas/${c.id}/mensagens`);
    expect(log.status).toBe(200);
    expect(log.body.Items.map((m: { kind: string; status: string }) => `${m.kind}:${m.status}`)).toEqual([
      'cancelada:enviada',
      'novacobranca:enviada',
    ]);
    expect((await env.admin.get('/v1/cobrancas/999999/mensagens')).status).toBe(404);
    expect((await new Client(env.t.app).get(`/v1/cobrancas/${c.id}/mensagens`)).status).toBe(401);
  });

  it('Evolution down: the alert is retried with back-off and sent once when it is back', async () => {
    const cliente = await newClient({ mobilePhone: '11987650002' });
    evolution.stop();
    const c = await charge(cliente.id);
    await waitFor(async () => {
      const [m] = await mensagensOf(c.id);
      return m?.status === 'pendente' && m.tentativas >= 1 && m.motivo.length > 0;
    });
    expect((await mensagensOf(c.id))[0].motivo).toMatch(/Não foi possível conectar|não respondeu/);
    await evolution.restart();
    // The next attempt is due 5 s after the first: the queue runs it.
    await waitFor(async () => (await mensagensOf(c.id))[0]?.status === 'enviada', 40_000);
    expect(sentTo('5511987650002')).toHaveLength(1);
  });

  it('an in-doubt send (the app stopped during the call) is settled by asking Evolution: never sent twice', async () => {
    const cliente = await newClient({ mobilePhone: '11987650003', naoEnviarMensagens: false });
    evolution.stop();
    const c = await charge(cliente.id);
    await waitFor(async () => (await mensagensOf(c.id))[0]?.tentativas >= 1);
    await evolution.restart();
    const [{ texto }] = await mensagensOf(c.id);
    // As if a process had sent it and died before recording it: Evolution has it, our row says enviando.
    const sent = await fetch(`${evolution.url}/message/sendText/rastreio`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: instanceToken },
      body: JSON.stringify({ number: '5511987650003', text: texto }),
    });
    expect(sent.status).toBe(201);
    await env.t.database.db.execute(
      sql`UPDATE mensagens SET status = 'enviando', tentativa_em = now() - interval '2 minutes', proxima_tentativa = now() WHERE idcobranca = ${c.id}`,
    );
    await env.t.app.effects.queue.boss.send('mensagem-enviar', {
      id: Number((await rows<{ id: number }>(sql`SELECT id FROM mensagens WHERE idcobranca = ${c.id}`))[0].id),
    });
    await waitFor(async () => (await mensagensOf(c.id))[0]?.status === 'enviada', 40_000);
    expect(sentTo('5511987650003')).toHaveLength(1);
    expect((await mensagensOf(c.id))[0].motivo).toMatch(/verificado no WhatsApp/);
  });

  it('a slow Evolution (delivered, answered after the timeout) leaves the send in doubt: settled through findMessages, delivered exactly once', async () => {
    const cliente = await newClient({ mobilePhone: '11987650006' });
    evolution.setSendDelay(3_000);
    try {
      const c = await charge(cliente.id);
      // The timeout is not "not sent": the row waits, in doubt, for the check.
      await waitFor(async () => {
        const [m] = await mensagensOf(c.id);
        return m?.status === 'enviando' && /Será verificado no WhatsApp/.test(m.motivo);
      });
      expect(sentTo('5511987650006')).toHaveLength(1);
      await waitFor(async () => (await mensagensOf(c.id))[0]?.status === 'enviada', 40_000);
      const [settled] = await mensagensOf(c.id);
      expect(settled.motivo).toBe('O envio foi interrompido; verificado no WhatsApp antes de reenviar.');
      expect(settled.tentativas).toBe(2);
      expect(sentTo('5511987650006')).toHaveLength(1);
    } finally {
      evolution.setSendDelay(0);
    }
  });

  it('Enviar of a charge or a contract of a client who chose "Não enviar mensagens": 409, no message stored, no job, nothing sent', async () => {
    // WhatsApp active: the client's wish alone refuses.
    expect((await configure(1)).status).toBe(200);
    const quiet = await newClient({ naoEnviarMensagens: true, mobilePhone: '11987650007' });
    const c = await charge(quiet.id);
    const plano = (await env.admin.post('/v1/planos', newPlano())).body;
    const contrato = (await env.admin.post('/v1/contratos', { idcliente: quiet.id, idplano: plano.id })).body;
    const usuario = new Client(env.t.app);
    const account = newUser();
    expect((await env.admin.post('/v1/users', account)).status).toBe(201);
    await usuario.login(account.login, account.password);
    const before = (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mensagem-enviar'`))[0].n;
    for (const [client, method, path] of [
      [usuario, 'POST', `/v1/cobrancas/enviar/${c.id}`],
      [env.admin, 'GET', `/v1/cobrancas/enviar/${c.id}`],
      [usuario, 'POST', `/v1/contratos/enviar/${contrato.id}`],
      [env.admin, 'GET', `/v1/contratos/enviar/${contrato.id}`],
    ] as const) {
      const reply = await client.request(method, path);
      expect(reply, `${method} ${path}`).toMatchObject({ status: 409, body: { message: 'O cliente optou por não receber mensagens.' } });
    }
    const stored = await rows<{ kind: string }>(sql`SELECT kind FROM mensagens WHERE idcliente = ${quiet.id} ORDER BY id`);
    // Only the charge's own alert, stored as ignored when the charge was made.
    expect(stored.map((m) => m.kind)).toEqual(['novacobranca']);
    expect((await mensagensOf(c.id)).map((m) => m.status)).toEqual(['ignorada']);
    expect((await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mensagem-enviar'`))[0].n).toBe(before);
    expect(sentTo('5511987650007')).toEqual([]);
  });

  it('daily alerts: vencehoje on the due day, vencida the day after and then repeticoes times every intervalo days, once each', async () => {
    await env.admin.put('/v1/users/1', { integrations: { notificacoes: { repeticoes: 2, intervalo: 3 } } });
    const cliente = await newClient({ mobilePhone: '11987650004', naoEnviarMensagens: true });
    const due = addDays(today(), 1);
    const c = await charge(cliente.id, { duedate: due });
    const { db } = env.t.database;
    const queue = env.t.app.effects.queue;
    const day = async (date: string) => {
      await runBilling(db, { today: date, effects: env.t.app.effects });
      await db.transaction((tx) => enqueueDailyAlertas(tx, queue, date));
    };
    await day(due);
    await day(due); // twice the same day: nothing more
    for (let i = 1; i <= 12; i++) await day(addDays(due, i));
    const kinds = (await mensagensOf(c.id)).map((m) => `${m.kind}:${m.occurrence}`);
    // Day 1 after: vencida 0; days 4 and 7: vencida 1 and 2; then nothing.
    expect(kinds).toEqual(['novacobranca:0', 'vencehoje:0', 'vencida:0', 'vencida:1', 'vencida:2']);
    expect((await mensagensOf(c.id)).every((m) => m.status === 'ignorada')).toBe(true);
  });

  it('webhook: 404 unknown user, 401 without the token; an event is stored and applied once; payment unblocks and is audited', async () => {
    const webhookToken = (await env.admin.get('/v1/users/1')).body.integrations.gateway.webhookToken as string;
    const cliente = await newClient({ mobilePhone: '11987650005' });
    const c = await charge(cliente.id, { duedate: addDays(today(), -20) });
    expect((await env.admin.get(`/v1/clientes/${cliente.id}`)).body.status).toBe(1);
    const outsider = new Client(env.t.app);
    const event = (id: string, name = 'PAYMENT_RECEIVED') => ({
      id,
      event: name,
      dateCreated: '2026-11-23 10:00:00',
      payment: {
        object: 'payment',
        id: 'pay_teste0001',
        status: 'RECEIVED',
        value: 89.9,
        externalReference: String(c.id),
        paymentDate: today(),
      },
    });
    const post = (body: unknown, token?: string, user = 1) =>
      outsider.post(`/webhook/cobranca/${user}/asaas`, body, token === undefined ? {} : { 'asaas-access-token': token });
    expect((await post(event('evt_1'), webhookToken, 999)).status).toBe(404);
    expect((await post(event('evt_1'))).status).toBe(401);
    expect((await post(event('evt_1'), 'errado')).status).toBe(401);
    expect((await post({ nada: 1 }, webhookToken)).status).toBe(400);
    for (let i = 0; i < 3; i++) expect((await post(event('evt_1'), webhookToken)).body).toEqual({ received: true });
    expect((await post(event('evt_2', 'PAYMENT_BANK_SLIP_VIEWED'), webhookToken)).status).toBe(200);
    await waitFor(async () => (await env.admin.get(`/v1/cobrancas/${c.id}`)).body.status === 1);
    expect((await env.admin.get(`/v1/clientes/${cliente.id}`)).body.status).toBe(0);
    await waitFor(
      async () =>
        (await rows<{ status: string }>(sql`SELECT status FROM webhook_eventos WHERE event_id = 'evt_2'`))[0]?.status === 'ignorado',
    );
    const eventos = await rows<{ event_id: string; status: string }>(sql`SELECT event_id, status FROM webhook_eventos ORDER BY id`);
    expect(eventos).toEqual([
      { event_id: 'evt_1', status: 'aplicado' },
      { event_id: 'evt_2', status: 'ignorado' },
    ]);
    const audit = await env.admin.get('/v1/auditoria?acao=pagamento');
    expect(audit.body.Items).toHaveLength(1);
    expect(audit.body.Items[0]).toMatchObject({ usuario: 'Sistema', idcobranca: c.id, idcliente: cliente.id });
    const blocks = await env.admin.get(`/v1/auditoria?idcliente=${cliente.id}`);
    expect(blocks.body.Items.map((item: { acao: string }) => item.acao).sort()).toEqual(['bloqueio', 'desbloqueio', 'pagamento']);
    // The recebida alert went out.
    await waitFor(async () => (await mensagensOf(c.id)).some((m) => m.kind === 'recebida' && m.status === 'enviada'));
    // Administrators only.
    const user = new Client(env.t.app);
    const account = newUser();
    expect((await env.admin.post('/v1/users', account)).status).toBe(201);
    await user.login(account.login, account.password);
    expect((await user.get('/v1/auditoria')).status).toBe(403);
  });
  it('every alert names the company on its first line ({{empresa}}), left out while the company has no name', async () => {
    expect((await env.admin.put('/v1/users/1', { dadosempresa: { nome: 'Rastro Sul Rastreamento' } })).status).toBe(200);
    try {
      const cliente = await newClient({ name: 'Cliente Da Empresa' });
      const named = await charge(cliente.id);
      await waitFor(async () => (await mensagensOf(named.id)).length > 0, 5_000, 50);
      expect((await mensagensOf(named.id))[0].texto).toMatch(/^\*Rastro Sul Rastreamento\*\nOlá, Cliente Da Empresa! Sua cobrança/);
    } finally {
      await env.admin.put('/v1/users/1', { dadosempresa: { nome: '' } });
    }
    const unnamed = await charge((await newClient({ name: 'Cliente Sem Empresa' })).id);
    await waitFor(async () => (await mensagensOf(unnamed.id)).length > 0, 5_000, 50);
    expect((await mensagensOf(unnamed.id))[0].texto).toMatch(/^Olá, Cliente Sem Empresa! Sua cobrança/);
  });
});
