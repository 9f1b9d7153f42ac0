/**
 * A charge's message waits for a correction (issue 30 item 8): the "nova cobrança" WhatsApp waits
 * the company's `esperaMinutos` as a queue job that starts after it (pg-boss' startAfter, in the
 * database, no timer in memory); an edit inside the wait sends one message with the corrected value,
 * a removal or a cancellation inside it sends none; once it went, a new value or due date sends a
 * "cobrança atualizada" (respecting "Não enviar mensagens").
 *
 * The wait is a minute here, and no test sleeps through it: the test checks the job's start time,
 * then moves it to now (as the clock would) and waits on the message's state, the worker running
 * the real job.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../domain/calendar';
import { appToday } from '../../server/regras/clock';
import { startEvolutionFake, type EvolutionFake } from '../fakes/evolution';
import { backends, useInstalledApp } from '../support/app';
import { newCliente } from '../support/registry';
import { waitFor } from '../support/wait';

describe.each(backends)('A charge message waits for a correction (%s)', (backend) => {
  const env = useInstalledApp(backend, { workers: { pollingIntervalSeconds: 0.5, senders: 2, whatsTimeoutMs: 2_000 } });
  let evolution: EvolutionFake;
  let phone = 11987660000;

  beforeAll(async () => {
    evolution = await startEvolutionFake();
    const token = evolution.createInstance('rastreio');
    evolution.scan('rastreio');
    const saved = await env.admin.put('/v1/users/1', {
      integrations: {
        whats: { server: evolution.url, instance: 'rastreio', token, status: 1 },
        notificacoes: { esperaMinutos: 1 },
      },
    });
    expect(saved.status).toBe(200);
  });
  afterAll(() => evolution.close());

  type Mensagem = { id: number; kind: string; occurrence: number; status: string; motivo: string; texto: string };
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await env.t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const mensagensOf = async (idcobranca: number) =>
    (
      await rows<Mensagem>(
        sql`SELECT id, kind, occurrence, status, motivo, texto FROM mensagens WHERE idcobranca = ${idcobranca} ORDER BY id`,
      )
    ).map((m) => ({ ...m, id: Number(m.id) }));
  /** The delivery job of a message: its state and how many seconds from now it starts. */
  const jobOf = async (idmensagem: number) =>
    (
      await rows<{ id: string; state: string; startsIn: number }>(
        sql`SELECT id, state, extract(epoch FROM start_after - now())::float AS "startsIn" FROM pgboss.job
            WHERE name = 'mensagem-enviar' AND (data->>'id')::bigint = ${idmensagem} ORDER BY created_on`,
      )
    )[0];
  /** The wait ends now, as the clock would end it: the job's start moved to now. */
  const endWait = (idmensagem: number) =>
    env.t.database.db.execute(
      sql`UPDATE pgboss.job SET start_after = now() WHERE name = 'mensagem-enviar' AND (data->>'id')::bigint = ${idmensagem} AND state = 'created'`,
    );
  const newClient = async (overrides: Record<string, unknown> = {}) => {
    const mobile = String(phone++);
    const created = await env.admin.post('/v1/clientes', newCliente({ mobilePhone: mobile, ...overrides }));
    expect(created.status).toBe(201);
    return { ...created.body, whats: `55${mobile}` } as { id: number; whats: string };
  };
  const body = (idcliente: number, overrides: Record<string, unknown> = {}) => ({
    idcliente,
    descricao: 'Mensalidade',
    valor: 12990,
    duedate: addDays(appToday(), 10),
    ...overrides,
  });
  const sentTo = (number: string) => evolution.sent.filter((message) => message.number === number);

  it('the wait is a job that starts esperaMinutos later (in the database); an edit inside it sends one message, with the corrected value', async () => {
    const cliente = await newClient({ name: 'Joana Espera' });
    const created = await env.admin.post('/v1/cobrancas', body(cliente.id));
    expect(created.status).toBe(201);
    const c = created.body as { id: number };
    const [waiting] = await mensagensOf(c.id);
    expect(waiting).toMatchObject({ kind: 'novacobranca', status: 'pendente' });
    expect(waiting.texto).toContain('R$ 12.990,00');
    const job = await jobOf(waiting.id);
    expect(job.state).toBe('created');
    // A minute from now (the database's clock), give or take the request's time.
    expect(job.startsIn).toBeGreaterThan(45);
    expect(job.startsIn).toBeLessThanOrEqual(61);

    // Corrected inside the wait: the message waiting shows the new value, still one message.
    expect((await env.admin.put(`/v1/cobrancas/${c.id}`, body(cliente.id, { valor: 129.9 }))).status).toBe(200);
    const after = await mensagensOf(c.id);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ kind: 'novacobranca', status: 'pendente' });
    expect(after[0].texto).toContain('R$ 129,90');
    expect(sentTo(cliente.whats)).toEqual([]);

    await endWait(waiting.id);
    await waitFor(async () => (await mensagensOf(c.id))[0]?.status === 'enviada');
    const sent = sentTo(cliente.whats);
    expect(sent).toHaveLength(1);
    expect(sent[0].text).toContain('Joana Espera');
    expect(sent[0].text).toContain('R$ 129,90');
    expect(sent[0].text).not.toContain('12.990');
    expect((await mensagensOf(c.id)).map((m) => m.kind)).toEqual(['novacobranca']);
  });

  it('the message renders the charge as it is when the job runs (a change written without the API is in it too)', async () => {
    const cliente = await newClient();
    const c = (await env.admin.post('/v1/cobrancas', body(cliente.id, { valor: 50 }))).body as { id: number };
    const [waiting] = await mensagensOf(c.id);
    await env.t.database.db.execute(sql`UPDATE cobrancas SET valor = 55.5 WHERE id = ${c.id}`);
    await endWait(waiting.id);
    await waitFor(async () => (await mensagensOf(c.id))[0]?.status === 'enviada');
    expect(sentTo(cliente.whats).map((m) => m.text)).toEqual([expect.stringContaining('R$ 55,50')]);
    expect((await mensagensOf(c.id))[0].texto).toContain('R$ 55,50');
  });

  it('a charge removed inside the wait sends nothing: its message goes with it, and its job finds nothing to do', async () => {
    const cliente = await newClient();
    const c = (await env.admin.post('/v1/cobrancas', body(cliente.id))).body as { id: number };
    const [waiting] = await mensagensOf(c.id);
    expect((await env.admin.delete(`/v1/cobrancas/${c.id}`)).status).toBe(200);
    expect(await mensagensOf(c.id)).toEqual([]);
    await endWait(waiting.id);
    await waitFor(async () => (await jobOf(waiting.id))?.state === 'completed');
    expect(sentTo(cliente.whats)).toEqual([]);
  });

  it('a charge cancelled inside the wait sends nothing: no "nova cobrança", no "cancelada"', async () => {
    const cliente = await newClient();
    const c = (await env.admin.post('/v1/cobrancas', body(cliente.id))).body as { id: number };
    const [waiting] = await mensagensOf(c.id);
    expect((await env.admin.put(`/v1/cobrancas/${c.id}`, body(cliente.id, { status: 3 }))).status).toBe(200);
    expect(await mensagensOf(c.id)).toMatchObject([
      { kind: 'novacobranca', status: 'ignorada', motivo: 'A cobrança foi cancelada antes do envio.' },
    ]);
    await endWait(waiting.id);
    await waitFor(async () => (await jobOf(waiting.id))?.state === 'completed');
    expect(await mensagensOf(c.id)).toMatchObject([{ kind: 'novacobranca', status: 'ignorada' }]);
    expect(sentTo(cliente.whats)).toEqual([]);
  });

  it('staff Enviar inside the wait goes at once and the waiting message goes no more: the client gets one', async () => {
    const cliente = await newClient();
    const c = (await env.admin.post('/v1/cobrancas', body(cliente.id, { valor: 80 }))).body as { id: number };
    const [waiting] = await mensagensOf(c.id);
    expect((await env.admin.post(`/v1/cobrancas/enviar/${c.id}`)).status).toBe(200);
    await waitFor(async () => (await mensagensOf(c.id)).some((m) => m.kind === 'envio' && m.status === 'enviada'));
    expect((await mensagensOf(c.id)).find((m) => m.kind === 'novacobranca')).toMatchObject({
      status: 'ignorada',
      motivo: 'A equipe enviou a cobrança antes do fim da espera.',
    });
    await endWait(waiting.id);
    await waitFor(async () => (await jobOf(waiting.id))?.state === 'completed');
    expect(sentTo(cliente.whats)).toHaveLength(1);
  });

  it('after the message went, a new value or due date sends "cobrança atualizada" (itself waiting, one for edits inside its wait); the description alone does not', async () => {
    const cliente = await newClient({ name: 'Paulo Atualizado' });
    const c = (await env.admin.post('/v1/cobrancas', body(cliente.id, { valor: 99 }))).body as { id: number };
    const [nova] = await mensagensOf(c.id);
    await endWait(nova.id);
    await waitFor(async () => (await mensagensOf(c.id))[0]?.status === 'enviada');

    // The description alone: the client is not told again.
    expect((await env.admin.put(`/v1/cobrancas/${c.id}`, body(cliente.id, { valor: 99, descricao: 'Mensalidade de março' }))).status).toBe(
      200,
    );
    expect((await mensagensOf(c.id)).map((m) => m.kind)).toEqual(['novacobranca']);

    // The value: an atualizada, waiting like the first message.
    const descricao = 'Mensalidade de março';
    expect((await env.admin.put(`/v1/cobrancas/${c.id}`, body(cliente.id, { valor: 109, descricao }))).status).toBe(200);
    const atualizada = (await mensagensOf(c.id)).find((m) => m.kind === 'atualizada')!;
    expect(atualizada).toMatchObject({ occurrence: 0, status: 'pendente' });
    expect((await jobOf(atualizada.id)).startsIn).toBeGreaterThan(45);
    // The due date too, inside its wait: still one atualizada, which will carry both.
    const due = addDays(appToday(), 20);
    expect((await env.admin.put(`/v1/cobrancas/${c.id}`, body(cliente.id, { valor: 109, duedate: due, descricao }))).status).toBe(200);
    expect((await mensagensOf(c.id)).map((m) => m.kind)).toEqual(['novacobranca', 'atualizada']);
    await endWait(atualizada.id);
    await waitFor(async () => (await mensagensOf(c.id))[1]?.status === 'enviada');
    const [primeira, segunda] = sentTo(cliente.whats);
    expect(primeira.text).toContain('R$ 99,00');
    expect(segunda.text).toMatch(/^Olá, Paulo Atualizado! A cobrança \d{5} \(Mensalidade de março\) foi atualizada: o valor é R\$ 109,00/);
    expect(segunda.text).toContain(`vencimento em ${due.split('-').reverse().join('/')}`);
    expect(sentTo(cliente.whats)).toHaveLength(2);

    // Changed again after that one went: a second atualizada.
    expect((await env.admin.put(`/v1/cobrancas/${c.id}`, body(cliente.id, { valor: 119, duedate: due, descricao }))).status).toBe(200);
    expect((await mensagensOf(c.id)).map((m) => `${m.kind}:${m.occurrence}`)).toEqual(['novacobranca:0', 'atualizada:0', 'atualizada:1']);
    const log = await env.admin.get(`/v1/cobrancas/${c.id}/mensagens`);
    expect(log.body.Items.map((m: { kind: string; status: string }) => `${m.kind}:${m.status}`)).toEqual([
      'atualizada:pendente',
      'atualizada:enviada',
      'novacobranca:enviada',
    ]);
  });

  it('"cobrança atualizada" respects "Não enviar mensagens": stored as ignored, with why, nothing sent', async () => {
    const cliente = await newClient();
    const c = (await env.admin.post('/v1/cobrancas', body(cliente.id, { valor: 70 }))).body as { id: number };
    const [nova] = await mensagensOf(c.id);
    await endWait(nova.id);
    await waitFor(async () => (await mensagensOf(c.id))[0]?.status === 'enviada');
    const read = (await env.admin.get(`/v1/clientes/${cliente.id}`)).body;
    expect((await env.admin.put(`/v1/clientes/${cliente.id}`, { ...read, naoEnviarMensagens: true })).status).toBe(200);
    expect((await env.admin.put(`/v1/cobrancas/${c.id}`, body(cliente.id, { valor: 75 }))).status).toBe(200);
    expect((await mensagensOf(c.id)).find((m) => m.kind === 'atualizada')).toMatchObject({
      status: 'ignorada',
      motivo: 'O cliente está marcado para não receber mensagens.',
    });
    expect(sentTo(cliente.whats)).toHaveLength(1);
  });

  it('a client who chose "Não enviar mensagens" while the message waited gets nothing', async () => {
    const cliente = await newClient();
    const c = (await env.admin.post('/v1/cobrancas', body(cliente.id, { valor: 60 }))).body as { id: number };
    const [waiting] = await mensagensOf(c.id);
    const read = (await env.admin.get(`/v1/clientes/${cliente.id}`)).body;
    expect((await env.admin.put(`/v1/clientes/${cliente.id}`, { ...read, naoEnviarMensagens: true })).status).toBe(200);
    await endWait(waiting.id);
    await waitFor(async () => (await mensagensOf(c.id))[0]?.status === 'ignorada');
    expect((await mensagensOf(c.id))[0].motivo).toBe('O cliente está marcado para não receber mensagens.');
    expect(sentTo(cliente.whats)).toEqual([]);
  });

  it('esperaMinutos: 0 to 60 whole minutes, else a 400 in Portuguese; 0 sends at once', async () => {
    for (const esperaMinutos of [61, -1, 1.5, 'dois', null]) {
      const refused = await env.admin.put('/v1/users/1', { integrations: { notificacoes: { esperaMinutos } } });
      expect(refused.status, String(esperaMinutos)).toBe(400);
      expect(JSON.stringify(refused.body)).toContain('Informe de 0 a 60 minutos.');
    }
    expect((await env.admin.get('/v1/users/1')).body.integrations.notificacoes.esperaMinutos).toBe(1);
    expect((await env.admin.put('/v1/users/1', { integrations: { notificacoes: { esperaMinutos: 0 } } })).status).toBe(200);
    try {
      const cliente = await newClient();
      const c = (await env.admin.post('/v1/cobrancas', body(cliente.id, { valor: 40 }))).body as { id: number };
      await waitFor(async () => (await mensagensOf(c.id))[0]?.status === 'enviada');
      expect(sentTo(cliente.whats)).toHaveLength(1);
    } finally {
      await env.admin.put('/v1/users/1', { integrations: { notificacoes: { esperaMinutos: 1 } } });
    }
  });
  it('templates: the defaults use the pt-BR placeholder names; a saved template with the English names still fills; an old default kept word for word reads as the new one', async () => {
    const alertas = (await env.admin.get('/v1/users/1')).body.integrations.alertas as Record<string, string>;
    expect(Object.keys(alertas).sort()).toEqual([
      'atualizada',
      'autorizacaoPix',
      'avisoNegativacao',
      'cancelada',
      'cartaoRecusado',
      'debitoAgendado',
      'formaAlterada',
      'formaPagamento',
      'novacobranca',
      'reajuste',
      'recebida',
      'vencehoje',
      'vencida',
    ]);
    for (const text of Object.values(alertas)) {
      expect(text).toContain('{{nome}}');
      expect(text).not.toMatch(/\{\{(name|description|dueDate|dateCreated|invoiceUrl|bankSlipUrl)\}\}/);
    }
    expect((await env.admin.get('/v1/users/1')).body.integrations.nfse.descricao).toContain('{{descricao}}');
    await env.admin.put('/v1/users/1', { integrations: { notificacoes: { esperaMinutos: 0 } } });
    try {
      const english = '{{name}} | {{description}} | {{valor}} | {{dueDate}} | {{dateCreated}}';
      const portuguese = '{{nome}} | {{descricao}} | {{valor}} | {{vencimento}} | {{dataCriacao}}';
      const texts: string[] = [];
      for (const novacobranca of [english, portuguese]) {
        expect((await env.admin.put('/v1/users/1', { integrations: { alertas: { novacobranca } } })).status).toBe(200);
        const cliente = await newClient({ name: 'Rita Campos' });
        const c = (await env.admin.post('/v1/cobrancas', body(cliente.id, { valor: 129.9, duedate: '2030-01-15', dtcard: '2029-12-20' })))
          .body as { id: number };
        await waitFor(async () => (await mensagensOf(c.id))[0]?.status === 'enviada');
        texts.push(sentTo(cliente.whats)[0].text);
      }
      expect(texts).toEqual([
        'Rita Campos | Mensalidade | R$ 129,90 | 15/01/2030 | 20/12/2029',
        'Rita Campos | Mensalidade | R$ 129,90 | 15/01/2030 | 20/12/2029',
      ]);
      // An install made before the pt-BR names kept the old default, word for word: it reads as the new default.
      const oldDefault = alertas.vencehoje.replaceAll('{{nome}}', '{{name}}').replaceAll('{{vencimento}}', '{{dueDate}}');
      await env.t.database.db.execute(
        sql`UPDATE company_settings SET integrations = jsonb_set(integrations, '{alertas,vencehoje}', to_jsonb(${oldDefault}::text))`,
      );
      expect((await env.admin.get('/v1/users/1')).body.integrations.alertas.vencehoje).toBe(alertas.vencehoje);
    } finally {
      await env.admin.put('/v1/users/1', {
        integrations: { alertas: { novacobranca: alertas.novacobranca }, notificacoes: { esperaMinutos: 1 } },
      });
    }
  });
});
