/**
 * A readjustment applied to a contract whose linked subscription is held at Asaas (DESIGN 11),
 * against the Asaas fake: the subscription's value at Asaas follows (PUT), and the payment Asaas
 * already made for it keeps its value (`updatePendingPayments: false`): charges already made never change.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../domain/calendar';
import { somarMeses } from '../../domain/reajuste';
import { proporReajustes } from '../../server/cobrancas/reajustes';
import { appToday } from '../../server/regras/clock';
import { backends } from '../support/app';
import { useAppOnAsaasFake } from '../support/asaas';
import { clienteEPlano, newAssinatura, newCliente, newPlano, newVeiculo } from '../support/registry';
import { waitFor } from '../support/wait';

describe.each(backends)('a readjustment at Asaas (%s)', (backend) => {
  const { env, asaas } = useAppOnAsaasFake(backend, { workers: { pollingIntervalSeconds: 0.5 } });
  beforeAll(async () => {
    const saved = await env.admin.put('/v1/users/1', { integrations: { gateway: { api: 'asaas', token: asaas.fake.apiKey, status: 1 } } });
    expect(saved.status).toBe(200);
  });

  it('updates the subscription’s value at Asaas and leaves its payment already made as it was', async () => {
    const today = appToday();
    // The anniversary month is next month: the job proposes it today.
    const mes = Number(somarMeses(today.slice(0, 7), 1).slice(5, 7));
    const { cliente, plano } = await clienteEPlano(env.admin, newCliente(), newPlano({ valor: 60 }));
    const contrato = (
      await env.admin.post('/v1/contratos', { idcliente: cliente.id, idplano: plano.id, reajuste: { indice: 'fixo', percentual: 10, mes } })
    ).body;
    const veiculo = (await env.admin.post('/v1/veiculos', newVeiculo(cliente.id))).body;
    expect(
      (await env.admin.post(`/v1/contratos/${contrato.id}/itens`, { idveiculo: veiculo.id, inicio: addDays(today, -400) })).status,
    ).toBe(201);
    await env.t.database.db.execute(sql`UPDATE contratos SET created_at = now() - interval '400 days' WHERE id = ${contrato.id}`);
    const assinatura = (
      await env.admin.post('/v1/assinaturas', newAssinatura(cliente.id, { nextduedate: addDays(today, 20), idcontrato: contrato.id }))
    ).body;
    const gatewayId = async () =>
      (
        (await env.t.database.db.execute(sql`SELECT gateway_id FROM assinaturas WHERE id = ${assinatura.id}`)) as unknown as {
          rows: { gateway_id: string | null }[];
        }
      ).rows[0].gateway_id;
    await waitFor(async () => (await gatewayId()) !== null);
    const id = (await gatewayId())!;
    await waitFor(async () => [...asaas.fake.payments.values()].some((p) => p.subscription === id));
    const pagamento = [...asaas.fake.payments.values()].find((p) => p.subscription === id)!;
    expect(pagamento.value).toBe(60);

    await proporReajustes(env.t.database.db, { today });
    const [reajuste] = (await env.admin.get(`/v1/reajustes?idcontrato=${contrato.id}`)).body.Items;
    expect(reajuste).toMatchObject({ status: 'proposto', percentual: 10, totalNovo: 66 });
    expect((await env.admin.post(`/v1/reajustes/${reajuste.id}/aplicar`)).status).toBe(200);

    await waitFor(async () => asaas.fake.subscriptions.get(id)?.value === 66);
    expect(asaas.fake.payments.get(pagamento.id)?.value).toBe(60);
  });
});
