/**
 * Negativação through Asaas (DESIGN 11; INTEGRATIONS.md 4.3, paymentDunnings), against the fake:
 * administrators only, audited, never automatic; the setting off → 409; the notice first (by
 * WhatsApp or another means), then Asaas's simulation (fee, allowed or why not), then the request
 * (409 by each rule, 400 naming the client's missing data); its status follows PAYMENT_DUNNING_*
 * (applied once); cancelling answers Asaas's reason when it cannot; receiving by hand cancels it;
 * an account without the feature (403) is explained in pt-BR, never a 500.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../domain/calendar';
import { MSG_NEGATIVACAO } from '../../domain/negativacao';
import { backends, Client, newUser } from '../support/app';
import { useAppOnAsaasWebhooks } from '../support/asaas';
import { newCliente, newCobranca } from '../support/registry';
import { waitFor } from '../support/wait';

describe.each(backends)('negativação (%s)', (backend) => {
  const { env, asaas, today } = useAppOnAsaasWebhooks(backend, async ({ env, asaas }) => {
    const saved = await env.admin.put('/v1/users/1', {
      integrations: { gateway: { api: 'asaas', token: asaas.fake.apiKey, status: 1 } },
    });
    expect(saved.status).toBe(200);
  });

  const settings = (negativacao: Record<string, unknown>) => env.admin.put('/v1/users/1', { integrations: { negativacao } });
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await env.t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const gatewayIdOf = async (id: number) =>
    (await rows<{ gateway_id: string | null }>(sql`SELECT gateway_id FROM cobrancas WHERE id = ${id}`))[0]?.gateway_id ?? null;
  const endereco = { postalCode: '01310-000', address: 'Avenida Paulista', addressNumber: '1000', province: 'Bela Vista' };
  /** An overdue charge (40 days) with its Asaas payment, overdue there too. */
  const overdueCharge = async (cliente: Record<string, unknown> = newCliente(endereco)) => {
    const client = (await env.admin.post('/v1/clientes', cliente)).body as { id: number };
    const charge = await env.admin.create('/v1/cobrancas', newCobranca(client.id, { valor: 150, duedate: addDays(today(), -40) }));
    await waitFor(async () => (await gatewayIdOf(charge.id)) !== null);
    const paymentId = (await gatewayIdOf(charge.id))!;
    asaas.fake.overdue(paymentId);
    return { id: charge.id as number, idcliente: client.id, paymentId };
  };
  const base = (id: number) => `/v1/cobrancas/${id}/negativacao`;
  /** The notice as if given `days` ago. */
  const avisoHa = (id: number, days: number) =>
    env.t.database.db.execute(
      sql`UPDATE cobrancas SET negativacao = jsonb_set(negativacao, '{avisoEm}', to_jsonb(${`${addDays(today(), -days)}T12:00:00.000Z`}::text)) WHERE id = ${id}`,
    );

  it('is off until the administrator turns it on (409), and only administrators reach it (403)', async () => {
    const charge = await overdueCharge();
    for (const path of ['/aviso', '/simular', '']) {
      const answer = await env.admin.post(`${base(charge.id)}${path}`, path === '/aviso' ? { meio: 'outro' } : {});
      expect(answer.status, path).toBe(409);
      expect(answer.body.message).toBe(MSG_NEGATIVACAO.inativa);
    }
    const user = newUser();
    expect((await env.admin.post('/v1/users', user)).status).toBe(201);
    const usuario = new Client(env.t.app);
    await usuario.login(user.login, user.password);
    expect((await usuario.post(`${base(charge.id)}/simular`, {})).status).toBe(403);
    expect((await env.admin.post(`${base(charge.id)}/aviso`, { meio: 'carta' })).status).toBe(400);
  });

  it('notice, simulation and request by their rules; status by PAYMENT_DUNNING_* once; a refused cancellation says why; receiving by hand cancels it; everything audited', async () => {
    expect((await settings({ ativo: true, diasAtraso: 30, diasAviso: 10 })).status).toBe(200);
    const incompleto = await overdueCharge(newCliente());
    const charge = await overdueCharge();

    // The notice: WhatsApp is off here, so it cannot go (409, nothing recorded); another means is recorded.
    const whats = await env.admin.post(`${base(charge.id)}/aviso`, { meio: 'whatsapp' });
    expect(whats.status).toBe(409);
    expect(whats.body.message).toMatch(/não pode ser enviado/);
    const aviso = await env.admin.post(`${base(charge.id)}/aviso`, { meio: 'outro' });
    expect(aviso.status).toBe(200);
    expect(aviso.body.negativacao).toMatchObject({ status: null, avisoEm: expect.any(String), solicitadaEm: null });

    // Too soon after the notice; then the notice is 11 days old.
    const soon = await env.admin.post(base(charge.id), {});
    expect(soon.status).toBe(409);
    expect(soon.body.message).toMatch(/aguarde 10 dia/);
    await avisoHa(charge.id, 11);

    // A client without address and CEP: 400 naming each missing field.
    await env.admin.post(`${base(incompleto.id)}/aviso`, { meio: 'outro' });
    await avisoHa(incompleto.id, 11);
    const missing = await env.admin.post(base(incompleto.id), {});
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['address', 'addressNumber', 'postalCode', 'province']);
    expect(missing.body.message).toMatch(/CEP/);

    // Asaas's simulation: the fee and whether it is allowed.
    const simulated = await env.admin.post(`${base(charge.id)}/simular`, {});
    expect(simulated.status).toBe(200);
    expect(simulated.body).toEqual({ permitido: true, motivo: null, taxa: 9.99, inicioPrevisto: today() });
    asaas.fake.setDunningAllowed(false, 'Cliente com dados divergentes na Receita.');
    const refused = await env.admin.post(base(charge.id), {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(MSG_NEGATIVACAO.naoPermitida('Cliente com dados divergentes na Receita.'));
    asaas.fake.setDunningAllowed(true);

    const created = await env.admin.post(base(charge.id), {});
    expect(created.status).toBe(201);
    expect(created.body.negativacao).toMatchObject({ status: 'PENDING', taxa: 9.99, podeCancelar: true, solicitadaEm: expect.any(String) });
    const [dunning] = [...asaas.fake.dunnings.values()].filter((d) => d.payment === charge.paymentId);
    expect(dunning.fields).toMatchObject({
      type: 'CREDIT_BUREAU',
      customerPostalCode: '01310000',
      customerAddress: 'Avenida Paulista',
      customerPrimaryPhone: '11987654321',
    });
    expect((await env.admin.post(base(charge.id), {})).status).toBe(409);
    const listed = (await env.admin.get(`/v1/cobrancas?negativacao=1&dataInicio=2000-01-01&dataFim=2100-01-01`)).body;
    expect(listed.Items.map((c: { id: number }) => c.id)).toEqual([charge.id]);
    expect(listed.meta.total).toBe(1);
    expect((await env.admin.get(`/v1/cobrancas?negativacao=0&idcliente=${charge.idcliente}`)).body.meta.total).toBe(0);

    // Asaas processes it: PAYMENT_DUNNING_REQUESTED reads its status; a replay changes nothing more.
    asaas.fake.setDunningStatus(dunning.id, 'PROCESSED');
    await waitFor(async () => (await env.admin.get(`/v1/cobrancas/${charge.id}`)).body.negativacao?.status === 'PROCESSED');
    const [requested] = [...asaas.fake.events.values()].filter(
      (e) => e.event === 'PAYMENT_DUNNING_REQUESTED' && e.payment?.id === charge.paymentId,
    );
    asaas.fake.replay(requested.id);
    await asaas.fake.idle();
    expect((await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM webhook_eventos WHERE event_id = ${requested.id}`))[0].n).toBe(1);
    expect((await env.admin.get(`/v1/cobrancas/${charge.id}`)).body.status).toBe(2);

    // Asaas will not cancel it now: 409 with its reason.
    asaas.fake.setDunningCancelable(dunning.id, false, 'A negativação já foi enviada ao Serasa.');
    const notCancelled = await env.admin.post(`${base(charge.id)}/cancelar`, {});
    expect(notCancelled.status).toBe(409);
    expect(notCancelled.body.message).toBe(MSG_NEGATIVACAO.naoCancelavel('A negativação já foi enviada ao Serasa.'));

    // Received by hand: the negativação is cancelled in Asaas.
    asaas.fake.setDunningCancelable(dunning.id, true);
    const received = await env.admin.post(`/v1/cobrancas/${charge.id}/receber`, { valor: 150, data: today(), forma: 'pix' });
    expect(received.status).toBe(200);
    await waitFor(() => asaas.fake.dunnings.get(dunning.id)?.status === 'CANCELLED');
    await waitFor(async () => (await env.admin.get(`/v1/cobrancas/${charge.id}`)).body.negativacao?.status === 'CANCELLED');
    expect((await env.admin.get(`/v1/cobrancas/${charge.id}`)).body.negativacao.podeCancelar).toBe(false);

    const audited = await rows<{ descricao: string; usuario: string }>(
      sql`SELECT descricao, usuario FROM auditoria WHERE acao = 'negativacao' AND idcobranca = ${charge.id} ORDER BY id`,
    );
    expect(audited.map((a) => a.descricao)).toEqual([
      expect.stringMatching(/^Aviso de negativação .* registrado/),
      expect.stringMatching(/^Simulação de negativação .*taxa de R\$ 9,99/),
      expect.stringMatching(/^Negativação da cobrança .* solicitada ao Asaas/),
      expect.stringMatching(/^Negativação da cobrança .* cancelada no Asaas \(cobrança paga\)/),
    ]);
  });

  it('an Asaas account without negativação (403) is explained in pt-BR, never a 500', async () => {
    expect((await settings({ ativo: true, diasAtraso: 30, diasAviso: 0 })).status).toBe(200);
    const charge = await overdueCharge();
    asaas.fake.setFeatureOff('paymentDunnings', true);
    try {
      const simulated = await env.admin.post(`${base(charge.id)}/simular`, {});
      expect(simulated.status).toBe(409);
      expect(simulated.body.message).toBe(MSG_NEGATIVACAO.naoLiberada);
      await env.admin.post(`${base(charge.id)}/aviso`, { meio: 'outro' });
      const requested = await env.admin.post(base(charge.id), {});
      expect(requested.status).toBe(409);
      expect(requested.body.message).toBe(MSG_NEGATIVACAO.naoLiberada);
    } finally {
      asaas.fake.setFeatureOff('paymentDunnings', false);
    }
  });

  it('two requests for the same charge at once: one reaches Asaas (201), the other gets 409; a refusal gives the lock back', async () => {
    expect((await settings({ ativo: true, diasAtraso: 30, diasAviso: 0 })).status).toBe(200);
    const charge = await overdueCharge();
    expect((await env.admin.post(`${base(charge.id)}/aviso`, { meio: 'outro' })).status).toBe(200);
    // Asaas refuses the first try: nothing is held, the next request goes through.
    asaas.fake.setDunningAllowed(false, 'Tente mais tarde.');
    expect((await env.admin.post(base(charge.id), {})).status).toBe(409);
    asaas.fake.setDunningAllowed(true);
    const answers = await Promise.all([1, 2, 3].map(() => env.admin.post(base(charge.id), {})));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409))
      expect([MSG_NEGATIVACAO.emAndamento, MSG_NEGATIVACAO.jaSolicitada]).toContain(refused.body.message);
    expect([...asaas.fake.dunnings.values()].filter((d) => d.payment === charge.paymentId)).toHaveLength(1);
    const after = (await env.admin.get(`/v1/cobrancas/${charge.id}`)).body.negativacao;
    expect(after).toMatchObject({ status: 'PENDING' });
    expect(after).not.toHaveProperty('enviandoEm');
  });
});
