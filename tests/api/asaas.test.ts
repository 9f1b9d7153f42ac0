/**
 * Asaas against the local fake (issue 10 points 4 and 5, DESIGN 9): while the gateway is active,
 * a client gets its customer (found by CPF/CNPJ first), a charge its payment (links stored, then
 * the novacobranca message with them), a subscription its Asaas subscription whose payments come
 * back as charges once; cancelling or removing follows; a payment by webhook pays the charge and
 * reconciles the client; 429 or Asaas down is retried by the queue; the imports are idempotent.
 * Everything through real HTTP: the fake calls our webhook on a listening port.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../domain/calendar';
import { MSG } from '../../domain/messages';
import { runBilling } from '../../server/cobrancas/faturamento';
import { appToday } from '../../server/regras/clock';
import { backends, Client, newUser, validCpf } from '../support/app';
import { listenForAsaasWebhooks, useAppOnAsaasFake } from '../support/asaas';
import { LogCapture } from '../support/log';
import { newAssinatura, newCliente, newCobranca } from '../support/registry';
import { waitFor } from '../support/wait';

describe.each(backends)('Asaas (%s)', (backend) => {
  const log = new LogCapture();
  const app = useAppOnAsaasFake(backend, { workers: { pollingIntervalSeconds: 0.5 }, logStream: log, logLevel: 'info' });
  const { env, asaas } = app;
  // Read when needed, not when the file loads: a run across midnight in São Paulo must see the new day.
  const today = () => appToday();

  beforeAll(async () => {
    expect((await configure(1)).status).toBe(200);
    await listenForAsaasWebhooks(app);
  });

  const configure = (status: 0 | 1, token?: string) =>
    env.admin.put('/v1/users/1', { integrations: { gateway: { api: 'asaas', token: token ?? asaas.fake.apiKey, status } } });
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await env.t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const gatewayIdOf = async (table: 'clientes' | 'cobrancas' | 'assinaturas', id: number) =>
    (await rows<{ gateway_id: string | null }>(sql`SELECT gateway_id FROM ${sql.identifier(table)} WHERE id = ${id}`))[0]?.gateway_id ??
    null;
  const synced = async (table: 'clientes' | 'cobrancas' | 'assinaturas', id: number) => {
    await waitFor(async () => (await gatewayIdOf(table, id)) !== null);
    return (await gatewayIdOf(table, id))!;
  };
  const newClient = async (overrides: Record<string, unknown> = {}) => {
    const created = await env.admin.post('/v1/clientes', newCliente(overrides));
    expect(created.status).toBe(201);
    return created.body as { id: number; cpf: string; name: string };
  };
  const charge = (idcliente: number, overrides: Record<string, unknown> = {}): Promise<{ id: number; duedate: string }> =>
    env.admin.create('/v1/cobrancas', newCobranca(idcliente, { valor: 89.9, duedate: addDays(today(), 10), ...overrides }));
  /** The fake's API, as another Asaas user (the panel) would call it. */
  const asaasApi = async (method: string, path: string, body?: unknown) => {
    const answer = await fetch(`${asaas.fake.url}${path}`, {
      method,
      headers: { access_token: asaas.fake.apiKey, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return answer.json() as Promise<Record<string, any>>;
  };
  const paymentsOf = (externalReference: string) =>
    [...asaas.fake.payments.values()].filter((p) => p.externalReference === externalReference);
  const mensagensOf = (idcobranca: number) =>
    rows<{ kind: string; status: string; texto: string }>(
      sql`SELECT kind, status, texto FROM mensagens WHERE idcobranca = ${idcobranca} ORDER BY id`,
    );
  const asaasJobs = async (state?: string) =>
    (
      await rows<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'asaas-sync' ${state ? sql`AND state = ${state}` : sql``}`,
      )
    )[0].n;
  /** A job failed and waits for its back-off (10-20 s for the first retry). */
  const waitForRetry = () => waitFor(async () => (await asaasJobs('retry')) > 0);
  /** Moves the waiting retries to now, so the test does not wait out the back-off. */
  const retryNow = () =>
    env.t.database.db.execute(sql`UPDATE pgboss.job SET start_after = now() WHERE name = 'asaas-sync' AND state = 'retry'`);

  it('a new client gets its customer: found by CPF first, otherwise created with our id and notifications off; edits follow', async () => {
    const cpf = validCpf();
    const existing = await asaasApi('POST', '/customers', { name: 'Já no Asaas', cpfCnpj: cpf });
    const known = await newClient({ cpf, name: 'Paulo Souza' });
    expect(await synced('clientes', known.id)).toBe(existing.id);
    expect([...asaas.fake.customers.values()].filter((c) => c.cpfCnpj === cpf)).toHaveLength(1);

    const fresh = await newClient({ name: 'Maria Lima', mobilePhone: '(11) 98765-4321', phone: '1133334444', postalCode: '01310-000' });
    const customer = asaas.fake.customers.get(await synced('clientes', fresh.id))!;
    expect(customer).toMatchObject({
      name: 'Maria Lima',
      cpfCnpj: fresh.cpf,
      mobilePhone: '11987654321',
      phone: '1133334444',
      postalCode: '01310000',
      externalReference: String(fresh.id),
      notificationDisabled: true,
    });
    // The gateway id is internal: never in a reply.
    expect((await env.admin.get(`/v1/clientes/${fresh.id}`)).body).not.toHaveProperty('gatewayId');

    const updated = await env.admin.put(
      `/v1/clientes/${fresh.id}`,
      newCliente({ cpf: fresh.cpf, name: 'Maria Lima Souza', email: 'maria@exemplo.com.br' }),
    );
    expect(updated.status).toBe(200);
    await waitFor(() => asaas.fake.customers.get(customer.id)?.name === 'Maria Lima Souza');
    expect(asaas.fake.customers.get(customer.id)?.email).toBe('maria@exemplo.com.br');
  });

  it('a new charge gets its payment (our id as externalReference, links stored), then the novacobranca message carries the link; cancelling or removing deletes it', async () => {
    const cliente = await newClient({ name: 'Joana Prado' });
    const c = await charge(cliente.id);
    const paymentId = await synced('cobrancas', c.id);
    const payment = asaas.fake.payments.get(paymentId)!;
    expect(payment).toMatchObject({
      customer: await gatewayIdOf('clientes', cliente.id),
      billingType: 'UNDEFINED',
      value: 89.9,
      dueDate: c.duedate,
      description: 'Mensalidade',
      externalReference: String(c.id),
      fine: { value: 2, type: 'PERCENTAGE' },
      interest: { value: 1 },
    });
    expect((await env.admin.get(`/v1/cobrancas/${c.id}`)).body).toMatchObject({ invoiceUrl: payment.invoiceUrl, bankSlipUrl: '' });
    // The alert is made after the payment, with the payment page's link and the PIX and boleto the
    // sync read with it (WhatsApp is off here: recorded as skipped).
    await waitFor(async () => (await mensagensOf(c.id)).length === 1);
    const [alert] = await mensagensOf(c.id);
    expect(alert).toMatchObject({ kind: 'novacobranca', status: 'ignorada' });
    const pagamento = (await env.admin.get(`/v1/cobrancas/${c.id}/pagamento`)).body;
    expect(pagamento.pix.payload).toContain(paymentId);
    expect(alert.texto).toContain(`/static/cobranca/${(await env.admin.get(`/v1/cobrancas/${c.id}`)).body.token}`);
    expect(alert.texto).toContain(`PIX copia e cola: ${pagamento.pix.payload}`);
    expect(alert.texto).toContain(`Linha digitável do boleto: ${pagamento.boleto.identificationField}`);
    expect(paymentsOf(String(c.id))).toHaveLength(1);

    // An edit without the links keeps the gateway's.
    await env.admin.put(`/v1/cobrancas/${c.id}`, {
      idcliente: cliente.id,
      descricao: 'Mensalidade',
      valor: 89.9,
      duedate: c.duedate,
      status: 3,
    });
    expect((await env.admin.get(`/v1/cobrancas/${c.id}`)).body).toMatchObject({ status: 3, invoiceUrl: payment.invoiceUrl });
    await waitFor(() => asaas.fake.payments.get(paymentId)?.deleted === true);

    const removed = await charge(cliente.id, { descricao: 'Taxa de instalação', valor: 150 });
    const removedPayment = await synced('cobrancas', removed.id);
    expect((await env.admin.delete(`/v1/cobrancas/${removed.id}`)).status).toBe(200);
    await waitFor(() => asaas.fake.payments.get(removedPayment)?.deleted === true);
    // PAYMENT_DELETED comes back by webhook: the cancelled charge stays as it is.
    await asaas.fake.idle();
    expect((await env.admin.get(`/v1/cobrancas/${c.id}`)).body.status).toBe(3);
  });

  it('a subscription becomes an Asaas subscription; each payment Asaas generates becomes one charge, however often it is delivered; billing leaves it to Asaas', async () => {
    const cliente = await newClient();
    const nextduedate = addDays(today(), 20);
    const created = await env.admin.post('/v1/assinaturas', newAssinatura(cliente.id, { nextduedate }));
    expect(created.status).toBe(201);
    const subId = await synced('assinaturas', created.body.id);
    expect(asaas.fake.subscriptions.get(subId)).toMatchObject({
      value: 59.9,
      cycle: 'MONTHLY',
      description: 'Rastreamento mensal',
      externalReference: `assinatura-${created.body.id}`,
      fine: { value: 2, type: 'PERCENTAGE' },
      interest: { value: 1 },
    });
    const chargesOf = () =>
      rows<{ id: number; gateway_id: string; duedate: string; status: number; invoice_url: string }>(
        sql`SELECT id, gateway_id, duedate::text AS duedate, status, invoice_url FROM cobrancas WHERE idassinatura = ${created.body.id} ORDER BY duedate`,
      );
    // The first payment, made with the subscription: one charge.
    await waitFor(async () => (await chargesOf()).length === 1);
    const [first] = [...asaas.fake.payments.values()].filter((p) => p.subscription === subId);
    expect(await chargesOf()).toMatchObject([{ gateway_id: first.id, duedate: nextduedate, status: 0, invoice_url: first.invoiceUrl }]);

    // The next one, by PAYMENT_CREATED, delivered four times.
    const next = asaas.fake.generateNextPayment(subId);
    await waitFor(async () => (await chargesOf()).length === 2);
    const event = [...asaas.fake.events.values()].find((e) => e.event === 'PAYMENT_CREATED' && e.payment.id === next.id)!;
    for (let i = 0; i < 3; i++) asaas.fake.replay(event.id);
    await asaas.fake.idle();
    expect(asaas.fake.deliveries.filter((d) => d.eventId === event.id).map((d) => d.status)).toEqual([200, 200, 200, 200]);
    const charges = await chargesOf();
    expect(charges).toHaveLength(2);
    expect(charges[1]).toMatchObject({ gateway_id: next.id, duedate: next.dueDate });
    await waitFor(async () => (await mensagensOf(charges[1].id)).length === 1);
    expect((await mensagensOf(charges[1].id))[0].texto).toContain('/static/cobranca/');
    // Our next due date moves on with Asaas'.
    const { nextduedate: following } = (await env.admin.get(`/v1/assinaturas/${created.body.id}`)).body;
    expect(following > next.dueDate).toBe(true);

    // The billing job makes no local charge for it, even when it falls due.
    await runBilling(env.t.database.db, { today: following });
    expect(await chargesOf()).toHaveLength(2);

    // Edits follow; inactive, it goes from Asaas (and its open payments with it).
    const body = { ...created.body, valor: 69.9, description: 'Rastreamento mensal (novo valor)' };
    expect((await env.admin.put(`/v1/assinaturas/${created.body.id}`, body)).status).toBe(200);
    await waitFor(() => asaas.fake.subscriptions.get(subId)?.value === 69.9);
    expect(asaas.fake.subscriptions.get(subId)?.description).toBe('Rastreamento mensal (novo valor)');
    expect((await env.admin.put(`/v1/assinaturas/${created.body.id}`, { ...body, status: 1 })).status).toBe(200);
    await waitFor(() => asaas.fake.subscriptions.get(subId)?.deleted === true);
    await waitFor(async () => (await gatewayIdOf('assinaturas', created.body.id)) === null);
  });

  it('a payment received in Asaas (webhook) pays the charge and unblocks its client at once', async () => {
    const cliente = await newClient();
    const c = await charge(cliente.id, { duedate: addDays(today(), -10) });
    expect((await env.admin.get(`/v1/clientes/${cliente.id}`)).body.status).toBe(1);
    const paymentId = await synced('cobrancas', c.id);
    asaas.fake.pay(paymentId);
    await waitFor(async () => (await env.admin.get(`/v1/cobrancas/${c.id}`)).body.status === 1);
    expect((await env.admin.get(`/v1/clientes/${cliente.id}`)).body.status).toBe(0);
  });

  it('Asaas rate-limited (429) or down: the sync is retried later by the queue, and done once', async () => {
    // The earlier tests' jobs done first: the one 429 must go to this client's job.
    await waitFor(async () => {
      await retryNow();
      return (await asaasJobs('created')) + (await asaasJobs('retry')) + (await asaasJobs('active')) === 0;
    });
    asaas.fake.rateLimit(1);
    const cliente = await newClient();
    await waitForRetry();
    expect(await gatewayIdOf('clientes', cliente.id)).toBeNull();
    await retryNow();
    const customerId = await synced('clientes', cliente.id);
    expect([...asaas.fake.customers.values()].filter((c) => c.cpfCnpj === cliente.cpf).map((c) => c.id)).toEqual([customerId]);

    await asaas.fake.stop();
    const c = await charge(cliente.id);
    await waitForRetry();
    expect(await gatewayIdOf('cobrancas', c.id)).toBeNull();
    expect(await mensagensOf(c.id)).toEqual([]);
    await asaas.fake.restart();
    await retryNow();
    await synced('cobrancas', c.id);
    expect(paymentsOf(String(c.id))).toHaveLength(1);
  });

  it('imports customers, subscriptions and payments by Asaas id: a second run imports nothing new; invalid or unknown records are skipped', async () => {
    const local = await newClient({ name: 'Já Cadastrado' });
    await synced('clientes', local.id);
    // Records made in the Asaas panel (not by the app).
    await configure(0);
    const cpf = validCpf();
    const novo = await asaasApi('POST', '/customers', {
      name: 'Cliente do Asaas',
      cpfCnpj: cpf,
      email: 'asaas@exemplo.com.br',
      mobilePhone: '47998765432',
      postalCode: '89010-000',
    });
    await asaasApi('POST', '/customers', { name: 'CPF inválido', cpfCnpj: '11111111111', email: 'x@exemplo.com.br' });
    await asaasApi('POST', '/customers', { name: 'Sem e-mail', cpfCnpj: validCpf() });
    const sub = await asaasApi('POST', '/subscriptions', {
      customer: novo.id,
      billingType: 'UNDEFINED',
      value: 79.9,
      nextDueDate: addDays(today(), 5),
      cycle: 'MONTHLY',
      description: 'Plano do Asaas',
      fine: { value: 2, type: 'PERCENTAGE' },
      interest: { value: 1 },
    });
    const paid = await asaasApi('POST', '/payments', { customer: novo.id, billingType: 'PIX', value: 120, dueDate: addDays(today(), -3) });
    asaas.fake.pay(paid.id);
    const open = await asaasApi('POST', '/payments', {
      customer: novo.id,
      billingType: 'BOLETO',
      value: 35.5,
      dueDate: addDays(today(), 7),
    });
    await configure(1);
    const customersBefore = asaas.fake.customers.size;
    const paymentsBefore = asaas.fake.payments.size;
    const jobsBefore = await asaasJobs();

    const clientes = await env.admin.get('/v1/clientes/imports/1/asaas');
    expect(clientes.status).toBe(200);
    const customers = [...asaas.fake.customers.values()].filter((c) => !c.deleted).length;
    expect(clientes.body).toEqual({ imported: 1, updated: customers - 3, skipped: 2, message: 'Clientes importados com sucesso' });
    const [imported] = await rows<{ id: number; name: string; cpf: string; mobile_phone: string; postal_code: string }>(
      sql`SELECT id, name, cpf, mobile_phone, postal_code FROM clientes WHERE gateway_id = ${novo.id}`,
    );
    expect(imported).toMatchObject({ name: 'Cliente do Asaas', cpf, mobile_phone: '47998765432', postal_code: '89010000' });
    expect((await env.admin.get('/v1/clientes/imports/1/asaas')).body).toMatchObject({ imported: 0, updated: customers - 2, skipped: 2 });

    const assinaturas = await env.admin.post('/v1/assinaturas/imports/1/asaas');
    const subscriptions = [...asaas.fake.subscriptions.values()].filter((s) => !s.deleted).length;
    expect(assinaturas.body).toEqual({
      imported: 1,
      updated: subscriptions - 1,
      skipped: 0,
      message: 'Assinaturas importadas com sucesso',
    });
    const [assinatura] = await rows<{ id: number; valor: number; cycle: string; status: number; idcliente: number }>(
      sql`SELECT id, valor::float AS valor, cycle, status, idcliente FROM assinaturas WHERE gateway_id = ${sub.id}`,
    );
    expect(assinatura).toMatchObject({ valor: 79.9, cycle: 'MONTHLY', status: 0, idcliente: imported.id });
    expect((await env.admin.get('/v1/assinaturas/imports/1/asaas')).body).toMatchObject({ imported: 0, updated: subscriptions });

    const cobrancas = await env.admin.get('/v1/cobrancas/imports/1/asaas');
    const payments = [...asaas.fake.payments.values()].filter((p) => !p.deleted).length;
    // New: the paid one, the open one and the subscription's first payment — unless the fake's
    // PAYMENT_CREATED webhook for that first payment was applied (by the queue) after the
    // subscription import and before this one: then it is there already, and only updated.
    expect(cobrancas.body).toMatchObject({ skipped: 0, message: 'Cobranças importadas com sucesso' });
    expect(cobrancas.body.imported + cobrancas.body.updated).toBe(payments);
    expect(cobrancas.body.imported).toBeGreaterThanOrEqual(2);
    const importedCharges = await rows<{
      id: number;
      gateway_id: string;
      status: number;
      idassinatura: number | null;
      bank_slip_url: string;
    }>(sql`SELECT id, gateway_id, status, idassinatura, bank_slip_url FROM cobrancas WHERE idcliente = ${imported.id} ORDER BY id`);
    expect(Object.fromEntries(importedCharges.map((c) => [c.gateway_id, c.status]))).toEqual({
      [paid.id]: 1,
      [open.id]: 0,
      [[...asaas.fake.payments.values()].find((p) => p.subscription === sub.id)!.id]: 0,
    });
    expect(importedCharges.find((c) => c.gateway_id === open.id)?.bank_slip_url).toBe(open.bankSlipUrl);
    expect(importedCharges.filter((c) => c.idassinatura === assinatura.id)).toHaveLength(1);
    expect((await env.admin.get('/v1/cobrancas/imports/1/asaas')).body).toMatchObject({ imported: 0, updated: payments, skipped: 0 });

    // Nothing went back to Asaas (not even a job for it), and no alert was made for the imported charges.
    expect(await asaasJobs()).toBe(jobsBefore);
    expect([asaas.fake.customers.size, asaas.fake.payments.size]).toEqual([customersBefore, paymentsBefore]);
    // (The subscription's first payment may have come by its PAYMENT_CREATED webhook before the import: a new charge, with its alert.)
    for (const c of importedCharges.filter((charge) => charge.gateway_id === paid.id || charge.gateway_id === open.id))
      expect(await mensagensOf(c.id)).toEqual([]);
  });

  it('imports answer 403 for another id or a Usuario, 409 while the gateway is inactive or has no token, 502 when Asaas refuses', async () => {
    expect((await env.admin.get('/v1/clientes/imports/2/asaas')).status).toBe(403);
    const user = newUser();
    const created = await env.admin.post('/v1/users', user);
    const usuario = new Client(env.t.app);
    await usuario.login(user.login, user.password);
    expect((await usuario.get(`/v1/cobrancas/imports/${created.body.id}/asaas`)).status).toBe(403);

    // The gateway's secrets reach administrators only.
    const seen = (await usuario.get(`/v1/users/${created.body.id}`)).body.integrations.gateway;
    expect(seen).toMatchObject({ token: '********', webhookToken: '********' });
    expect(JSON.stringify(seen)).not.toContain(asaas.fake.apiKey);

    await configure(0);
    const inactive = await env.admin.get('/v1/assinaturas/imports/1/asaas');
    expect(inactive.status).toBe(409);
    expect(inactive.body.message).toBe(MSG.gatewayNotConfigured);
    await configure(1, '');
    expect((await env.admin.get('/v1/clientes/imports/1/asaas')).status).toBe(409);

    const wrongKey = '$aact_hmlg_chave-errada-0000000000000000';
    await configure(1, wrongKey);
    const refused = await env.admin.get('/v1/clientes/imports/1/asaas');
    expect(refused.status).toBe(502);
    expect(refused.body.message).toMatch(/recusou a chave de API/);
    expect(JSON.stringify(refused.body)).not.toContain(wrongKey);
    await configure(1);
    // No key ever reached the log.
    expect(log.text).not.toContain(asaas.fake.apiKey);
    expect(log.text).not.toContain(wrongKey);
  });

  it("a payment Asaas reports records what Receber records: the date, the value paid (not netValue) and the method (PIX, BOLETO, CREDIT_CARD → pix, boleto, cartao); Recebidas counts an overdue charge's fine and interest; staff do not undo it", async () => {
    expect((await configure(1)).status).toBe(200);
    const cliente = await newClient();
    const duedate = addDays(today(), -13);
    const range = `dataInicio=${duedate}&dataFim=${duedate}`;
    const recebidas = async () => (await env.admin.get(`/v1/cobrancas?${range}`)).body.Informacoes.valors.recebidas as number;
    const before = await recebidas();
    const vencida = await charge(cliente.id, { valor: 100, duedate });
    const boleto = await charge(cliente.id, { valor: 89.9 });
    const cartao = await charge(cliente.id, { valor: 50 });
    const [pixId, boletoId, cartaoId] = [
      await synced('cobrancas', vencida.id),
      await synced('cobrancas', boleto.id),
      await synced('cobrancas', cartao.id),
    ];
    const updated = (await env.admin.get(`/v1/cobrancas/${vencida.id}`)).body.valorAtualizado as number;
    expect(updated).toBeGreaterThan(100);
    asaas.fake.pay(pixId, { billingType: 'PIX', value: updated });
    asaas.fake.pay(boletoId, { billingType: 'BOLETO' });
    asaas.fake.pay(cartaoId, { billingType: 'CREDIT_CARD', event: 'PAYMENT_CONFIRMED' });
    expect(asaas.fake.payments.get(pixId)!.netValue).not.toBe(updated);
    const charged = async (id: number) => (await env.admin.get(`/v1/cobrancas/${id}`)).body;
    for (const c of [vencida, boleto, cartao]) await waitFor(async () => (await charged(c.id)).status === 1);
    const received = { status: 1, paymentDate: today(), recebidoPor: 'gateway' };
    expect(await charged(vencida.id)).toMatchObject({ ...received, valor: 100, valorPago: updated, formaPagamento: 'pix' });
    expect(await charged(boleto.id)).toMatchObject({ ...received, valorPago: 89.9, formaPagamento: 'boleto' });
    expect(await charged(cartao.id)).toMatchObject({ ...received, valorPago: 50, formaPagamento: 'cartao' });

    // Recebidas, the rollups (/financeiro) and the payment page count and say what came in.
    expect(await recebidas()).toBeCloseTo(before + updated, 2);
    expect((await env.admin.get(`/v1/financeiro/resumo?${range}`)).body.valors.recebidas).toBeCloseTo(before + updated, 2);
    const token = (await charged(vencida.id)).token as string;
    expect((await new Client(env.t.app).get(`/v1/static/cobranca/${token}`)).body.cobranca).toMatchObject({
      status: 1,
      pagoEm: today(),
      valorPago: updated,
      formaPagamento: 'pix',
    });
    const [audit] = await rows<{ descricao: string }>(
      sql`SELECT descricao FROM auditoria WHERE idcobranca = ${vencida.id} ORDER BY id DESC LIMIT 1`,
    );
    expect(audit.descricao).toContain('(PIX).');

    // The gateway's record stands: not undone here.
    const undo = await env.admin.delete(`/v1/cobrancas/${vencida.id}/receber`);
    expect(undo.status).toBe(409);
    expect(undo.body.message).toBe('Esta cobrança foi paga pelo gateway: o recebimento não pode ser desfeito aqui.');
    // Refunded: cancelled, with no amount or method left.
    asaas.fake.refund(boletoId);
    await waitFor(async () => (await charged(boleto.id)).status === 3);
    expect(await charged(boleto.id)).toMatchObject({ paymentDate: null, valorPago: null, formaPagamento: null, recebidoPor: null });
  });

  it("an Asaas import records a paid payment's value and method as Receber does, and keeps staff's own receipt (amount, method) that Asaas shows as received in cash", async () => {
    expect((await configure(1)).status).toBe(200);
    const cliente = await newClient();
    const customer = await synced('clientes', cliente.id);
    // Made and paid by card in the Asaas panel, with interest: the webhook finds no charge of ours.
    const panel = await asaasApi('POST', '/payments', { customer, billingType: 'UNDEFINED', value: 60, dueDate: addDays(today(), -5) });
    asaas.fake.pay(panel.id as string, { billingType: 'CREDIT_CARD', value: 61.2, event: 'PAYMENT_CONFIRMED' });
    // Received by staff in cash, for less than its value; Asaas then shows it RECEIVED_IN_CASH.
    const c = await charge(cliente.id, { valor: 89.9 });
    const paymentId = await synced('cobrancas', c.id);
    expect((await env.admin.post(`/v1/cobrancas/${c.id}/receber`, { valor: 70, data: today(), forma: 'dinheiro' })).status).toBe(200);
    await waitFor(() => asaas.fake.payments.get(paymentId)!.status === 'RECEIVED_IN_CASH');

    const imported = await env.admin.get('/v1/cobrancas/imports/1/asaas');
    expect(imported.status).toBe(200);
    const [row] = await rows<{ id: number }>(sql`SELECT id FROM cobrancas WHERE gateway_id = ${panel.id}`);
    expect((await env.admin.get(`/v1/cobrancas/${row.id}`)).body).toMatchObject({
      status: 1,
      valor: 60,
      paymentDate: today(),
      valorPago: 61.2,
      formaPagamento: 'cartao',
      recebidoPor: 'gateway',
    });
    expect((await env.admin.get(`/v1/cobrancas/${c.id}`)).body).toMatchObject({
      status: 1,
      paymentDate: today(),
      valorPago: 70,
      formaPagamento: 'dinheiro',
      recebidoPor: 'equipe',
    });
    expect((await env.admin.delete(`/v1/cobrancas/${row.id}/receber`)).status).toBe(409);
    expect((await env.admin.delete(`/v1/cobrancas/${c.id}/receber`)).status).toBe(200);
  });

  it("a changed open charge reaches its Asaas payment with what Asaas' PUT requires (its billingType, the value and the due date); a refusal is stored on the charge and in its reply, and a later change that goes through clears it", async () => {
    expect((await configure(1)).status).toBe(200);
    const cliente = await newClient();
    const c = await charge(cliente.id, { valor: 80 });
    const paymentId = await synced('cobrancas', c.id);
    const payment = () => asaas.fake.payments.get(paymentId)!;
    const puts = () => asaas.fake.requests.filter((r) => r.method === 'PUT' && r.path === `/v3/payments/${paymentId}`).map((r) => r.status);
    const edit = async (changes: Record<string, unknown>) => {
      const current = (await env.admin.get(`/v1/cobrancas/${c.id}`)).body;
      expect((await env.admin.put(`/v1/cobrancas/${c.id}`, { ...current, ...changes })).status).toBe(200);
    };
    const gatewayErro = async () => (await env.admin.get(`/v1/cobrancas/${c.id}`)).body.gatewayErro as string | null;
    // Asaas knows it as a boleto (the client chose it): it stays one.
    payment().billingType = 'BOLETO';
    await edit({ valor: 95.5, duedate: addDays(today(), 12) });
    await waitFor(() => payment().value === 95.5);
    expect(payment()).toMatchObject({ billingType: 'BOLETO', dueDate: addDays(today(), 12), description: 'Mensalidade' });
    expect(puts()).toEqual([200]);
    expect(await gatewayErro()).toBeNull();

    // Asaas refuses (the payment is under risk analysis): the reason on the charge, the payment as it was.
    payment().status = 'AWAITING_RISK_ANALYSIS';
    await edit({ valor: 99 });
    await waitFor(async () => (await gatewayErro()) !== null);
    const reason = 'O Asaas recusou a alteração: Só é possível editar cobranças aguardando pagamento ou vencidas.';
    expect(await gatewayErro()).toBe(reason);
    expect(puts()).toEqual([200, 400]);
    expect(payment().value).toBe(95.5);
    const listed = (await env.admin.get(`/v1/cobrancas?idcliente=${cliente.id}&status=0`)).body.Items;
    expect(listed.find((i: { id: number }) => i.id === c.id)).toMatchObject({ valor: 99, gatewayErro: reason });

    // A later change that goes through: the payment follows and the reason goes.
    payment().status = 'PENDING';
    await edit({ valor: 101 });
    await waitFor(() => payment().value === 101);
    await waitFor(async () => (await gatewayErro()) === null);
    expect(puts()).toEqual([200, 400, 200]);
  });
});
