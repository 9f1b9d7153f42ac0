/**
 * A linked subscription's charges (DESIGN 11): each period's charge carries its contract's items'
 * lines summing to its value, one charge per period; a vehicle added mid-cycle is in the next
 * charge, pro rata; the lines show on the charge's read and the payment page's reply.
 */
import { describe, expect, it } from 'vitest';
import { runBilling } from '../../server/cobrancas/faturamento';
import { backends, Client, useInstalledApp } from '../support/app';
import { clienteEPlano, newAssinatura, newCliente, newPlano, newVeiculo } from '../support/registry';

describe.each(backends)('a linked subscription’s charges (%s)', (backend) => {
  const env = useInstalledApp(backend);
  const run = (today: string) => runBilling(env.t.database.db, { today });

  it('one charge per period with the items’ lines; a vehicle added mid-cycle is charged pro rata on the next charge', async () => {
    const { cliente, plano } = await clienteEPlano(env.admin, newCliente(), newPlano({ valor: 60 }));
    const contrato = (await env.admin.post('/v1/contratos', { idcliente: cliente.id, idplano: plano.id })).body;
    const a = (await env.admin.post('/v1/veiculos', newVeiculo(cliente.id))).body;
    const b = (await env.admin.post('/v1/veiculos', newVeiculo(cliente.id))).body;
    const itens = `/v1/contratos/${contrato.id}/itens`;
    expect((await env.admin.post(itens, { idveiculo: a.id, descricao: 'Rastreador', inicio: '2099-01-01' })).status).toBe(201);
    const mensalidade = newAssinatura(cliente.id, { nextduedate: '2099-03-01', idcontrato: contrato.id, description: 'Mensalidade' });
    const assinatura = await env.admin.create('/v1/assinaturas', mensalidade);
    expect(assinatura.valor).toBe(60);

    expect((await run('2099-02-25')).cobrancasGeradas).toBe(1);
    // Vehicle B installed on Mar 20, after March's charge was made.
    expect((await env.admin.post(itens, { idveiculo: b.id, descricao: 'Rastreador', inicio: '2099-03-20' })).status).toBe(201);
    expect((await env.admin.get(`/v1/assinaturas/${assinatura.id}`)).body.valor).toBe(120);
    expect((await run('2099-03-27')).cobrancasGeradas).toBe(1);
    expect((await run('2099-03-27')).cobrancasGeradas).toBe(0);

    const charges = (
      await env.admin.get(`/v1/cobrancas?idcliente=${cliente.id}&sort=duedate&order=ASC&dataInicio=2099-01-01&dataFim=2099-12-31`)
    ).body.Items;
    expect(charges.map((c: any) => [c.duedate, c.valor])).toEqual([
      ['2099-03-01', 60],
      ['2099-04-01', 143.23],
    ]);
    const abril = (await env.admin.get(`/v1/cobrancas/${charges[1].id}`)).body;
    expect(abril.itens.map(({ tipo, placa, de, ate, dias, valor }: any) => ({ tipo, placa, de, ate, dias, valor }))).toEqual([
      { tipo: 'mensalidade', placa: a.placa, de: '2099-04-01', ate: '2099-04-30', dias: 30, valor: 60 },
      { tipo: 'mensalidade', placa: b.placa, de: '2099-04-01', ate: '2099-04-30', dias: 30, valor: 60 },
      // 60 × 12 / 31 days of March
      { tipo: 'proporcional', placa: b.placa, de: '2099-03-01', ate: '2099-03-31', dias: 12, valor: 23.23 },
    ]);
    const page = await new Client(env.t.app).get(`/v1/static/cobranca/${abril.token}`);
    expect(page.status).toBe(200);
    expect(page.body.cobranca.itens).toHaveLength(3);
    expect(page.body.cobranca.itens[2]).toEqual({
      tipo: 'proporcional',
      descricao: expect.any(String),
      placa: b.placa,
      de: '2099-03-01',
      ate: '2099-03-31',
      dias: 12,
      valor: 23.23,
    });
    // the contract shows the next due date
    expect((await env.admin.get(`/v1/contratos/${contrato.id}`)).body.proximaCobranca).toBe('2099-05-01');
  });

  it('an unlinked subscription still bills its typed value, without lines', async () => {
    const { cliente } = await clienteEPlano(env.admin, newCliente(), newPlano({ valor: 60 }));
    await env.admin.post('/v1/assinaturas', newAssinatura(cliente.id, { nextduedate: '2099-03-01', valor: 77 }));
    await run('2099-02-25');
    const [charge] = (await env.admin.get(`/v1/cobrancas?idcliente=${cliente.id}&dataInicio=2099-01-01&dataFim=2099-12-31`)).body.Items;
    expect(charge).toMatchObject({ valor: 77, itens: null });
  });
});
