/**
 * The yearly readjustment (DESIGN 11), against the BCB fake (tests/fakes/bcb.ts): the daily job's
 * proposal from the month before the anniversary month, IPCA from the SGS (∏(1 + m/100) − 1 over the
 * 12 months ending two months before), a negative index → 0, a missing month → aguardando_indice
 * until it is published, a figure typed by staff (fonte manual), applying once (fixed items and the
 * plan copy × (1 + p), the linked subscription follows, audited, the `reajuste` message once, the
 * charges already made unchanged and the next one readjusted), and discarding.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBilling } from '../../server/cobrancas/faturamento';
import { proporReajustes } from '../../server/cobrancas/reajustes';
import { startBcbFake, type BcbFake } from '../fakes/bcb';
import { backends, useInstalledApp } from '../support/app';
import { clienteEPlano, newAssinatura, newCliente, newPlano, newVeiculo } from '../support/registry';

describe.each(backends)('the yearly readjustment (%s)', (backend) => {
  const env = useInstalledApp(backend);
  let bcb: BcbFake;
  beforeAll(async () => {
    bcb = await startBcbFake();
  });
  afterAll(() => bcb.close());

  const fonte = async (valor: 'manual' | 'bcb') =>
    expect((await env.admin.put('/v1/users/1', { integrations: { reajuste: { fonte: valor, url: bcb.url } } })).status).toBe(200);
  const propor = (today: string) => proporReajustes(env.t.database.db, { today });
  /** A contract with one vehicle item (the plan's value), created on `criado`. */
  const contrato = async (reajuste: Record<string, unknown>, criado: string, valor = 100) => {
    const { cliente, plano } = await clienteEPlano(env.admin, newCliente(), newPlano({ valor }));
    const res = await env.admin.post('/v1/contratos', { idcliente: cliente.id, idplano: plano.id, reajuste });
    expect(res.status).toBe(201);
    const veiculo = (await env.admin.post('/v1/veiculos', newVeiculo(cliente.id))).body;
    expect((await env.admin.post(`/v1/contratos/${res.body.id}/itens`, { idveiculo: veiculo.id, inicio: criado })).status).toBe(201);
    await env.t.database.db.execute(sql`UPDATE contratos SET created_at = ${`${criado}T12:00:00Z`} WHERE id = ${res.body.id}`);
    return { ...res.body, cliente, veiculo };
  };
  const doContrato = async (id: number) => (await env.admin.get(`/v1/reajustes?idcontrato=${id}`)).body.Items;

  it('proposes IPCA from the SGS the month before the anniversary month, over the 12 months ending two months before', async () => {
    await fonte('bcb');
    const c = await contrato({ indice: 'IPCA', mes: 12 }, '2024-12-10');
    expect(c.reajuste).toEqual({ indice: 'IPCA', percentual: null, mes: 12 });
    // October: too early.
    await propor('2025-10-20');
    expect(await doContrato(c.id)).toEqual([]);
    const result = await propor('2025-11-10');
    expect(result.propostos).toBeGreaterThanOrEqual(1);
    const [r] = await doContrato(c.id);
    // Nov 2024 … Oct 2025: 0.39 0.52 0.16 1.31 0.56 0.43 0.26 0.24 0.26 −0.11 0.48 0.09
    expect(r).toMatchObject({ competencia: '2025-12', indice: 'IPCA', status: 'proposto', percentual: 4.6808, origem: 'bcb' });
    expect(r.totalAtual).toBe(100);
    expect(r.totalNovo).toBe(104.68);
    expect(r.itens).toContainEqual({ iditem: null, descricao: 'Valor do plano', valorAtual: 100, valorNovo: 104.68 });
    // Once per competência.
    await propor('2025-11-11');
    expect(await doContrato(c.id)).toHaveLength(1);
    // The filters.
    const lista = (await env.admin.get('/v1/reajustes?competencia=2025-12&status=proposto')).body.Items;
    expect(lista.map((x: { id: number }) => x.id)).toContain(r.id);
    expect((await env.admin.get('/v1/reajustes?competencia=2025-13')).status).toBe(400);
    expect((await env.admin.get('/v1/reajustes?status=outro')).status).toBe(400);
  });

  it('a negative index proposes 0; a month not yet published waits (aguardando_indice) until it is', async () => {
    await fonte('bcb');
    for (const [i, mes] of [
      '2098-02',
      '2098-03',
      '2098-04',
      '2098-05',
      '2098-06',
      '2098-07',
      '2098-08',
      '2098-09',
      '2098-10',
      '2098-11',
      '2098-12',
      '2099-01',
    ].entries())
      bcb.definir(189, mes, i === 11 ? null : '-1.00');
    const c = await contrato({ indice: 'IGPM', mes: 3 }, '2098-03-01');
    await propor('2099-02-10');
    const [waiting] = await doContrato(c.id);
    expect(waiting).toMatchObject({ competencia: '2099-03', status: 'aguardando_indice', percentual: null });
    expect((await env.admin.post(`/v1/reajustes/${waiting.id}/aplicar`)).status).toBe(409);
    bcb.definir(189, '2099-01', '-1.00');
    await propor('2099-02-11');
    const [r] = await doContrato(c.id);
    expect(r).toMatchObject({ id: waiting.id, status: 'proposto', percentual: 0, totalAtual: 100, totalNovo: 100 });
  });

  it('with the manual source, staff type the figure (PUT), then it is proposed', async () => {
    await fonte('manual');
    const c = await contrato({ indice: 'IPCA', mes: 6 }, '2097-06-01', 80);
    await propor('2098-05-03');
    const [r] = await doContrato(c.id);
    expect(r).toMatchObject({ competencia: '2098-06', status: 'aguardando_indice' });
    expect((await env.admin.put(`/v1/reajustes/${r.id}`, { percentual: 'abc' })).status).toBe(400);
    expect((await env.admin.put(`/v1/reajustes/${r.id}`, { percentual: -1 })).status).toBe(400);
    expect((await env.admin.put(`/v1/reajustes/${r.id}`, { percentual: 4.123456 })).status).toBe(400);
    const put = await env.admin.put(`/v1/reajustes/${r.id}`, { percentual: '5,5' });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ status: 'proposto', percentual: 5.5, origem: 'manual', totalAtual: 80, totalNovo: 84.4 });
    expect((await env.admin.put('/v1/reajustes/999999', { percentual: 1 })).status).toBe(404);
  });

  it('applying: fixed items and the plan × (1 + p), later charges only, the subscription follows, audited, one message; once', async () => {
    const { cliente, plano } = await clienteEPlano(env.admin, newCliente(), newPlano({ valor: 60 }));
    const c = (
      await env.admin.post('/v1/contratos', {
        idcliente: cliente.id,
        idplano: plano.id,
        reajuste: { indice: 'fixo', percentual: 4.5, mes: 3 },
      })
    ).body;
    const a = (await env.admin.post('/v1/veiculos', newVeiculo(cliente.id))).body;
    const b = (await env.admin.post('/v1/veiculos', newVeiculo(cliente.id))).body;
    const itens = `/v1/contratos/${c.id}/itens`;
    const fixo = (await env.admin.post(itens, { idveiculo: a.id, valor: 50, inicio: '2098-01-01' })).body;
    const doPlano = (await env.admin.post(itens, { idveiculo: b.id, inicio: '2098-01-01' })).body;
    await env.t.database.db.execute(sql`UPDATE contratos SET created_at = '2098-01-10T12:00:00Z' WHERE id = ${c.id}`);
    const mensalidade = newAssinatura(cliente.id, { nextduedate: '2099-03-01', idcontrato: c.id, description: 'Mensalidade' });
    const assinatura = await env.admin.create('/v1/assinaturas', mensalidade);
    expect(assinatura.valor).toBe(110);
    expect((await runBilling(env.t.database.db, { today: '2099-02-25' })).cobrancasGeradas).toBeGreaterThanOrEqual(1);

    await propor('2099-02-26');
    const [r] = await doContrato(c.id);
    expect(r).toMatchObject({ status: 'proposto', percentual: 4.5, origem: 'fixo', totalAtual: 110, totalNovo: 114.95 });

    const applied = await env.admin.post(`/v1/reajustes/${r.id}/aplicar`);
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ status: 'aplicado', totalNovo: 114.95 });
    expect((await env.admin.post(`/v1/reajustes/${r.id}/aplicar`)).status).toBe(409);
    expect((await env.admin.post(`/v1/reajustes/${r.id}/descartar`)).status).toBe(409);

    const depois = (await env.admin.get(itens)).body.Items;
    expect(depois.find((i: { id: number }) => i.id === fixo.id)).toMatchObject({ valor: 52.25, valorEfetivo: 52.25 });
    expect(depois.find((i: { id: number }) => i.id === doPlano.id)).toMatchObject({ valor: null, valorEfetivo: 62.7 });
    expect((await env.admin.get(`/v1/contratos/${c.id}`)).body.plano.valor).toBe(62.7);
    expect((await env.admin.get(`/v1/assinaturas/${assinatura.id}`)).body.valor).toBe(114.95);

    // The charge already made is unchanged; the next one is readjusted.
    await runBilling(env.t.database.db, { today: '2099-03-27' });
    const charges = (
      await env.admin.get(`/v1/cobrancas?idcliente=${cliente.id}&sort=duedate&order=ASC&dataInicio=2099-01-01&dataFim=2099-12-31`)
    ).body.Items;
    expect(charges.map((x: { duedate: string; valor: number }) => [x.duedate, x.valor])).toEqual([
      ['2099-03-01', 110],
      ['2099-04-01', 114.95],
    ]);

    const audit = (await env.admin.get(`/v1/auditoria?acao=reajuste&idcliente=${cliente.id}`)).body.Items;
    expect(audit).toHaveLength(1);
    expect(audit[0].descricao).toContain('aplicado');
    const msgs = (await env.admin.get(`/v1/mensagens?idcontrato=${c.id}&kind=reajuste`)).body.Items;
    expect(msgs).toHaveLength(1);
    expect(msgs[0].texto).toContain('4,50%');
    expect(msgs[0].texto).toContain('R$ 114,95');
  });

  it('discarding (audited), and applying many at once with the refused ones reported', async () => {
    const a = await contrato({ indice: 'fixo', percentual: 3, mes: 8 }, '2097-08-01');
    const b = await contrato({ indice: 'fixo', percentual: 2, mes: 8 }, '2097-08-01');
    const d = await contrato({ indice: 'fixo', percentual: 1, mes: 8 }, '2097-08-01');
    await propor('2098-07-15');
    const [ra] = await doContrato(a.id);
    const [rb] = await doContrato(b.id);
    const [rd] = await doContrato(d.id);
    const descartado = await env.admin.post(`/v1/reajustes/${rd.id}/descartar`);
    expect(descartado.status).toBe(200);
    expect(descartado.body.status).toBe('descartado');
    expect((await env.admin.post(`/v1/reajustes/${rd.id}/aplicar`)).status).toBe(409);
    expect((await env.admin.get(`/v1/contratos/${d.id}`)).body.plano.valor).toBe(100);

    const many = await env.admin.post('/v1/reajustes/aplicar', { ids: [ra.id, rb.id, rd.id] });
    expect(many.status).toBe(200);
    expect(many.body.aplicados).toBe(2);
    expect(many.body.resultados.find((x: { id: number }) => x.id === rd.id)).toMatchObject({ status: 'recusado' });
    expect((await env.admin.get(`/v1/contratos/${a.id}`)).body.plano.valor).toBe(103);
    expect((await env.admin.get(`/v1/contratos/${b.id}`)).body.plano.valor).toBe(102);
    expect((await env.admin.post('/v1/reajustes/aplicar', { ids: [] })).status).toBe(400);
  });

  it('a contract’s reajuste is checked: fixo needs its percentage, the month is 1 to 12', async () => {
    const { cliente, plano } = await clienteEPlano(env.admin, newCliente(), newPlano());
    const bad = async (reajuste: unknown) =>
      (await env.admin.post('/v1/contratos', { idcliente: cliente.id, idplano: plano.id, reajuste })).status;
    expect(await bad({ indice: 'fixo' })).toBe(400);
    expect(await bad({ indice: 'IPCA', mes: 13 })).toBe(400);
    expect(await bad({ indice: 'INPC' })).toBe(400);
    const ok = await env.admin.post('/v1/contratos', { idcliente: cliente.id, idplano: plano.id });
    expect(ok.body.reajuste).toMatchObject({ indice: 'nenhum', mes: expect.any(Number) });
  });
});
