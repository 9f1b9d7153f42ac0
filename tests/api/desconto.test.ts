/**
 * The early-payment discount (DESIGN 11, "Collecting without chasing"): plans and subscriptions
 * take `desconto {valor, tipo, diasAntes}` (null on a subscription: its plan's; ≥ 100 % or ≥ the
 * amount → 400); each charge copies it when created and shows `desconto {valor, valorComDesconto,
 * ate}` in its read and on the payment page; the messages fill {{desconto}}, {{valorComDesconto}}
 * and {{descontoAte}}; with Asaas, the subscription and its payments carry `discount`.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../domain/calendar';
import { formatDate } from '../../domain/formatters';
import { backends } from '../support/app';
import { useAppOnAsaasWebhooks } from '../support/asaas';
import { newAssinatura, newCliente, newPlano } from '../support/registry';
import { waitFor } from '../support/wait';

describe.each(backends)('desconto por pagamento antecipado (%s)', (backend) => {
  const { env, asaas, today, anonymous } = useAppOnAsaasWebhooks(backend, async ({ env }) => {
    // The discount's line in the charge's message: a line whose placeholders are all empty is left out.
    const { novacobranca } = (await env.admin.get('/v1/users/1')).body.integrations.alertas as Record<string, string>;
    const [first, ...rest] = novacobranca.split('\n');
    const alertas = { novacobranca: [first, '{{desconto}}', ...rest].join('\n') };
    expect((await env.admin.put('/v1/users/1', { integrations: { alertas } })).status).toBe(200);
  });

  const gateway = (status: 0 | 1) =>
    env.admin.put('/v1/users/1', { integrations: { gateway: { api: 'asaas', token: asaas.fake.apiKey, status } } });
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await env.t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const newClient = async () => (await env.admin.post('/v1/clientes', newCliente())).body as { id: number };

  it('plans and subscriptions refuse a discount of 100 % or more, or one not below the amount, per field', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ valor: 100, tipo: 'percentual' }, 'desconto.valor', /menor que 100%/],
      [{ valor: 49.9, tipo: 'valor' }, 'desconto.valor', /menor que o valor/],
      [{ valor: 5, tipo: 'fixo' }, 'desconto.tipo', /valor ou percentual/],
      [{ valor: 5, tipo: 'valor', diasAntes: 61 }, 'desconto.diasAntes', /0 a 60/],
      [{ valor: 0, tipo: 'valor' }, 'desconto.valor', /maior que zero/],
    ];
    const cliente = await newClient();
    for (const [desconto, field, message] of cases) {
      const plano = await env.admin.post('/v1/planos', newPlano({ valor: 49.9, desconto }));
      expect(plano.status, JSON.stringify(desconto)).toBe(400);
      expect(plano.body.errors[field]).toMatch(message);
      const assinatura = await env.admin.post(
        '/v1/assinaturas',
        newAssinatura(cliente.id, { valor: 49.9, nextduedate: addDays(today(), 30), desconto }),
      );
      expect(assinatura.status, JSON.stringify(desconto)).toBe(400);
      expect(assinatura.body.errors[field]).toMatch(message);
    }
    const ok = await env.admin.post('/v1/planos', newPlano({ desconto: { valor: 10, tipo: 'percentual' } }));
    expect(ok.status).toBe(201);
    expect(ok.body.desconto).toEqual({ valor: 10, tipo: 'percentual', diasAntes: 0 });
    // Absent on an update keeps it; null removes it.
    const kept = await env.admin.put(`/v1/planos/${ok.body.id}`, newPlano({ name: 'Outro nome' }));
    expect(kept.body.desconto).toEqual({ valor: 10, tipo: 'percentual', diasAntes: 0 });
    const removed = await env.admin.put(`/v1/planos/${ok.body.id}`, newPlano({ desconto: null }));
    expect(removed.body.desconto).toBeNull();
  });

  it("without the gateway a subscription's charge copies its discount: the charge read, the payment page and the message show it", async () => {
    const cliente = await newClient();
    const due = addDays(today(), 3);
    const created = await env.admin.post(
      '/v1/assinaturas',
      newAssinatura(cliente.id, { valor: 100, nextduedate: due, desconto: { valor: 10, tipo: 'valor', diasAntes: 2 } }),
    );
    expect(created.status).toBe(201);
    expect(created.body.desconto).toEqual({ valor: 10, tipo: 'valor', diasAntes: 2 });
    const id = created.body.cobrancaGerada.id as number;
    const desconto = { valor: 10, valorComDesconto: 90, ate: addDays(due, -2) };
    const charge = (await env.admin.get(`/v1/cobrancas/${id}`)).body;
    expect(charge.desconto).toEqual(desconto);
    const listed = (await env.admin.get(`/v1/cobrancas?idcliente=${cliente.id}&dataInicio=2000-01-01&dataFim=2100-01-01`)).body;
    expect(listed.Items[0].desconto).toEqual(desconto);
    const page = await anonymous().get(`/v1/static/cobranca/${charge.token}`);
    expect(page.status).toBe(200);
    expect(page.body.cobranca.desconto).toEqual(desconto);
    // The novacobranca message (its template given a {{desconto}} line) says it.
    const [message] = await rows<{ texto: string }>(sql`SELECT texto FROM mensagens WHERE idcobranca = ${id} AND kind = 'novacobranca'`);
    expect(message.texto).toContain(`Pagando até ${formatDate(addDays(due, -2))}, você paga R$ 90,00 (desconto de R$ 10,00).`);
    // A later discount of the subscription does not change a charge already made.
    await env.admin.put(`/v1/assinaturas/${created.body.id}`, {
      ...newAssinatura(cliente.id, { valor: 100, nextduedate: created.body.nextduedate }),
      desconto: null,
    });
    expect((await env.admin.get(`/v1/cobrancas/${id}`)).body.desconto).toEqual(desconto);
  });

  it("a subscription without its own discount takes its plan's (the client's active contract); a charge without one shows null and an empty {{desconto}}", async () => {
    const cliente = await newClient();
    const plano = (await env.admin.post('/v1/planos', newPlano({ desconto: { valor: 5, tipo: 'percentual', diasAntes: 0 } }))).body;
    expect((await env.admin.post('/v1/contratos', { idcliente: cliente.id, idplano: plano.id })).status).toBe(201);
    const due = addDays(today(), 2);
    const created = await env.admin.post('/v1/assinaturas', newAssinatura(cliente.id, { valor: 60, nextduedate: due }));
    expect(created.body.desconto).toBeNull();
    const charge = (await env.admin.get(`/v1/cobrancas/${created.body.cobrancaGerada.id}`)).body;
    expect(charge.desconto).toEqual({ valor: 3, valorComDesconto: 57, ate: due });

    const other = await newClient();
    const plain = await env.admin.post('/v1/assinaturas', newAssinatura(other.id, { valor: 60, nextduedate: due }));
    const none = (await env.admin.get(`/v1/cobrancas/${plain.body.cobrancaGerada.id}`)).body;
    expect(none.desconto).toBeNull();
    expect((await anonymous().get(`/v1/static/cobranca/${none.token}`)).body.cobranca.desconto).toBeNull();
    const [message] = await rows<{ texto: string }>(
      sql`SELECT texto FROM mensagens WHERE idcobranca = ${none.id} AND kind = 'novacobranca'`,
    );
    expect(message.texto).not.toMatch(/Pagando até|\n\n/);
  });

  it("a subscription may refuse its plan's discount ({ tipo: 'nenhum' }): its charges carry none; the client's page shows each subscription's discount", async () => {
    const cliente = await newClient();
    const plano = (await env.admin.post('/v1/planos', newPlano({ desconto: { valor: 5, tipo: 'percentual', diasAntes: 1 } }))).body;
    expect((await env.admin.post('/v1/contratos', { idcliente: cliente.id, idplano: plano.id })).status).toBe(201);
    const due = addDays(today(), 2);
    const sem = await env.admin.post(
      '/v1/assinaturas',
      newAssinatura(cliente.id, { valor: 60, nextduedate: due, desconto: { tipo: 'nenhum' } }),
    );
    expect(sem.status).toBe(201);
    // Stored as it is, whatever else came with it; the plan's rule is not its.
    expect(sem.body.desconto).toEqual({ tipo: 'nenhum' });
    const charge = (await env.admin.get(`/v1/cobrancas/${sem.body.cobrancaGerada.id}`)).body;
    expect(charge.desconto).toBeNull();
    expect((await anonymous().get(`/v1/static/cobranca/${charge.token}`)).body.cobranca.desconto).toBeNull();
    // Only a subscription may say so: a plan without a discount is null.
    const planoNenhum = await env.admin.post('/v1/planos', newPlano({ desconto: { tipo: 'nenhum' } }));
    expect(planoNenhum.status).toBe(400);
    expect(planoNenhum.body.errors['desconto.tipo']).toMatch(/valor ou percentual/);
    // A kind without its figure is refused under the figure.
    const semValor = await env.admin.post(
      '/v1/assinaturas',
      newAssinatura(cliente.id, { valor: 60, nextduedate: due, desconto: { tipo: 'valor' } }),
    );
    expect(semValor.status).toBe(400);
    expect(semValor.body.errors['desconto.valor']).toMatch(/maior que zero/);

    // The plan's (null), and its own: the client's page shows the rule each subscription's charges take.
    const doPlano = await env.admin.post('/v1/assinaturas', newAssinatura(cliente.id, { valor: 70, nextduedate: addDays(today(), 20) }));
    const propria = await env.admin.post(
      '/v1/assinaturas',
      newAssinatura(cliente.id, { valor: 80, nextduedate: addDays(today(), 20), desconto: { valor: 8, tipo: 'valor', diasAntes: 0 } }),
    );
    const pagina = await env.admin.get(`/v1/clientes/${cliente.id}/resumo`);
    expect(pagina.status).toBe(200);
    const descontos = Object.fromEntries(
      (pagina.body.assinaturas.items as { id: number; desconto: unknown }[]).map((a) => [a.id, a.desconto]),
    );
    expect(descontos).toEqual({
      [sem.body.id]: { tipo: 'nenhum' },
      [doPlano.body.id]: { valor: 5, tipo: 'percentual', diasAntes: 1 },
      [propria.body.id]: { valor: 8, tipo: 'valor', diasAntes: 0 },
    });
  });

  it('with Asaas, the subscription and its payments carry the discount (dueDateLimitDays, FIXED or PERCENTAGE), and the charge copies it', async () => {
    expect((await gateway(1)).status).toBe(200);
    try {
      const cliente = await newClient();
      const created = await env.admin.post(
        '/v1/assinaturas',
        newAssinatura(cliente.id, {
          valor: 80,
          nextduedate: addDays(today(), 10),
          desconto: { valor: 5, tipo: 'percentual', diasAntes: 3 },
        }),
      );
      expect(created.status).toBe(201);
      const subscriptionOf = () =>
        [...asaas.fake.subscriptions.values()].find((s) => s.externalReference === `assinatura-${created.body.id}`);
      await waitFor(() => subscriptionOf() !== undefined);
      const subscription = subscriptionOf()!;
      expect(subscription.discount).toMatchObject({ value: 5, dueDateLimitDays: 3, type: 'PERCENTAGE' });
      expect(subscription.pixAutomaticAuthorizationMode).toBe('DISABLED');
      const payment = [...asaas.fake.payments.values()].find((p) => p.subscription === subscription.id)!;
      expect(payment.discount).toMatchObject({ value: 5, dueDateLimitDays: 3, type: 'PERCENTAGE' });
      const chargeOf = async () =>
        (await env.admin.get(`/v1/cobrancas?idcliente=${cliente.id}&dataInicio=2000-01-01&dataFim=2100-01-01`)).body.Items[0];
      await waitFor(async () => Boolean((await chargeOf())?.desconto));
      const charge = await chargeOf();
      expect(charge.desconto).toEqual({ valor: 4, valorComDesconto: 76, ate: addDays(today(), 7) });

      // A new discount goes to Asaas with the subscription's update (its pending payments follow).
      await env.admin.put(`/v1/assinaturas/${created.body.id}`, {
        ...newAssinatura(cliente.id, { valor: 80, nextduedate: created.body.nextduedate }),
        desconto: { valor: 8, tipo: 'valor' },
      });
      await waitFor(() => asaas.fake.subscriptions.get(subscription.id)?.discount.value === 8);
      expect(asaas.fake.subscriptions.get(subscription.id)?.discount).toMatchObject({ value: 8, dueDateLimitDays: 0, type: 'FIXED' });
    } finally {
      await gateway(0);
    }
  });
});
