/**
 * A subscription's forma de cobrança and its card on file (DESIGN 11, "Collecting without
 * chasing"; INTEGRATIONS.md 4.3), against the Asaas fake: boleto_pix by default (Asaas UNDEFINED,
 * its own Pix Automático offer DISABLED); cartão only with the gateway (409), the Asaas subscription
 * turns CREDIT_CARD and the client gets formaPagamento with the open charge's page; a card payment
 * sets the card ativo (last 4, brand); a refused capture turns that payment UNDEFINED, the card
 * recusado and sends cartaoRecusado; replayed events are applied once; card data in any body → 400.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../domain/calendar';
import { MSG_FORMA } from '../../domain/forma-cobranca';
import { backends } from '../support/app';
import { useAppOnAsaasWebhooks } from '../support/asaas';
import { newAssinatura, newCliente } from '../support/registry';
import { waitFor } from '../support/wait';

describe.each(backends)('forma de cobrança e cartão (%s)', (backend) => {
  const { env, asaas, today } = useAppOnAsaasWebhooks(backend);

  const gateway = (status: 0 | 1) =>
    env.admin.put('/v1/users/1', { integrations: { gateway: { api: 'asaas', token: asaas.fake.apiKey, status } } });
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await env.t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const newClient = async () => (await env.admin.post('/v1/clientes', newCliente())).body as { id: number };
  const mensagens = (idcobranca: number, kind: string) =>
    rows<{ texto: string }>(sql`SELECT texto FROM mensagens WHERE idcobranca = ${idcobranca} AND kind = ${kind} ORDER BY id`);
  const chargeOf = async (paymentId: string) =>
    (await rows<{ id: number; status: number }>(sql`SELECT id, status FROM cobrancas WHERE gateway_id = ${paymentId}`))[0];
  const eventsOf = (event: string, paymentId: string) =>
    [...asaas.fake.events.values()].filter((e) => e.event === event && e.payment?.id === paymentId);

  it('card data in any body is refused (400) and nothing is saved', async () => {
    const cliente = await newClient();
    const card = { creditCard: { number: '5162306219378829', ccv: '318' } };
    const bad = await env.admin.post('/v1/assinaturas', { ...newAssinatura(cliente.id, { nextduedate: addDays(today(), 30) }), ...card });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MSG_FORMA.dadosCartao);
    const nested = await env.admin.put(`/v1/clientes/${cliente.id}`, { ...newCliente(), extra: [{ cvv: '123' }] });
    expect(nested.status).toBe(400);
    expect(nested.body.message).toBe(MSG_FORMA.dadosCartao);
    expect((await env.admin.get(`/v1/assinaturas?idcliente=${cliente.id}`)).body.meta.total).toBe(0);
  });

  it('without the gateway a subscription is collected by boleto or PIX only (409); Pix Automático has its own route (409)', async () => {
    const cliente = await newClient();
    const created = await env.admin.post('/v1/assinaturas', newAssinatura(cliente.id, { nextduedate: addDays(today(), 30) }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ formaCobranca: 'boleto_pix', cartao: null, pixAutomatico: null });
    const body = { ...newAssinatura(cliente.id, { nextduedate: created.body.nextduedate }) };
    const cartao = await env.admin.put(`/v1/assinaturas/${created.body.id}`, { ...body, formaCobranca: 'cartao' });
    expect(cartao.status).toBe(409);
    expect(cartao.body.message).toBe(MSG_FORMA.semGateway);
    const pix = await env.admin.put(`/v1/assinaturas/${created.body.id}`, { ...body, formaCobranca: 'pix_automatico' });
    expect(pix.status).toBe(409);
    const bad = await env.admin.put(`/v1/assinaturas/${created.body.id}`, { ...body, formaCobranca: 'debito' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.formaCobranca).toBe(MSG_FORMA.forma);
    expect((await env.admin.get(`/v1/assinaturas/${created.body.id}`)).body.formaCobranca).toBe('boleto_pix');
  });

  it("cartão: the Asaas subscription turns CREDIT_CARD, formaPagamento carries the open charge's page, a card payment sets it ativo; a refused capture falls back to PIX and boleto once, however often the events come", async () => {
    expect((await gateway(1)).status).toBe(200);
    try {
      const cliente = await newClient();
      const created = await env.admin.post('/v1/assinaturas', newAssinatura(cliente.id, { valor: 70, nextduedate: addDays(today(), 8) }));
      expect(created.status).toBe(201);
      const subscriptionOf = () =>
        [...asaas.fake.subscriptions.values()].find((s) => s.externalReference === `assinatura-${created.body.id}`);
      await waitFor(() => subscriptionOf() !== undefined);
      const subscription = subscriptionOf()!;
      // boleto_pix: UNDEFINED (the client picks PIX or boleto), without Asaas's own Pix Automático offer.
      expect(subscription).toMatchObject({ billingType: 'UNDEFINED', pixAutomaticAuthorizationMode: 'DISABLED' });
      const first = [...asaas.fake.payments.values()].find((p) => p.subscription === subscription.id)!;
      await waitFor(async () => (await chargeOf(first.id)) !== undefined);
      const charge = await chargeOf(first.id);

      const changed = await env.admin.put(`/v1/assinaturas/${created.body.id}`, {
        ...newAssinatura(cliente.id, { valor: 70, nextduedate: created.body.nextduedate }),
        formaCobranca: 'cartao',
      });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ formaCobranca: 'cartao', cartao: { status: 'aguardando', final: null, bandeira: null } });
      await waitFor(() => asaas.fake.subscriptions.get(subscription.id)?.billingType === 'CREDIT_CARD');
      // Its open payment follows (updatePendingPayments), and the client is asked for the card on its page.
      await waitFor(async () => (await mensagens(charge.id, 'formaPagamento')).length === 1);
      expect(asaas.fake.payments.get(first.id)?.billingType).toBe('CREDIT_CARD');
      expect((await mensagens(charge.id, 'formaPagamento'))[0].texto).toContain(first.invoiceUrl);
      // The payment page offers "Pagar com cartão": the forma and Asaas's invoiceUrl.
      expect((await env.admin.get(`/v1/cobrancas/${charge.id}/pagamento`)).body).toMatchObject({
        formaCobranca: 'cartao',
        invoiceUrl: first.invoiceUrl,
      });

      // The client types the card on the invoiceUrl: paid, and the card is ativo.
      asaas.fake.typeCard(first.id, { number: '5162306219378829', brand: 'MASTERCARD' });
      await waitFor(async () => (await chargeOf(first.id)).status === 1);
      await waitFor(async () => (await env.admin.get(`/v1/assinaturas/${created.body.id}`)).body.cartao?.status === 'ativo');
      expect((await env.admin.get(`/v1/assinaturas/${created.body.id}`)).body).toMatchObject({
        formaCobranca: 'cartao',
        cartao: { status: 'ativo', final: '8829', bandeira: 'MASTERCARD' },
      });
      const paid = (await env.admin.get(`/v1/cobrancas/${charge.id}`)).body;
      expect(paid).toMatchObject({ status: 1, formaPagamento: 'cartao' });
      // The dashboard's share of active subscriptions collected without chasing counts it.
      const { cobrancaAutomatica } = (await env.admin.get('/v1/financeiro/indicadores')).body;
      expect(cobrancaAutomatica.automaticas).toBe(1);
      expect(cobrancaAutomatica.valor).toBeCloseTo((100 * 1) / cobrancaAutomatica.ativas, 2);

      // The next cycle's capture is refused: PIX and boleto for that payment, the card recusado, one alert.
      const next = asaas.fake.generateNextPayment(subscription.id);
      expect(next.billingType).toBe('CREDIT_CARD');
      await waitFor(async () => (await chargeOf(next.id)) !== undefined);
      const nextCharge = await chargeOf(next.id);
      asaas.fake.refuseCapture(next.id);
      await waitFor(async () => (await mensagens(nextCharge.id, 'cartaoRecusado')).length === 1);
      expect(asaas.fake.payments.get(next.id)?.billingType).toBe('UNDEFINED');
      expect((await env.admin.get(`/v1/assinaturas/${created.body.id}`)).body.cartao).toEqual({
        status: 'recusado',
        final: '8829',
        bandeira: 'MASTERCARD',
      });
      const [recusado] = await mensagens(nextCharge.id, 'cartaoRecusado');
      expect(recusado.texto).toContain('PIX copia e cola: 0002');

      // Replays: each event is stored once and applied once (one PUT of the payment, one alert, the card stays).
      const puts = () => asaas.fake.requests.filter((r) => r.method === 'PUT' && r.path.endsWith(`/payments/${next.id}`)).length;
      const putsBefore = puts();
      const [refused] = eventsOf('PAYMENT_CREDIT_CARD_CAPTURE_REFUSED', next.id);
      const [confirmed] = eventsOf('PAYMENT_CONFIRMED', first.id);
      asaas.fake.replay(refused.id);
      asaas.fake.replay(confirmed.id);
      asaas.fake.replay(refused.id);
      await asaas.fake.idle();
      const stored = await rows<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM webhook_eventos WHERE event_id IN (${refused.id}, ${confirmed.id})`,
      );
      expect(stored[0].n).toBe(2);
      await waitFor(async () => {
        const states = await rows<{ status: string }>(
          sql`SELECT status FROM webhook_eventos WHERE event_id IN (${refused.id}, ${confirmed.id})`,
        );
        return states.every((s) => s.status !== 'recebido');
      });
      expect(puts()).toBe(putsBefore);
      expect(await mensagens(nextCharge.id, 'cartaoRecusado')).toHaveLength(1);
      expect((await env.admin.get(`/v1/assinaturas/${created.body.id}`)).body.cartao.status).toBe('recusado');
    } finally {
      await gateway(0);
    }
  });
});
