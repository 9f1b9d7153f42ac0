/**
 * Getting paid sooner (issue 21, DESIGN 10): the public payment page and its PIX and boleto cache,
 * the payment placeholders and the empty-line rule, receiving by hand and its undo, Recebidas
 * summing what was received, sending to many, and the dashboard's money. Against the Asaas fake,
 * through real HTTP for its calls, on both databases.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, firstOfMonth, lastOfMonth } from '../../domain/calendar';
import { valorAtualizado } from '../../domain/financeiro';
import { DEFAULT_ALERTAS } from '../../server/regras/company';
import { setPublicUrl } from '../../server/regras/public-url';
import { backends, Client, newUser } from '../support/app';
import { useAppOnAsaasWebhooks } from '../support/asaas';
import { newAssinatura, newCliente, newCobranca } from '../support/registry';
import { waitFor } from '../support/wait';

describe.each(backends)('payment page, receiving and sending (%s)', (backend) => {
  const { env, asaas, today, anonymous } = useAppOnAsaasWebhooks(backend, async ({ env }) => {
    await env.admin.put('/v1/users/1', { dadosempresa: { nome: 'Rastreio Sul', cnpj: '11222333000181', contato: '(51) 3333-4444' } });
  });

  const gateway = (status: 0 | 1) =>
    env.admin.put('/v1/users/1', { integrations: { gateway: { api: 'asaas', token: asaas.fake.apiKey, status } } });
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await env.t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const newClient = async (overrides: Record<string, unknown> = {}) => (await env.admin.post('/v1/clientes', newCliente(overrides))).body;
  const charge = (
    idcliente: number,
    overrides: Record<string, unknown> = {},
  ): Promise<{ id: number; token: string; duedate: string; status: number }> =>
    env.admin.create('/v1/cobrancas', newCobranca(idcliente, { valor: 250, duedate: addDays(today(), 10), ...overrides }));
  const page = (token: string) => anonymous().get(`/v1/static/cobranca/${token}`);
  const fakeCalls = (path: string) => asaas.fake.requests.filter((r) => r.path.endsWith(path)).length;
  const mensagensOf = (idcobranca: number) =>
    rows<{ kind: string; texto: string }>(sql`SELECT kind, texto FROM mensagens WHERE idcobranca = ${idcobranca} ORDER BY id`);

  it('the payment page shows the company, the client name, the charge and nothing else; a wrong token is a clear 404', async () => {
    const cliente = await newClient({ name: 'Joana Prado', login: 'joana.app', password: 'segredo-do-app' });
    const other = await newClient({ name: 'Outro Cliente' });
    await charge(other.id, { descricao: 'De outro cliente' });
    const c = await charge(cliente.id, { descricao: 'Mensalidade de março', informacoes: 'Nota interna da equipe' });
    expect(c.token).toMatch(/^[0-9a-f]{64}$/);
    const reply = await page(c.token);
    expect(reply.status).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.body).toEqual({
      empresa: { nome: 'Rastreio Sul', cnpj: '11222333000181', contato: '(51) 3333-4444' },
      cliente: { nome: 'Joana Prado' },
      cobranca: {
        id: c.id,
        descricao: 'Mensalidade de março',
        valor: 250,
        itens: [],
        duedate: c.duedate,
        status: 0,
        vencida: false,
        valorAtualizado: null,
        multa: null,
        juros: null,
        dias: null,
        pagoEm: null,
        valorPago: null,
        formaPagamento: null,
        // The early-payment discount (DESIGN 11): none here.
        desconto: null,
      },
      pix: null,
      boleto: null,
      invoiceUrl: '',
      pixAutomatico: null,
      // A charge without subscription: no forma de cobrança.
      formaCobranca: null,
    });
    const text = JSON.stringify(reply.body);
    for (const hidden of [
      'Nota interna',
      'De outro cliente',
      'Outro Cliente',
      'segredo-do-app',
      'joana.app',
      cliente.cpf,
      'Ana Administradora',
    ])
      expect(text).not.toContain(hidden);
    for (const token of ['nao-existe', c.token.slice(0, 63), `${c.token.slice(0, 63)}0`.replace(c.token, 'f'.repeat(64)), 'A'.repeat(64)]) {
      const wrong = await page(token);
      expect(wrong.status).toBe(404);
      expect(wrong.body).toEqual({ message: 'Cobrança não encontrada: o link é inválido ou a cobrança foi removida.' });
    }
  });

  it('an overdue charge shows its value updated with fine and interest to the cent, as the charge page does', async () => {
    const cliente = await newClient();
    const c = await charge(cliente.id, { valor: 250, duedate: addDays(today(), -15) });
    expect(c.status).toBe(2);
    const staff = (await env.admin.get(`/v1/cobrancas/${c.id}`)).body;
    const expected = valorAtualizado(250, { multa: 2, jurosmensal: 1 }, 15);
    expect(staff.valorAtualizado).toBe(expected.total);
    expect((await page(c.token)).body.cobranca).toMatchObject({
      status: 2,
      vencida: true,
      valorAtualizado: expected.total,
      multa: expected.multa,
      juros: expected.juros,
      dias: 15,
    });
  });

  it('with Asaas: PIX and boleto are read once and cached, read again after the value changes, and a failed read shows the page without them', async () => {
    expect((await gateway(1)).status).toBe(200);
    try {
      const cliente = await newClient();
      const c = await charge(cliente.id, { valor: 120 });
      await waitFor(
        async () =>
          (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM cobrancas WHERE id = ${c.id} AND pagamento_lido_em IS NOT NULL`))[0]
            .n === 1,
      );
      const paymentId = (await rows<{ g: string }>(sql`SELECT gateway_id AS g FROM cobrancas WHERE id = ${c.id}`))[0].g;
      const first = await page(c.token);
      expect(first.status).toBe(200);
      expect(first.body.pix).toMatchObject({ payload: expect.stringContaining(paymentId), encodedImage: expect.stringMatching(/^iVBOR/) });
      expect(first.body.pix.payload).toContain('120.00');
      expect(first.body.boleto.identificationField).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
      expect(first.body.invoiceUrl).toBe(asaas.fake.payments.get(paymentId)!.invoiceUrl);
      // Cached: ten views, no call to Asaas.
      const calls = fakeCalls('/pixQrCode');
      for (let i = 0; i < 10; i++) expect((await page(c.token)).body.pix.payload).toBe(first.body.pix.payload);
      expect(fakeCalls('/pixQrCode')).toBe(calls);

      // A new value: the payment follows in Asaas, and PIX and boleto are read again.
      const current = (await env.admin.get(`/v1/cobrancas/${c.id}`)).body;
      expect((await env.admin.put(`/v1/cobrancas/${c.id}`, { ...current, valor: 135.5 })).status).toBe(200);
      await waitFor(() => asaas.fake.payments.get(paymentId)!.value === 135.5);
      await waitFor(async () => (await page(c.token)).body.pix?.payload.includes('135.50'));
      const after = (await page(c.token)).body;
      expect(after.boleto.identificationField).not.toBe(first.body.boleto.identificationField);
      expect((await env.admin.get(`/v1/cobrancas/${c.id}/pagamento`)).body).toMatchObject({
        link: `http://localhost:80/static/cobranca/${c.token}`,
        pix: { payload: after.pix.payload },
      });

      // Asaas unreachable while nothing is cached: the page, without PIX and boleto; read on a later view.
      await waitFor(
        async () =>
          (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'asaas-sync' AND state < 'completed'`))[0]
            .n === 0,
      );
      await fetch(`${asaas.fake.url.replace('/v3', '')}/__fake/down`, { method: 'POST', body: JSON.stringify({ seconds: 60 }) });
      await env.t.database.db.execute(sql`UPDATE cobrancas SET pix = NULL, boleto = NULL, pagamento_lido_em = NULL WHERE id = ${c.id}`);
      const down = await page(c.token);
      await fetch(`${asaas.fake.url.replace('/v3', '')}/__fake/up`, { method: 'POST' });
      expect(down.status).toBe(200);
      expect(down.body).toMatchObject({ pix: null, boleto: null, cobranca: { id: c.id, valor: 135.5 } });
      expect((await page(c.token)).body.pix.payload).toContain('135.50');

      // Paid by the gateway: the page says so and offers no way to pay.
      asaas.fake.pay(paymentId);
      await waitFor(async () => (await page(c.token)).body.cobranca.status === 1);
      expect((await page(c.token)).body).toMatchObject({
        cobranca: { status: 1, pagoEm: today() },
        pix: null,
        boleto: null,
        invoiceUrl: '',
      });
      // Paid through the gateway: not undone here.
      expect((await env.admin.delete(`/v1/cobrancas/${c.id}/receber`)).body.message).toBe(
        'Esta cobrança foi paga pelo gateway: o recebimento não pode ser desfeito aqui.',
      );
    } finally {
      await gateway(0);
    }
  });

  it("NFS-e: the service from Asaas' list; issued by hand, authorized by INVOICE_AUTHORIZED (applied once), cancelled by an administrator; Asaas' refusal stored in pt-BR; on payment; subscriptions get invoiceSettings", async () => {
    expect((await gateway(1)).status).toBe(200);
    try {
      const servicos = await env.admin.get('/v1/integrations/nfse/servicos?descricao=monitoramento');
      expect(servicos.status).toBe(200);
      expect(servicos.body.Items).toEqual([{ id: '11.02', description: expect.stringContaining('monitoramento'), issTax: 3 }]);
      const settings = {
        ativo: true,
        municipalServiceId: '11.02',
        municipalServiceName: servicos.body.Items[0].description,
        iss: 3,
        retainIss: false,
        descricao: 'Rastreamento: {{description}} ({{codigo}})',
        emissao: 'manual',
      };
      expect((await env.admin.put('/v1/users/1', { integrations: { nfse: { ...settings, municipalServiceId: '' } } })).status).toBe(400);
      expect((await env.admin.put('/v1/users/1', { integrations: { nfse: settings } })).status).toBe(200);
      const cliente = await newClient();
      const c = await charge(cliente.id, { descricao: 'Mensalidade', valor: 99 });
      await waitFor(
        async () => (await rows<{ g: string | null }>(sql`SELECT gateway_id AS g FROM cobrancas WHERE id = ${c.id}`))[0].g !== null,
      );
      const staff = newUser();
      expect((await env.admin.post('/v1/users', staff)).status).toBe(201);
      const usuario = new Client(env.t.app);
      expect((await usuario.login(staff.login, staff.password)).status).toBe(200);

      const issued = await usuario.post(`/v1/cobrancas/${c.id}/nfse`);
      expect(issued.status).toBe(200);
      const invoiceId = issued.body.nfse.id as string;
      expect(asaas.fake.invoices.get(invoiceId)).toMatchObject({
        serviceDescription: `Rastreamento: Mensalidade (${String(c.id).padStart(5, '0')})`,
        municipalServiceId: '11.02',
        value: 99,
        taxes: { iss: 3, retainIss: false },
      });
      const listed = async (nfse: string) =>
        (await env.admin.get(`/v1/cobrancas?idcliente=${cliente.id}&nfse=${nfse}`)).body.Items.map((i: { id: number }) => i.id);
      expect(await listed('agendada')).toEqual([c.id]);
      expect((await usuario.post(`/v1/cobrancas/${c.id}/nfse`)).status).toBe(409);

      asaas.fake.authorizeInvoice(invoiceId);
      await waitFor(async () => (await env.admin.get(`/v1/cobrancas/${c.id}`)).body.nfseStatus === 'emitida');
      const authorized = (await env.admin.get(`/v1/cobrancas/${c.id}`)).body.nfse;
      expect(authorized).toMatchObject({
        id: invoiceId,
        status: 'AUTHORIZED',
        numero: expect.any(String),
        pdfUrl: expect.stringMatching(/\.pdf$/),
        xmlUrl: expect.stringMatching(/\.xml$/),
        erro: null,
      });
      const event = [...asaas.fake.events.values()].find((e) => e.event === 'INVOICE_AUTHORIZED' && e.invoice?.id === invoiceId)!;
      asaas.fake.replay(event.id);
      await asaas.fake.idle();
      const applied = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM webhook_eventos WHERE event_id = ${event.id}`);
      expect(applied[0].n).toBe(1);
      expect(await listed('emitida')).toEqual([c.id]);

      expect((await usuario.post(`/v1/cobrancas/${c.id}/nfse/cancelar`)).status).toBe(403);
      const cancelled = await env.admin.post(`/v1/cobrancas/${c.id}/nfse/cancelar`);
      expect(cancelled.body.nfse.status).toBe('CANCELED');
      expect(await listed('nenhuma')).toEqual([c.id]);

      // Asaas refuses (no fiscal data on the account): its words, stored and shown, a 409.
      const other = await charge(cliente.id, { valor: 50 });
      await waitFor(
        async () => (await rows<{ g: string | null }>(sql`SELECT gateway_id AS g FROM cobrancas WHERE id = ${other.id}`))[0].g !== null,
      );
      asaas.fake.setFiscalConfigured(false);
      const refused = await usuario.post(`/v1/cobrancas/${other.id}/nfse`);
      asaas.fake.setFiscalConfigured(true);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('Asaas: Configure as informações fiscais da sua conta antes de emitir notas fiscais.');
      expect((await env.admin.get(`/v1/cobrancas/${other.id}`)).body).toMatchObject({
        nfseStatus: 'erro',
        nfse: { erro: refused.body.message },
      });
      // The city hall refuses later: INVOICE_ERROR with its reason.
      const retried = await usuario.post(`/v1/cobrancas/${other.id}/nfse`);
      expect(retried.status).toBe(200);
      asaas.fake.failInvoice(retried.body.nfse.id, 'Alíquota de ISS divergente da cadastrada na prefeitura.');
      await waitFor(
        async () =>
          (await env.admin.get(`/v1/cobrancas/${other.id}`)).body.nfse?.erro === 'Alíquota de ISS divergente da cadastrada na prefeitura.',
      );
      expect(await listed('erro')).toEqual([other.id]);

      // On payment: received by hand, its NFS-e is issued by the gateway sync.
      expect((await env.admin.put('/v1/users/1', { integrations: { nfse: { ...settings, emissao: 'pagamento' } } })).status).toBe(200);
      const paid = await charge(cliente.id, { valor: 70 });
      const paidPayment = await (async () => {
        await waitFor(
          async () => (await rows<{ g: string | null }>(sql`SELECT gateway_id AS g FROM cobrancas WHERE id = ${paid.id}`))[0].g !== null,
        );
        return (await rows<{ g: string }>(sql`SELECT gateway_id AS g FROM cobrancas WHERE id = ${paid.id}`))[0].g;
      })();
      expect((await env.admin.post(`/v1/cobrancas/${paid.id}/receber`, { valor: 70, data: today(), forma: 'dinheiro' })).status).toBe(200);
      await waitFor(() => [...asaas.fake.invoices.values()].some((i) => i.payment === paidPayment));
      await waitFor(async () => (await env.admin.get(`/v1/cobrancas/${paid.id}`)).body.nfseStatus === 'agendada');

      // A subscription: Asaas invoices each payment (invoiceSettings on payment confirmation).
      const sub = await env.admin.post(
        '/v1/assinaturas',
        newAssinatura(cliente.id, { description: 'Plano', valor: 60, nextduedate: addDays(today(), 20) }),
      );
      expect(sub.status).toBe(201);
      await waitFor(
        async () =>
          (await rows<{ g: string | null }>(sql`SELECT gateway_id AS g FROM assinaturas WHERE id = ${sub.body.id}`))[0].g !== null,
      );
      const subId = (await rows<{ g: string }>(sql`SELECT gateway_id AS g FROM assinaturas WHERE id = ${sub.body.id}`))[0].g;
      await waitFor(() => asaas.fake.invoiceSettings.has(subId));
      expect(asaas.fake.invoiceSettings.get(subId)).toMatchObject({
        municipalServiceId: '11.02',
        effectiveDatePeriod: 'ON_PAYMENT_CONFIRMATION',
        taxes: { iss: 3 },
      });
      const csv = (await env.admin.get(`/v1/cobrancas?idcliente=${cliente.id}`)).body.Items.find((i: { id: number }) => i.id === c.id);
      expect(csv.nfse).toMatchObject({ status: 'CANCELED' });
    } finally {
      await env.admin.put('/v1/users/1', { integrations: { nfse: { ativo: false } } });
      await gateway(0);
    }
  });

  it('NFS-e: {{itens}} lists a contract charge’s lines (DESIGN 11); its line is left out for a charge without them', async () => {
    expect((await gateway(1)).status).toBe(200);
    try {
      const nfse = {
        ativo: true,
        municipalServiceId: '11.02',
        municipalServiceName: 'Monitoramento',
        iss: 3,
        retainIss: false,
        descricao: 'Rastreamento: {{descricao}}\nItens: {{itens}}',
        emissao: 'manual',
      };
      expect((await env.admin.put('/v1/users/1', { integrations: { nfse } })).status).toBe(200);
      const cliente = await newClient();
      const comItens = await charge(cliente.id, { descricao: 'Mensalidade', valor: 83.23 });
      const semItens = await charge(cliente.id, { descricao: 'Instalação', valor: 50 });
      const linhas = [
        {
          tipo: 'mensalidade',
          descricao: 'Rastreador',
          placa: 'ABC1D23',
          de: '2099-04-01',
          ate: '2099-04-30',
          dias: 30,
          valor: 60,
          iditem: 1,
        },
        {
          tipo: 'proporcional',
          descricao: 'Rastreador',
          placa: 'XYZ9Z99',
          de: '2099-03-01',
          ate: '2099-03-31',
          dias: 12,
          valor: 23.23,
          iditem: 2,
        },
      ];
      await env.t.database.db.execute(sql`UPDATE cobrancas SET itens = ${JSON.stringify(linhas)}::jsonb WHERE id = ${comItens.id}`);
      for (const c of [comItens, semItens])
        await waitFor(
          async () => (await rows<{ g: string | null }>(sql`SELECT gateway_id AS g FROM cobrancas WHERE id = ${c.id}`))[0].g !== null,
        );
      const com = await env.admin.post(`/v1/cobrancas/${comItens.id}/nfse`);
      expect(com.status).toBe(200);
      expect(asaas.fake.invoices.get(com.body.nfse.id as string)?.serviceDescription).toBe(
        'Rastreamento: Mensalidade\nItens: ABC1D23 mensalidade R$ 60,00; XYZ9Z99 proporcional 12 dias R$ 23,23',
      );
      const sem = await env.admin.post(`/v1/cobrancas/${semItens.id}/nfse`);
      expect(asaas.fake.invoices.get(sem.body.nfse.id as string)?.serviceDescription).toBe('Rastreamento: Instalação');
    } finally {
      await env.admin.put('/v1/users/1', { integrations: { nfse: { ativo: false } } });
      await gateway(0);
    }
  });

  it('messages carry the payment link; a line whose placeholders are all empty is left out (no PIX line with Asaas off)', async () => {
    const cliente = await newClient({ mobilePhone: '(11) 98765-4321' });
    const c = await charge(cliente.id, { valor: 80 });
    await waitFor(async () => (await mensagensOf(c.id)).length === 1);
    const [alert] = await mensagensOf(c.id);
    const lines = alert.texto.split('\n');
    expect(lines).toContain(`Pague pelo link: http://localhost:80/static/cobranca/${c.token}`);
    expect(alert.texto).not.toContain('PIX copia e cola');
    expect(alert.texto).not.toContain('Linha digitável');
    expect(lines.every((line) => !/:\s*$/.test(line))).toBe(true);
  });

  it("the charge carries linkPagamento from PUBLIC_URL, the link the message carries; null without PUBLIC_URL (the browser's origin then)", async () => {
    const cliente = await newClient();
    const c = await charge(cliente.id);
    expect((await env.admin.get(`/v1/cobrancas/${c.id}`)).body.linkPagamento).toBeNull();
    setPublicUrl('https://pagar.rastreio.example/');
    try {
      const expected = `https://pagar.rastreio.example/static/cobranca/${c.token}`;
      expect((await env.admin.get(`/v1/cobrancas/${c.id}`)).body.linkPagamento).toBe(expected);
      const list = (await env.admin.get(`/v1/cobrancas?idcliente=${cliente.id}`)).body.Items as { id: number; linkPagamento: string }[];
      expect(list.find((item) => item.id === c.id)?.linkPagamento).toBe(expected);
      const created = await charge(cliente.id);
      expect((created as { linkPagamento?: string }).linkPagamento).toBe(`https://pagar.rastreio.example/static/cobranca/${created.token}`);
      expect((await env.admin.get(`/v1/cobrancas/${c.id}/pagamento`)).body.link).toBe(expected);
    } finally {
      setPublicUrl(undefined);
    }
  });

  it('an install made before the payment page gets the new default alerts where it kept the old ones word for word (migration 0017); an edited alert stays', async () => {
    const antigo = {
      novacobranca:
        'Olá, {{name}}! Sua cobrança {{codigo}} de {{valor}} ({{description}}) foi gerada em {{dateCreated}} e vence em {{dueDate}}. Pague pelo link: {{invoiceUrl}}',
      vencehoje: 'Olá, {{name}}! Sua cobrança {{codigo}} de {{valor}} vence hoje ({{dueDate}}). Link para pagamento: {{invoiceUrl}}',
      vencida: 'Texto da empresa, editado: {{invoiceUrl}}',
    };
    const before = (await env.admin.get('/v1/users/1')).body.integrations.alertas as Record<string, string>;
    expect((await env.admin.put('/v1/users/1', { integrations: { alertas: { ...before, ...antigo } } })).status).toBe(200);
    const migration = readFileSync(new URL('../../server/db/migrations/0017_recebimento_desfeito.sql', import.meta.url), 'utf8');
    const updates = migration
      .split('--> statement-breakpoint')
      .filter((statement) => /^\s*(--.*\n\s*)*UPDATE company_settings/.test(statement));
    expect(updates).toHaveLength(3);
    try {
      for (const statement of updates) await env.t.database.db.execute(sql.raw(statement));
      const after = (await env.admin.get('/v1/users/1')).body.integrations.alertas as Record<string, string>;
      expect(after.novacobranca).toBe(DEFAULT_ALERTAS.novacobranca);
      expect(after.vencehoje).toBe(DEFAULT_ALERTAS.vencehoje);
      expect(after.vencida).toBe(antigo.vencida);
      expect(after.recebida).toBe(before.recebida);
    } finally {
      await env.admin.put('/v1/users/1', { integrations: { alertas: before } });
    }
  });

  it('a charge received before migration 0023 keeps who received it: a gateway payment (a gateway id, no method) is still not undone here, a receipt by staff still is', async () => {
    const cliente = await newClient();
    const [gatewayPaid, staffPaid] = [await charge(cliente.id, { valor: 40 }), await charge(cliente.id, { valor: 41 })];
    // As the release before left them: no recebido_por.
    await env.t.database.db.execute(
      sql`UPDATE cobrancas SET status = 1, payment_date = ${today()}, gateway_id = 'pay_legado_' || id, recebido_por = NULL,
          valor_pago = CASE WHEN id = ${staffPaid.id} THEN 41 END, forma_pagamento = CASE WHEN id = ${staffPaid.id} THEN 'dinheiro' END
          WHERE id IN (${gatewayPaid.id}, ${staffPaid.id})`,
    );
    const migration = readFileSync(new URL('../../server/db/migrations/0023_cobrancas_recebido_por.sql', import.meta.url), 'utf8');
    const updates = migration.split('--> statement-breakpoint').filter((statement) => /^\s*UPDATE "cobrancas"/.test(statement));
    expect(updates).toHaveLength(1);
    await env.t.database.db.execute(sql.raw(updates[0]));
    expect((await env.admin.get(`/v1/cobrancas/${gatewayPaid.id}`)).body.recebidoPor).toBe('gateway');
    expect((await env.admin.get(`/v1/cobrancas/${staffPaid.id}`)).body.recebidoPor).toBe('equipe');
    const refused = await env.admin.delete(`/v1/cobrancas/${gatewayPaid.id}/receber`);
    expect([refused.status, refused.body.message]).toEqual([
      409,
      'Esta cobrança foi paga pelo gateway: o recebimento não pode ser desfeito aqui.',
    ]);
    expect((await env.admin.delete(`/v1/cobrancas/${staffPaid.id}/receber`)).status).toBe(200);
  });

  it('Receber records the amount, date and method; Recebidas sums what was received; only an administrator undoes it, audited', async () => {
    const cliente = await newClient();
    const duedate = addDays(today(), -10);
    const c = await charge(cliente.id, { valor: 250, duedate });
    const updated = (await env.admin.get(`/v1/cobrancas/${c.id}`)).body.valorAtualizado as number;
    const staff = newUser();
    expect((await env.admin.post('/v1/users', staff)).status).toBe(201);
    const usuario = new Client(env.t.app);
    expect((await usuario.login(staff.login, staff.password)).status).toBe(200);
    const range = `dataInicio=${duedate}&dataFim=${duedate}`;
    const recebidas = async () => (await env.admin.get(`/v1/cobrancas?${range}`)).body.Informacoes;
    const before = await recebidas();

    // Bad bodies: a 400 per field, nothing changed.
    for (const [body, field] of [
      [{ valor: 0, data: today(), forma: 'pix' }, 'valor'],
      [{ valor: 10, data: addDays(today(), 1), forma: 'pix' }, 'data'],
      [{ valor: 10, data: '31/02/2026', forma: 'pix' }, 'data'],
      [{ valor: 10, data: today(), forma: 'cheque' }, 'forma'],
    ] as const) {
      const refused = await usuario.post(`/v1/cobrancas/${c.id}/receber`, body);
      expect(refused.status).toBe(400);
      expect(Object.keys(refused.body.errors)).toEqual([field]);
    }
    expect((await env.admin.get(`/v1/cobrancas/${c.id}`)).body.status).toBe(2);

    const received = await usuario.post(`/v1/cobrancas/${c.id}/receber`, { valor: updated, data: today(), forma: 'pix' });
    expect(received.status).toBe(200);
    expect((await env.admin.get(`/v1/cobrancas/${c.id}`)).body).toMatchObject({
      status: 1,
      paymentDate: today(),
      valorPago: updated,
      formaPagamento: 'pix',
    });
    expect((await page(c.token)).body.cobranca).toMatchObject({ status: 1, pagoEm: today(), valorPago: updated, formaPagamento: 'pix' });
    const after = await recebidas();
    expect(after.qnt.recebidas).toBe(before.qnt.recebidas + 1);
    expect(after.valors.recebidas).toBeCloseTo(before.valors.recebidas + updated, 2);
    expect(after.valors.vencidas).toBeCloseTo(before.valors.vencidas - 250, 2);
    // The rollups (/financeiro) say the same as the rows.
    const resumo = (await env.admin.get(`/v1/financeiro/resumo?${range}`)).body;
    expect(resumo.valors.recebidas).toBeCloseTo(after.valors.recebidas, 2);
    expect((await usuario.post(`/v1/cobrancas/${c.id}/receber`, { valor: 1, data: today(), forma: 'pix' })).status).toBe(409);

    expect((await usuario.delete(`/v1/cobrancas/${c.id}/receber`)).status).toBe(403);
    const undone = await env.admin.delete(`/v1/cobrancas/${c.id}/receber`);
    expect(undone.status).toBe(200);
    expect((await env.admin.get(`/v1/cobrancas/${c.id}`)).body).toMatchObject({
      status: 2,
      paymentDate: null,
      valorPago: null,
      formaPagamento: null,
    });
    expect((await recebidas()).valors.recebidas).toBeCloseTo(before.valors.recebidas, 2);
    const audits = await rows<{ usuario: string; descricao: string }>(
      sql`SELECT usuario, descricao FROM auditoria WHERE idcobranca = ${c.id} ORDER BY id`,
    );
    expect(audits.map((a) => a.usuario)).toEqual([staff.name, 'Ana Administradora']);
    expect(audits[1].descricao).toMatch(/Recebimento da cobrança .* desfeito/);
    expect((await env.admin.delete(`/v1/cobrancas/${c.id}/receber`)).status).toBe(409);
  });

  it('Receber needs the date paid: without data (absent, empty or null) it is a 400 in pt-BR under data and the charge is unchanged', async () => {
    const cliente = await newClient();
    const c = await charge(cliente.id, { valor: 90 });
    const bodies: Record<string, unknown>[] = [
      { valor: 90, forma: 'pix' },
      { valor: 90, data: '', forma: 'pix' },
      { valor: 90, data: null, forma: 'pix' },
    ];
    for (const body of bodies) {
      const refused = await env.admin.post(`/v1/cobrancas/${c.id}/receber`, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.errors).toEqual({ data: 'Informe a data do pagamento (dd/mm/aaaa), que não pode estar no futuro.' });
    }
    expect((await env.admin.get(`/v1/cobrancas/${c.id}`)).body).toMatchObject({
      status: 0,
      paymentDate: null,
      valorPago: null,
      formaPagamento: null,
    });
    expect((await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM auditoria WHERE idcobranca = ${c.id}`))[0].n).toBe(0);
  });

  it("Receber tells Asaas (receiveInCash, client not notified) and the undo too; Asaas' webhooks keep staff's amount and method; a 404 is recorded in pt-BR, the receipt kept", async () => {
    expect((await gateway(1)).status).toBe(200);
    try {
      const cliente = await newClient();
      const c = await charge(cliente.id, { valor: 90 });
      const gatewayIdOf = async (id: number) =>
        (await rows<{ g: string | null }>(sql`SELECT gateway_id AS g FROM cobrancas WHERE id = ${id}`))[0].g;
      await waitFor(async () => !!(await gatewayIdOf(c.id)));
      const paymentId = (await gatewayIdOf(c.id))!;
      const webhookOutcomes = () =>
        rows<{ event: string; status: string }>(
          sql`SELECT payload->>'event' AS event, status FROM webhook_eventos WHERE payload->'payment'->>'id' = ${paymentId} ORDER BY id`,
        );

      expect((await env.admin.post(`/v1/cobrancas/${c.id}/receber`, { valor: 85.5, data: today(), forma: 'dinheiro' })).status).toBe(200);
      await waitFor(() => asaas.fake.payments.get(paymentId)!.status === 'RECEIVED_IN_CASH');
      const call = asaas.fake.requests.find((r) => r.path.endsWith(`/payments/${paymentId}/receiveInCash`));
      expect(call?.status).toBe(200);
      expect(asaas.fake.payments.get(paymentId)).toMatchObject({ paymentDate: today() });
      // Asaas's PAYMENT_RECEIVED comes back: applied once, nothing doubled, staff's amount and method stay.
      await waitFor(async () => (await webhookOutcomes()).some((e) => e.event === 'PAYMENT_RECEIVED' && e.status !== 'recebido'));
      expect((await webhookOutcomes()).filter((e) => e.event === 'PAYMENT_RECEIVED').map((e) => e.status)).toEqual(['ignorado']);
      expect((await env.admin.get(`/v1/cobrancas/${c.id}`)).body).toMatchObject({ status: 1, valorPago: 85.5, formaPagamento: 'dinheiro' });

      expect((await env.admin.delete(`/v1/cobrancas/${c.id}/receber`)).status).toBe(200);
      await waitFor(() => asaas.fake.payments.get(paymentId)!.status === 'PENDING');
      await waitFor(async () =>
        (await webhookOutcomes()).some((e) => e.event === 'PAYMENT_RECEIVED_IN_CASH_UNDONE' && e.status === 'ignorado'),
      );
      expect((await env.admin.get(`/v1/cobrancas/${c.id}`)).body).toMatchObject({ status: 0, valorPago: null, formaPagamento: null });

      // Asaas's echo of the receipt in cash arriving only after the undo (a late delivery): the undo stands.
      const webhookToken = (await env.admin.get('/v1/users/1')).body.integrations.gateway.webhookToken as string;
      const late = (id: string, status: string) =>
        anonymous().post(
          '/webhook/cobranca/1/asaas',
          { id, event: 'PAYMENT_RECEIVED', payment: { id: paymentId, status, value: 85.5, paymentDate: today() } },
          { 'asaas-access-token': webhookToken },
        );
      expect((await late('evt_tardio_dinheiro', 'RECEIVED_IN_CASH')).status).toBe(200);
      const outcomeOf = async (id: string) =>
        (await rows<{ status: string }>(sql`SELECT status FROM webhook_eventos WHERE payload->>'id' = ${id}`))[0]?.status;
      await waitFor(async () => (await outcomeOf('evt_tardio_dinheiro')) === 'ignorado');
      expect((await env.admin.get(`/v1/cobrancas/${c.id}`)).body).toMatchObject({ status: 0, valorPago: null, paymentDate: null });
      // A real payment afterwards (PIX through Asaas, status RECEIVED) is applied as always.
      expect((await late('evt_pix_depois', 'RECEIVED')).status).toBe(200);
      await waitFor(async () => (await outcomeOf('evt_pix_depois')) === 'aplicado');
      expect((await env.admin.get(`/v1/cobrancas/${c.id}`)).body).toMatchObject({ status: 1, paymentDate: today() });

      // A payment Asaas no longer has (or a service without the endpoint): a pt-BR failure in the audit, the receipt kept.
      const d = await charge(cliente.id, { valor: 70 });
      await waitFor(async () => !!(await gatewayIdOf(d.id)));
      asaas.fake.payments.delete((await gatewayIdOf(d.id))!);
      const received = await env.admin.post(`/v1/cobrancas/${d.id}/receber`, { valor: 70, data: today(), forma: 'pix' });
      expect(received.status).toBe(200);
      const failures = () =>
        rows<{ descricao: string }>(sql`SELECT descricao FROM auditoria WHERE idcobranca = ${d.id} AND descricao LIKE '%Asaas%falhou%'`);
      await waitFor(async () => (await failures()).length === 1);
      expect((await failures())[0].descricao).toMatch(
        /Informar ao Asaas o recebimento da cobrança \d+ falhou: o Asaas não encontrou o pagamento/,
      );
      expect((await env.admin.get(`/v1/cobrancas/${d.id}`)).body).toMatchObject({ status: 1, valorPago: 70, formaPagamento: 'pix' });
    } finally {
      await gateway(0);
    }
  });

  it("a charge made while Asaas refused the key (401) syncs as soon as the administrator saves the right key, not at the retry's next turn, and its alert carries PIX", async () => {
    const wrongKey = `$aact_hmlg_${'9'.repeat(99)}`;
    expect((await env.admin.put('/v1/users/1', { integrations: { gateway: { api: 'asaas', token: wrongKey, status: 1 } } })).status).toBe(
      200,
    );
    try {
      const cliente = await newClient();
      const c = await charge(cliente.id, { valor: 77 });
      const refused = () => asaas.fake.requests.filter((r) => r.status === 401).length;
      await waitFor(() => refused() > 0);
      // Its job failed and waits for its retry (a job still running when the key is saved keeps its back-off).
      const waiting = () => rows<{ id: string }>(sql`SELECT id::text AS id FROM pgboss.job WHERE name = 'asaas-sync' AND state = 'retry'`);
      await waitFor(async () => (await waiting()).length > 0);
      const retrying = (await waiting()).map((job) => job.id);
      const linked = async () =>
        (await rows<{ g: string | null }>(sql`SELECT gateway_id AS g FROM cobrancas WHERE id = ${c.id}`))[0].g !== null;
      expect(await linked()).toBe(false);
      // The key fixed: the job waiting for its retry (10 s or more away) runs now. Measured on the
      // times pg-boss stores, not on the wall clock: saving the key brings each waiting job's start
      // forward to the save (left alone, it would start 10 s or more after the failure).
      expect((await gateway(1)).status).toBe(200);
      for (const id of retrying) {
        const [job] = await rows<{ due: boolean }>(sql`SELECT start_after <= now() AS due FROM pgboss.job WHERE id::text = ${id}`);
        expect(job?.due, `job ${id} brought forward`).toBe(true);
      }
      await waitFor(linked);
      await waitFor(async () => (await mensagensOf(c.id)).some((m) => m.kind === 'novacobranca'));
      expect((await mensagensOf(c.id)).find((m) => m.kind === 'novacobranca')!.texto).toMatch(/PIX copia e cola: \S+/);
    } finally {
      await gateway(0);
    }
  });

  it('sending to many answers one result per charge: sent, or skipped and why', async () => {
    const withPhone = await newClient({ mobilePhone: '(11) 98765-4321' });
    const noPhone = await newClient({ mobilePhone: '', contatos: [] });
    const open = await charge(withPhone.id);
    const cancelled = await charge(withPhone.id, { status: 3 });
    const unreachable = await charge(noPhone.id);
    const ids = [open.id, cancelled.id, unreachable.id, 2_000_000_000];
    const off = await env.admin.post('/v1/cobrancas/enviar', { ids });
    expect(off.status).toBe(200);
    expect(off.body.resultados.map((r: { status: string }) => r.status)).toEqual(['ignorada', 'ignorada', 'ignorada', 'ignorada']);
    expect(off.body.resultados[0].motivo).toBe('A integração com o WhatsApp não está ativa.');

    await env.admin.put('/v1/users/1', {
      integrations: { whats: { server: 'http://127.0.0.1:9', instance: 'x', token: 'tok-whats-123', status: 1 } },
    });
    try {
      const sent = await env.admin.post('/v1/cobrancas/enviar', { ids });
      expect(sent.body).toMatchObject({ enviadas: 1, ignoradas: 3 });
      expect(sent.body.resultados).toEqual([
        { id: open.id, status: 'enviada', motivo: '' },
        { id: cancelled.id, status: 'ignorada', motivo: 'A cobrança está cancelada.' },
        { id: unreachable.id, status: 'ignorada', motivo: 'O cliente não tem celular cadastrado.' },
        { id: 2_000_000_000, status: 'ignorada', motivo: 'Cobrança não encontrada.' },
      ]);
      expect((await mensagensOf(open.id)).filter((m) => m.kind === 'envio')).toHaveLength(1);
    } finally {
      await env.admin.put('/v1/users/1', { integrations: { whats: { status: 0 } } });
    }
    for (const body of [{ ids: [] }, { ids: Array.from({ length: 101 }, (_, i) => i + 1) }, { ids: ['x'] }, {}]) {
      const refused = await env.admin.post('/v1/cobrancas/enviar', body);
      expect(refused.status).toBe(400);
      expect(refused.body.errors.ids ?? refused.body.errors['ids.0']).toBeTruthy();
    }
  });

  it('indicadores: recurring revenue per month, received this month and the overdue rate, each with last month', async () => {
    const read = async () => (await env.admin.get('/v1/financeiro/indicadores')).body;
    const before = await read();
    const cliente = await newClient();
    const sub = (cycle: string, valor: number) =>
      env.admin.post('/v1/assinaturas', {
        idcliente: cliente.id,
        description: 'Plano',
        valor,
        nextduedate: addDays(today(), 40),
        cycle,
        multa: 2,
        jurosmensal: 1,
      });
    expect((await sub('MONTHLY', 100)).status).toBe(201);
    expect((await sub('YEARLY', 1200)).status).toBe(201);
    expect((await sub('QUARTERLY', 300)).status).toBe(201);
    const withSubs = await read();
    expect(withSubs.mrr.valor).toBeCloseTo(before.mrr.valor + 300, 2);
    // Created this month: not in last month's figure.
    expect(withSubs.mrr.anterior).toBeCloseTo(before.mrr.anterior, 2);

    const c = await charge(cliente.id, { valor: 40, duedate: today() });
    expect((await env.admin.post(`/v1/cobrancas/${c.id}/receber`, { valor: 42.5, data: today(), forma: 'dinheiro' })).status).toBe(200);
    expect((await read()).recebidoMes.valor).toBeCloseTo(withSubs.recebidoMes.valor + 42.5, 2);

    // The overdue rate: overdue amount over the amount due this month up to today.
    const [figures] = await rows<{ vencido: number; devido: number }>(sql`
      SELECT coalesce(sum(valor) FILTER (WHERE status = 2 OR (status = 0 AND duedate < ${today()}::date)), 0)::float8 AS vencido,
             coalesce(sum(CASE WHEN status = 1 THEN coalesce(valor_pago, valor) ELSE valor END) FILTER (WHERE status <> 3), 0)::float8 AS devido
      FROM cobrancas WHERE duedate BETWEEN ${firstOfMonth(today())}::date AND ${today()}::date`);
    const now = await read();
    expect(now.inadimplencia.valor).toBeCloseTo(figures.devido ? (100 * figures.vencido) / figures.devido : 0, 1);
    expect(now).toMatchObject({ hoje: today(), inadimplencia: { anterior: expect.any(Number) } });
    expect(lastOfMonth(today()) >= today()).toBe(true);
  });
});
