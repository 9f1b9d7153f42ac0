/**
 * A contract's items (DESIGN 11, "Vehicles as contract items"): the client's vehicle, one live item
 * per vehicle, pending until its installation is finalized, suspension and reactivation, the
 * effective value by the plan's fleet tier, and a linked subscription whose value is the items' sum.
 */
import { describe, expect, it } from 'vitest';
import { backends, Client, newUser, useInstalledApp } from '../support/app';
import { clienteEPlano, newAssinatura, newCliente, newOrdem, newPlano, newTracker, newVeiculo } from '../support/registry';

const FAIXAS = [
  { de: 1, ate: 2, valor: 60 },
  { de: 3, ate: null, valor: 50 },
];

describe.each(backends)('contract items (%s)', (backend) => {
  const env = useInstalledApp(backend);

  const contratoCom = async (plano: Record<string, unknown> = {}) => {
    const { cliente, plano: p } = await clienteEPlano(env.admin, newCliente(), newPlano({ valor: 70, ...plano }));
    const contrato = (await env.admin.post('/v1/contratos', { idcliente: cliente.id, idplano: p.id })).body;
    const veiculo = async () => (await env.admin.post('/v1/veiculos', newVeiculo(cliente.id))).body;
    return { cliente, plano: p, contrato, veiculo };
  };

  it('plans’ tiers go from 1, contiguous, the last open; else 400 with the reason', async () => {
    const bad = await env.admin.post('/v1/planos', newPlano({ faixas: [{ de: 1, ate: 9, valor: 60 }] }));
    expect(bad.status).toBe(400);
    expect(bad.body.errors.faixas).toBe('A última faixa não tem limite (até em branco)');
    const gap = await env.admin.post(
      '/v1/planos',
      newPlano({
        faixas: [
          { de: 1, ate: 9, valor: 60 },
          { de: 11, ate: null, valor: 50 },
        ],
      }),
    );
    expect(gap.body.errors.faixas).toBe('A faixa 2 deve começar em 10 veículos');
    const ok = await env.admin.post(
      '/v1/planos',
      newPlano({ faixas: FAIXAS, fidelidadeMeses: 12, multaFidelidade: { tipo: 'proporcional', valor: 50 } }),
    );
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ faixas: FAIXAS, fidelidadeMeses: 12, multaFidelidade: { tipo: 'proporcional', valor: 50 } });
  });

  it('an item is the client’s vehicle (else 400), one live item per vehicle (else 409); without inicio it is pending', async () => {
    const { contrato, veiculo } = await contratoCom({ fidelidadeMeses: 12, multaFidelidade: { tipo: 'fixa', valor: 300 } });
    const outro = await contratoCom();
    const alheio = await outro.veiculo();
    const url = `/v1/contratos/${contrato.id}/itens`;
    const refused = await env.admin.post(url, { idveiculo: alheio.id });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ idveiculo: 'O veículo deve ser do cliente do contrato' });
    expect((await env.admin.post(url, {})).body.errors).toEqual({ idveiculo: 'Escolha o veículo do item' });
    expect((await env.admin.post('/v1/contratos/999999/itens', {})).status).toBe(404);

    const v = await veiculo();
    const pendente = await env.admin.post(url, { idveiculo: v.id, descricao: 'Rastreador' });
    expect(pendente.status).toBe(201);
    expect(pendente.body).toMatchObject({
      idveiculo: v.id,
      placa: v.placa,
      status: 'pendente',
      inicio: null,
      valor: null,
      valorEfetivo: 70,
      fidelidadeMeses: 12,
      fimFidelidade: null,
      multaFidelidade: { tipo: 'fixa', valor: 300 },
    });
    const twice = await env.admin.post(`/v1/contratos/${outro.contrato.id}/itens`, { idveiculo: v.id });
    expect(twice.status).toBe(400); // another client's contract
    const again = await env.admin.post(url, { idveiculo: v.id });
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual({ idveiculo: 'Este veículo já está em um item ativo, pendente ou suspenso' });

    // A service needs no vehicle; a typed value wins.
    const servico = await env.admin.post(url, { tipo: 'servico', descricao: 'Seguro', valor: '12,50', inicio: '2026-05-10' });
    expect(servico.body).toMatchObject({ tipo: 'servico', idveiculo: null, valor: 12.5, valorEfetivo: 12.5, status: 'ativo' });

    // Given inicio, the pending item starts, and the fidelity counts from it.
    const started = await env.admin.put(`${url}/${pendente.body.id}`, { inicio: '2026-01-31' });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ status: 'ativo', inicio: '2026-01-31', fimFidelidade: '2027-01-31' });
    const badFim = await env.admin.put(`${url}/${pendente.body.id}`, { fim: '2026-01-01' });
    expect(badFim.status).toBe(400);
    expect(badFim.body.errors).toEqual({ fim: 'O fim deve ser depois do início' });
    expect((await env.admin.put(`/v1/contratos/${outro.contrato.id}/itens/${pendente.body.id}`, {})).status).toBe(404);

    // The contract's read carries its items.
    const read = (await env.admin.get(`/v1/contratos/${contrato.id}`)).body;
    expect(read.itens.map((i: any) => [i.tipo, i.status])).toEqual([
      ['veiculo', 'ativo'],
      ['servico', 'ativo'],
    ]);
    expect((await env.admin.get(url)).body.Items).toHaveLength(2);
  });

  it('finalizing the vehicle’s installation order starts its pending item that day', async () => {
    const { cliente, contrato, veiculo } = await contratoCom();
    const v = await veiculo();
    const item = (await env.admin.post(`/v1/contratos/${contrato.id}/itens`, { idveiculo: v.id })).body;
    const tracker = (await env.admin.post('/v1/trackres', newTracker())).body;
    const ordem = (await env.admin.post('/v1/ordensservicos', newOrdem({ idcliente: cliente.id, idveiculo: v.id, iddevice: tracker.id })))
      .body;
    const checklist = Object.fromEntries(Object.keys(ordem.checklist ?? {}).map((k) => [k, 'OK']));
    const { CHECKLIST_ITEMS } = await import('../../domain/ordensservicos');
    for (const k of CHECKLIST_ITEMS) checklist[k] = 'OK';
    const done = await env.admin.put(`/v1/ordensservicos/${ordem.id}`, { ...ordem, status: 1, checklist, semValidacao: true });
    expect(done.status).toBe(200);
    const [lido] = (await env.admin.get(`/v1/contratos/${contrato.id}/itens`)).body.Items;
    expect(lido).toMatchObject({ id: item.id, status: 'ativo' });
    expect(lido.inicio).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('suspension and reactivation by date; a suspended item is not counted for the tier; cancelled ones refuse changes', async () => {
    const { contrato, veiculo } = await contratoCom({ faixas: FAIXAS });
    const url = `/v1/contratos/${contrato.id}/itens`;
    const itens = [];
    for (let i = 0; i < 3; i++) itens.push((await env.admin.post(url, { idveiculo: (await veiculo()).id, inicio: '2026-01-01' })).body);
    expect((await env.admin.get(url)).body.Items.map((i: any) => i.valorEfetivo)).toEqual([50, 50, 50]);
    const notActive = await env.admin.post(`${url}/${itens[0].id}/reativar`, { de: '2026-02-01' });
    expect(notActive.status).toBe(409);
    expect((await env.admin.post(`${url}/${itens[0].id}/suspender`, {})).body.errors).toEqual({ de: 'Campo obrigatório' });
    expect((await env.admin.post(`${url}/${itens[0].id}/suspender`, { de: '2025-12-01' })).status).toBe(400);
    const suspenso = await env.admin.post(`${url}/${itens[0].id}/suspender`, { de: '2026-02-01' });
    expect(suspenso.status).toBe(200);
    expect(suspenso.body).toMatchObject({ status: 'suspenso', suspensoes: [{ de: '2026-02-01', ate: null }] });
    // two active vehicles: the first tier
    expect((await env.admin.get(url)).body.Items.map((i: any) => i.valorEfetivo)).toEqual([60, 60, 60]);
    const reativado = await env.admin.post(`${url}/${itens[0].id}/reativar`, { de: '2026-02-11' });
    expect(reativado.body).toMatchObject({ status: 'ativo', suspensoes: [{ de: '2026-02-01', ate: '2026-02-11' }] });
    expect((await env.admin.get(url)).body.Items.map((i: any) => i.valorEfetivo)).toEqual([50, 50, 50]);
    await env.t.database.db.execute(
      (await import('drizzle-orm')).sql`UPDATE contratos_itens SET status = 'cancelado', fim = '2026-03-01' WHERE id = ${itens[2].id}`,
    );
    expect((await env.admin.put(`${url}/${itens[2].id}`, { descricao: 'x' })).status).toBe(409);
    // a cancelled item frees its vehicle
    expect((await env.admin.post(url, { idveiculo: itens[2].idveiculo })).status).toBe(201);
  });

  it('a linked subscription’s value is the active items’ sum × the cycle’s months: read-only (400 on change), weekly cannot link, one per contract', async () => {
    const { cliente, contrato, veiculo } = await contratoCom({ faixas: FAIXAS });
    const url = `/v1/contratos/${contrato.id}/itens`;
    await env.admin.post(url, { idveiculo: (await veiculo()).id, inicio: '2026-01-01' });
    await env.admin.post(url, { idveiculo: (await veiculo()).id, inicio: '2026-01-01', valor: 45.5 });
    const semanal = await env.admin.post(
      '/v1/assinaturas',
      newAssinatura(cliente.id, { nextduedate: '2099-01-10', cycle: 'WEEKLY', idcontrato: contrato.id }),
    );
    expect(semanal.status).toBe(400);
    expect(semanal.body.errors).toEqual({ cycle: 'Assinaturas semanais ou quinzenais não podem ser vinculadas a um contrato' });
    const outro = await contratoCom();
    const alheio = await env.admin.post(
      '/v1/assinaturas',
      newAssinatura(cliente.id, { nextduedate: '2099-01-10', idcontrato: outro.contrato.id }),
    );
    expect(alheio.body.errors).toEqual({ idcontrato: 'O contrato deve ser do mesmo cliente da assinatura' });

    const a = await env.admin.post(
      '/v1/assinaturas',
      newAssinatura(cliente.id, { nextduedate: '2099-01-10', cycle: 'QUARTERLY', valor: 1, idcontrato: contrato.id }),
    );
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ idcontrato: contrato.id, valor: (60 + 45.5) * 3 });
    const changed = await env.admin.put(`/v1/assinaturas/${a.body.id}`, { ...a.body, valor: 100 });
    expect(changed.status).toBe(400);
    expect(changed.body.errors).toEqual({ valor: 'O valor de uma assinatura vinculada vem dos itens do contrato e não pode ser alterado' });
    expect((await env.admin.put(`/v1/assinaturas/${a.body.id}`, { ...a.body, description: 'Outra' })).status).toBe(200);
    const second = await env.admin.post(
      '/v1/assinaturas',
      newAssinatura(cliente.id, { nextduedate: '2099-01-10', idcontrato: contrato.id }),
    );
    expect(second.status).toBe(409);

    // A third vehicle moves the tier: 50 + 50 (tier) + 45,50 (typed), × 3.
    await env.admin.post(url, { idveiculo: (await veiculo()).id, inicio: '2026-02-01' });
    expect((await env.admin.get(`/v1/assinaturas/${a.body.id}`)).body.valor).toBe(436.5);
    // Unlinked, the value is typed again.
    const solto = await env.admin.put(`/v1/assinaturas/${a.body.id}`, { ...a.body, idcontrato: null, valor: 99 });
    expect(solto.body).toMatchObject({ idcontrato: null, valor: 99 });
  });

  it('cancelling inside the fidelity period: billing stops at fim, a removal order, and the fine’s charge due fim + 5 (R$ 60,00, 50 %, 184 days → R$ 184,00); only an administrator waives it, audited', async () => {
    const { cliente, contrato, veiculo } = await contratoCom({
      valor: 60,
      fidelidadeMeses: 12,
      multaFidelidade: { tipo: 'proporcional', valor: 50 },
    });
    const url = `/v1/contratos/${contrato.id}/itens`;
    const v = await veiculo();
    expect(
      (
        await env.admin.put(`/v1/trackres/${(await env.admin.post('/v1/trackres', newTracker())).body.id}`, {
          ...newTracker(),
          idveiculo: v.id,
        })
      ).status,
    ).toBe(200);
    const item = (await env.admin.post(url, { idveiculo: v.id, inicio: '2026-12-31' })).body;
    expect(item).toMatchObject({ fimFidelidade: '2027-12-31', valorEfetivo: 60 });

    const usuario = new Client(env.t.app);
    const user = newUser();
    await env.admin.post('/v1/users', user);
    await usuario.login(user.login, user.password);
    const waived = await usuario.post(`${url}/${item.id}/cancelar`, { fim: '2027-06-30', dispensarMulta: true });
    expect(waived.status).toBe(403);
    expect(waived.body.message).toBe('Só um administrador pode dispensar a multa de fidelidade');

    const cancelado = await usuario.post(`${url}/${item.id}/cancelar`, { fim: '2027-06-30', motivo: 'Vendeu o carro' });
    expect(cancelado.status).toBe(200);
    expect(cancelado.body.item).toMatchObject({ status: 'cancelado', fim: '2027-06-30', motivo: 'Vendeu o carro' });
    expect(cancelado.body.multa).toMatchObject({ valor: 184, duedate: '2027-07-05' });
    const multa = (await env.admin.get(`/v1/cobrancas/${cancelado.body.multa.id}`)).body;
    expect(multa).toMatchObject({ idcliente: cliente.id, valor: 184, duedate: '2027-07-05' });
    expect(multa.itens).toEqual([expect.objectContaining({ tipo: 'multa', placa: v.placa, valor: 184 })]);
    const ordem = (await env.admin.get(`/v1/ordensservicos/${cancelado.body.ordemServico.id}`)).body;
    expect(ordem).toMatchObject({ tipo: 'retirada', idveiculo: v.id, status: 0 });
    expect((await env.admin.post(`${url}/${item.id}/cancelar`, {})).status).toBe(409);

    // An administrator waives it: no charge, an audit entry.
    const w = await veiculo();
    const outro = (await env.admin.post(url, { idveiculo: w.id, inicio: '2026-12-31' })).body;
    const dispensada = await env.admin.post(`${url}/${outro.id}/cancelar`, { fim: '2027-06-30', dispensarMulta: true, ordem: false });
    expect(dispensada.body).toMatchObject({ multa: null, ordemServico: null, item: { status: 'cancelado' } });
    const log = (await env.admin.get('/v1/auditoria?acao=multa')).body.Items;
    expect(log[0]).toMatchObject({ acao: 'multa', idcliente: cliente.id, resultado: 'R$ 184,00 não cobrados' });
    // Past the fidelity period (or naoCobrarMulta): no fine.
    const x = await veiculo();
    const livre = (await env.admin.post(url, { idveiculo: x.id, inicio: '2026-01-01', naoCobrarMulta: true })).body;
    expect((await env.admin.post(`${url}/${livre.id}/cancelar`, { fim: '2026-06-30' })).body.multa).toBeNull();
  });
});
