/**
 * Pix Automático (DESIGN 11, "Collecting without chasing"; INTEGRATIONS.md 4.3), against the
 * Asaas fake: the setting off → 409, BIWEEKLY → 400; the authorization's QR code (reused until it
 * expires) on the route and the payment page; ACTIVATED → ativa, the Asaas subscription INACTIVE and
 * the product's next charge debited with the authorization, its message debitoAgendado, the page
 * "será debitado"; REFUSED → boleto_pix with why, the Asaas subscription ACTIVE and formaAlterada;
 * replayed events applied once; an account without the feature (403) explained in pt-BR.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../domain/calendar';
import { MSG_FORMA } from '../../domain/forma-cobranca';
import { runBilling } from '../../server/cobrancas/faturamento';
import { backends } from '../support/app';
import { useAppOnAsaasWebhooks } from '../support/asaas';
import { newAssinatura, newCliente } from '../support/registry';
import { waitFor } from '../support/wait';

describe.each(backends)('Pix Automático (%s)', (backend) => {
  const { env, asaas, today, anonymous } = useAppOnAsaasWebhooks(backend, async ({ env, asaas }) => {
    const saved = await env.admin.put('/v1/users/1', { integrations: { gateway: { api: 'asaas', token: asaas.fake.apiKey, status: 1 } } });
    expect(saved.status).toBe(200);
  });

  const pixSetting = (ativo: boolean) => env.admin.put('/v1/users/1', { integrations: { pixAutomatico: { ativo } } });
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await env.t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const mensagens = (idcobranca: number) =>
    rows<{ kind: string; texto: string }>(sql`SELECT kind, texto FROM mensagens WHERE idcobranca = ${idcobranca} ORDER BY id`);
  /** A subscription synced with Asaas, with its first charge (from Asaas's first payment). */
  const synced = async (overrides: Record<string, unknown> = {}) => {
    const cliente = (await env.admin.post('/v1/clientes', newCliente())).body as { id: number };
    const created = await env.admin.post(
      '/v1/assinaturas',
      newAssinatura(cliente.id, { valor: 90, nextduedate: addDays(today(), 8), ...overrides }),
    );
    expect(created.status).toBe(201);
    const subscriptionOf = () =>
      [...asaas.fake.subscriptions.values()].find((s) => s.externalReference === `assinatura-${created.body.id}`);
    await waitFor(() => subscriptionOf() !== undefined);
    const chargesOf = () =>
      rows<{ id: number; token: string }>(sql`SELECT id, token FROM cobrancas WHERE idassinatura = ${created.body.id} ORDER BY id`);
    await waitFor(async () => (await chargesOf()).length === 1);
    return { id: created.body.id as number, subscription: subscriptionOf()!, charge: (await chargesOf())[0], chargesOf };
  };
  const route = (id: number) => `/v1/assinaturas/${id}/pix-automatico`;
  /** The subscription's next period billed (due in 3 days): its charge, and the payment the fake received for it. */
  const nextPeriodBilled = async (sub: Awaited<ReturnType<typeof synced>>) => {
    await env.t.database.db.execute(sql`UPDATE assinaturas SET nextduedate = ${addDays(today(), 3)} WHERE id = ${sub.id}`);
    // Another billing run (the workers' own) may hold the lock: this one is skipped, then tried again.
    await waitFor(async () => !(await runBilling(env.t.database.db, { today: today(), effects: env.t.app.effects })).skipped);
    await waitFor(async () => (await sub.chargesOf()).length === 2);
    const next = (await sub.chargesOf())[1];
    await waitFor(() => [...asaas.fake.payments.values()].some((p) => p.externalReference === String(next.id)));
    return { next, payment: [...asaas.fake.payments.values()].find((p) => p.externalReference === String(next.id))! };
  };

  it('off until the setting is on (409); BIWEEKLY and BIMONTHLY have no Pix Automático (400); an account without it (403) is explained', async () => {
    const sub = await synced();
    const off = await env.admin.post(route(sub.id), {});
    expect(off.status).toBe(409);
    expect(off.body.message).toBe(MSG_FORMA.pixInativo);
    expect((await pixSetting(true)).status).toBe(200);
    const quinzenal = await synced({ cycle: 'BIWEEKLY' });
    const refused = await env.admin.post(route(quinzenal.id), {});
    expect(refused.status).toBe(400);
    expect(refused.body.errors.cycle).toBe(MSG_FORMA.pixCiclo);
    asaas.fake.setFeatureOff('pixAutomatic', true);
    try {
      const notEnabled = await env.admin.post(route(sub.id), {});
      expect(notEnabled.status).toBe(409);
      expect(notEnabled.body.message).toBe(MSG_FORMA.pixNaoLiberado);
    } finally {
      asaas.fake.setFeatureOff('pixAutomatic', false);
    }
    expect((await env.admin.get(`/v1/assinaturas/${sub.id}`)).body.formaCobranca).toBe('boleto_pix');
  });

  it("the authorization's life through its events: QR code (reused), ativa with the debits made here, then refused back to boleto/PIX; replays applied once", async () => {
    expect((await pixSetting(true)).status).toBe(200);
    const sub = await synced();
    const asked = await env.admin.post(route(sub.id), {});
    expect(asked.status).toBe(201);
    expect(asked.body).toEqual({
      status: 'aguardando',
      payload: expect.stringMatching(/^0002/),
      encodedImage: expect.any(String),
      expiraEm: expect.any(String),
      envio: null,
    });
    const again = await env.admin.post(route(sub.id), {});
    expect(again.body.payload).toBe(asked.body.payload);
    const authorizations = [...asaas.fake.authorizations.values()].filter((a) => a.contractId === `assinatura-${sub.id}`);
    expect(authorizations).toHaveLength(1);
    const [authorization] = authorizations;
    expect(authorization).toMatchObject({ frequency: 'MONTHLY', value: null, immediateQrCode: { originalValue: 90 } });
    const read = (await env.admin.get(`/v1/assinaturas/${sub.id}`)).body;
    expect(read).toMatchObject({ formaCobranca: 'pix_automatico', pixAutomatico: { status: 'aguardando' } });
    expect(read.pixAutomatico).not.toHaveProperty('payload');
    // The payment page offers it ("Ative o débito automático").
    const page = (await anonymous().get(`/v1/static/cobranca/${sub.charge.token}`)).body;
    expect(page.pixAutomatico).toMatchObject({ status: 'aguardando', payload: asked.body.payload });

    // ACTIVATED: ativa, and the Asaas subscription goes INACTIVE.
    asaas.fake.authorizationEvent(authorization.id, 'ACTIVATED');
    await waitFor(async () => (await env.admin.get(`/v1/assinaturas/${sub.id}`)).body.pixAutomatico?.status === 'ativa');
    await waitFor(() => asaas.fake.subscriptions.get(sub.subscription.id)?.status === 'INACTIVE');
    // Its immediate QR code, paid, settled the oldest open charge.
    await waitFor(async () => (await env.admin.get(`/v1/cobrancas/${sub.charge.id}`)).body.status === 1);

    // The next period is billed here: its payment is a PIX debit with the authorization; the message says "será debitada".
    const { next, payment } = await nextPeriodBilled(sub);
    expect(payment).toMatchObject({ billingType: 'PIX', pixAutomaticAuthorizationId: authorization.id });
    await waitFor(async () => (await mensagens(next.id)).length > 0);
    expect((await mensagens(next.id)).map((m) => m.kind)).toEqual(['debitoAgendado']);
    expect((await mensagens(next.id))[0].texto).toContain('será debitada automaticamente');
    expect((await anonymous().get(`/v1/static/cobranca/${next.token}`)).body.pixAutomatico).toEqual({
      status: 'ativa',
      debitoEm: addDays(today(), 3),
    });
    const { cobrancaAutomatica } = (await env.admin.get('/v1/financeiro/indicadores')).body;
    expect(cobrancaAutomatica.automaticas).toBeGreaterThanOrEqual(1);

    // Replayed ACTIVATED changes nothing more.
    const [activated] = [...asaas.fake.events.values()].filter(
      (e) =>
        e.event === 'PIX_AUTOMATIC_RECURRING_AUTHORIZATION_ACTIVATED' &&
        (e as { authorization?: { id: string } }).authorization?.id === authorization.id,
    );
    asaas.fake.replay(activated.id);
    await asaas.fake.idle();
    expect((await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM webhook_eventos WHERE event_id = ${activated.id}`))[0].n).toBe(1);

    // REFUSED: back to boleto/PIX with why, Asaas's subscription ACTIVE again, formaAlterada once.
    asaas.fake.authorizationEvent(authorization.id, 'REFUSED');
    await waitFor(async () => (await env.admin.get(`/v1/assinaturas/${sub.id}`)).body.formaCobranca === 'boleto_pix');
    expect((await env.admin.get(`/v1/assinaturas/${sub.id}`)).body.pixAutomatico).toMatchObject({
      status: 'recusada',
      motivo: MSG_FORMA.pixMotivo.REFUSED,
    });
    await waitFor(() => asaas.fake.subscriptions.get(sub.subscription.id)?.status === 'ACTIVE');
    const [refused] = [...asaas.fake.events.values()].filter((e) => e.event === 'PIX_AUTOMATIC_RECURRING_AUTHORIZATION_REFUSED');
    asaas.fake.replay(refused.id);
    await asaas.fake.idle();
    const alterada = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM mensagens m JOIN cobrancas c ON c.id = m.idcobranca WHERE c.idassinatura = ${sub.id} AND m.kind = 'formaAlterada'`,
    );
    await waitFor(
      async () =>
        (await rows<{ status: string }>(sql`SELECT status FROM webhook_eventos WHERE event_id = ${refused.id}`))[0]?.status !== 'recebido',
    );
    expect(alterada[0].n).toBe(1);
  });

  it("staff moving a subscription off Pix Automático cancel its authorization in Asaas; the authorization's CANCELLED event then changes nothing", async () => {
    expect((await pixSetting(true)).status).toBe(200);
    const sub = await synced();
    expect((await env.admin.post(route(sub.id), {})).status).toBe(201);
    const [authorization] = [...asaas.fake.authorizations.values()].filter((a) => a.contractId === `assinatura-${sub.id}`);
    const read = (await env.admin.get(`/v1/assinaturas/${sub.id}`)).body;
    const moved = await env.admin.put(`/v1/assinaturas/${sub.id}`, {
      ...newAssinatura(read.idcliente, { valor: 90, nextduedate: read.nextduedate }),
      formaCobranca: 'boleto_pix',
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ formaCobranca: 'boleto_pix', pixAutomatico: { status: 'cancelada', motivo: MSG_FORMA.pixTrocado } });
    await waitFor(() => asaas.fake.authorizations.get(authorization.id)?.status === 'CANCELLED');
    const [cancelled] = [...asaas.fake.events.values()].filter(
      (e) =>
        e.event === 'PIX_AUTOMATIC_RECURRING_AUTHORIZATION_CANCELLED' &&
        (e as { authorization?: { id: string } }).authorization?.id === authorization.id,
    );
    await waitFor(
      async () =>
        (await rows<{ status: string }>(sql`SELECT status FROM webhook_eventos WHERE event_id = ${cancelled.id}`))[0]?.status ===
        'aplicado',
    );
    expect((await env.admin.get(`/v1/assinaturas/${sub.id}`)).body.pixAutomatico).toMatchObject({
      status: 'cancelada',
      motivo: MSG_FORMA.pixTrocado,
    });
    expect((await mensagens(sub.charge.id)).map((m) => m.kind)).not.toContain('formaAlterada');
  });

  it("enviar sends the QR code's page and copia e cola by WhatsApp; the immediate QR code settles the oldest open charge once; a refused debit goes back to PIX/boleto, once", async () => {
    expect((await pixSetting(true)).status).toBe(200);
    const sub = await synced();
    expect((await env.admin.post(route(sub.id), { enviar: 'sim' })).status).toBe(400);
    const asked = await env.admin.post(route(sub.id), { enviar: true });
    expect(asked.status).toBe(201);
    // WhatsApp is off here: the message is kept, not sent, and the reply says why.
    expect(asked.body.envio).toEqual({ status: 'ignorada', motivo: expect.any(String) });
    const [aviso] = (await mensagens(sub.charge.id)).filter((m) => m.kind === 'autorizacaoPix');
    expect(aviso.texto).toContain(asked.body.payload);
    expect(aviso.texto).toContain('/static/cobranca/');

    // The immediate QR code is paid (journey 3): the oldest open charge is received with that payment, once; its own payment leaves Asaas.
    const [original] = await rows<{ gateway_id: string }>(sql`SELECT gateway_id FROM cobrancas WHERE id = ${sub.charge.id}`);
    const [authorization] = [...asaas.fake.authorizations.values()].filter((a) => a.contractId === `assinatura-${sub.id}`);
    asaas.fake.authorizationEvent(authorization.id, 'ACTIVATED');
    await waitFor(async () => (await env.admin.get(`/v1/cobrancas/${sub.charge.id}`)).body.status === 1);
    const paid = (await env.admin.get(`/v1/cobrancas/${sub.charge.id}`)).body;
    const immediate = [...asaas.fake.payments.values()].find((p) => (p as { conciliationIdentifier?: string }).conciliationIdentifier)!;
    expect(paid).toMatchObject({ valorPago: 90, formaPagamento: 'pix', recebidoPor: 'gateway' });
    await waitFor(() => asaas.fake.payments.get(original.gateway_id)?.deleted === true || !asaas.fake.payments.has(original.gateway_id));
    const [received] = [...asaas.fake.events.values()].filter((e) => e.event === 'PAYMENT_RECEIVED' && e.payment?.id === immediate.id);
    asaas.fake.replay(received.id);
    await asaas.fake.idle();
    const audits = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM auditoria WHERE acao = 'pagamento' AND idcobranca = ${sub.charge.id}`,
    );
    expect(audits[0].n).toBe(1);

    // A debit of the next period: scheduled, then refused by the bank; the page offers PIX/boleto again and novacobranca goes, once.
    const { next, payment } = await nextPeriodBilled(sub);
    await waitFor(async () => (await rows(sql`SELECT 1 FROM cobrancas WHERE id = ${next.id} AND gateway_id IS NOT NULL`)).length === 1);
    asaas.fake.instructionEvent(payment.id, 'SCHEDULED');
    await waitFor(async () => (await env.admin.get(`/v1/cobrancas/${next.id}`)).body.debitoPix?.status === 'agendada');
    expect((await anonymous().get(`/v1/static/cobranca/${next.token}`)).body.pixAutomatico).toMatchObject({ status: 'ativa' });
    asaas.fake.instructionEvent(payment.id, 'REFUSED', 'MAXIMUM_AMOUNT_EXCEEDED');
    await waitFor(async () => (await env.admin.get(`/v1/cobrancas/${next.id}`)).body.debitoPix?.status === 'recusada');
    expect((await env.admin.get(`/v1/cobrancas/${next.id}`)).body.debitoPix.motivo).toMatch(/limite/);
    expect((await anonymous().get(`/v1/static/cobranca/${next.token}`)).body.pixAutomatico).toBeNull();
    // A late SCHEDULED (replayed) changes nothing; the refusal replayed sends nothing more.
    const late = [...asaas.fake.events.values()].filter((e) => e.event === 'PIX_AUTOMATIC_RECURRING_PAYMENT_INSTRUCTION_SCHEDULED');
    const refusedEvents = [...asaas.fake.events.values()].filter((e) => e.event === 'PIX_AUTOMATIC_RECURRING_PAYMENT_INSTRUCTION_REFUSED');
    asaas.fake.instructionEvent(payment.id, 'SCHEDULED');
    asaas.fake.replay(refusedEvents.at(-1)!.id);
    await asaas.fake.idle();
    await waitFor(
      async () =>
        (
          await rows<{ n: number }>(
            sql`SELECT count(*)::int AS n FROM webhook_eventos WHERE event LIKE 'PIX_AUTOMATIC_RECURRING_PAYMENT_INSTRUCTION%' AND status = 'recebido'`,
          )
        )[0].n === 0,
    );
    expect(late.length).toBeGreaterThan(0);
    expect((await env.admin.get(`/v1/cobrancas/${next.id}`)).body.debitoPix.status).toBe('recusada');
    expect((await mensagens(next.id)).filter((m) => m.kind === 'novacobranca')).toHaveLength(1);
  });
});
