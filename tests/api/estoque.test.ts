import { describe, expect, it } from 'vitest';
import { backends, newTecnico, useInstalledApp } from '../support/app';
import { newChip, newCliente, newOrdem, newTracker, newVeiculo } from '../support/registry';
import { CHECKLIST_ITEMS } from '../../domain/ordensservicos';

const fullChecklist = Object.fromEntries(CHECKLIST_ITEMS.map((item) => [item, 'OK']));

describe.each(backends)('estoque: situações e movimentos (%s)', (backend) => {
  const env = useInstalledApp(backend);
  const post = (path: string, body: unknown) => env.admin.create(path, body);
  const get = (path: string) => env.admin.read(path);
  const tecnico = () => post('/v1/users', newTecnico());
  const vehicle = async () => post('/v1/veiculos', newVeiculo((await post('/v1/clientes', newCliente())).id));

  it('a new unit is em estoque; a move to a técnico needs the técnico and is listed with who, when, from and to', async () => {
    const tracker = await post('/v1/trackres', newTracker());
    expect(tracker).toMatchObject({ situacao: 'estoque', idtecnico: null, motivo: '' });
    const noTecnico = await env.admin.post(`/v1/trackres/${tracker.id}/movimentos`, { situacao: 'tecnico' });
    expect(noTecnico.status).toBe(400);
    expect(noTecnico.body.errors).toEqual({ idtecnico: 'Escolha o técnico que recebe a unidade' });
    // Only a técnico (acesso 3) receives units: the administrator is refused (DESIGN 11).
    const staff = await env.admin.post(`/v1/trackres/${tracker.id}/movimentos`, { situacao: 'tecnico', idtecnico: 1 });
    expect(staff.status).toBe(400);
    expect(staff.body.errors).toEqual({ idtecnico: 'Este usuário não é um técnico: escolha um usuário com acesso Técnico' });
    const tec = await tecnico();
    const moved = await post(`/v1/trackres/${tracker.id}/movimentos`, { situacao: 'tecnico', idtecnico: tec.id });
    expect(moved).toMatchObject({ situacao: 'tecnico', idtecnico: tec.id, tecnico: { id: tec.id, name: tec.name } });
    const same = await env.admin.post(`/v1/trackres/${tracker.id}/movimentos`, { situacao: 'tecnico', idtecnico: tec.id });
    expect(same.status).toBe(409);
    const history = await get(`/v1/trackres/${tracker.id}/movimentos`);
    expect(history.Items).toHaveLength(1);
    expect(history.Items[0]).toMatchObject({ de: 'estoque', para: 'tecnico', idtecnico: tec.id, tecnico: tec.name, idordemservico: null });
    expect(history.Items[0].por).toEqual({ id: expect.any(Number), name: 'Ana Administradora' });
    expect(Date.now() - new Date(history.Items[0].em).getTime()).toBeLessThan(60_000);
  });

  it('a move refuses instalado, an unknown situation, a baixa without motivo and an unknown unit, changing nothing', async () => {
    const chip = await post('/v1/chips', newChip());
    for (const [body, field] of [
      [{ situacao: 'instalado' }, 'situacao'],
      [{ situacao: 'perdido' }, 'situacao'],
      [{ situacao: 'baixado' }, 'motivo'],
      [{ situacao: 'baixado', motivo: '   ' }, 'motivo'],
    ] as const) {
      const refused = await env.admin.post(`/v1/chips/${chip.id}/movimentos`, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(refused.body.errors)).toEqual([field]);
    }
    expect((await env.admin.post('/v1/chips/999999/movimentos', { situacao: 'estoque' })).status).toBe(404);
    expect((await get(`/v1/chips/${chip.id}`)).situacao).toBe('estoque');
    expect((await get(`/v1/chips/${chip.id}/movimentos`)).Items).toEqual([]);
  });

  it('instalado follows the link: a tracker in a vehicle and a chip in a tracker, back to estoque when unlinked', async () => {
    const tracker = await post('/v1/trackres', newTracker());
    const chip = await post('/v1/chips', newChip());
    const v = await vehicle();
    const linked = (
      await env.admin.put(`/v1/trackres/${tracker.id}`, { ...newTracker({ imei: tracker.imei }), idveiculo: v.id, chipId: chip.id })
    ).body;
    expect(linked.situacao).toBe('instalado');
    expect((await get(`/v1/chips/${chip.id}`)).situacao).toBe('instalado');
    const installedMove = await env.admin.post(`/v1/trackres/${tracker.id}/movimentos`, { situacao: 'manutencao' });
    expect(installedMove.status).toBe(409);
    expect(installedMove.body.message).toBe('Esta unidade está instalada: desvincule-a antes de movê-la.');
    const unlinked = (await env.admin.put(`/v1/trackres/${tracker.id}`, { ...newTracker({ imei: tracker.imei }), idveiculo: 0, chipId: 0 }))
      .body;
    expect(unlinked.situacao).toBe('estoque');
    expect((await get(`/v1/chips/${chip.id}`)).situacao).toBe('estoque');
    expect((await get(`/v1/trackres/${tracker.id}/movimentos`)).Items.map((m: any) => `${m.de}>${m.para}`)).toEqual([
      'instalado>estoque',
      'estoque>instalado',
    ]);
    // Removing the vehicle of an installed tracker puts it back on the shelf.
    const v2 = await vehicle();
    await env.admin.put(`/v1/trackres/${tracker.id}`, { ...newTracker({ imei: tracker.imei }), idveiculo: v2.id });
    expect((await env.admin.delete(`/v1/veiculos/${v2.id}`)).status).toBe(200);
    expect((await get(`/v1/trackres/${tracker.id}`)).situacao).toBe('estoque');
  });

  it('a baixado unit (with its reason) cannot be linked, from either side', async () => {
    const tracker = await post('/v1/trackres', newTracker());
    const chip = await post('/v1/chips', newChip());
    await post(`/v1/trackres/${tracker.id}/movimentos`, { situacao: 'baixado', motivo: 'Roubado com o veículo' });
    await post(`/v1/chips/${chip.id}/movimentos`, { situacao: 'baixado', motivo: 'Cancelado na operadora' });
    expect(await get(`/v1/trackres/${tracker.id}`)).toMatchObject({ situacao: 'baixado', motivo: 'Roubado com o veículo' });
    const v = await vehicle();
    const toVehicle = await env.admin.put(`/v1/trackres/${tracker.id}`, { ...newTracker({ imei: tracker.imei }), idveiculo: v.id });
    expect(toVehicle.status).toBe(409);
    expect(toVehicle.body.errors).toEqual({ idveiculo: 'Esta unidade está baixada e não pode ser vinculada.' });
    const other = await post('/v1/trackres', newTracker());
    const chipToTracker = await env.admin.put(`/v1/trackres/${other.id}`, { ...newTracker({ imei: other.imei }), chipId: chip.id });
    expect(chipToTracker.status).toBe(409);
    expect(chipToTracker.body.errors).toEqual({ chipId: 'Esta unidade está baixada e não pode ser vinculada.' });
    const fromChip = await env.admin.put(`/v1/chips/${chip.id}`, {
      ...newChip({ iccid: chip.iccid, phone: chip.phone }),
      deviceId: other.id,
    });
    expect(fromChip.status).toBe(409);
    expect(fromChip.body.errors).toEqual({ deviceId: 'Esta unidade está baixada e não pode ser vinculada.' });
    const order = await env.admin.post('/v1/ordensservicos', newOrdem({ idcliente: v.idcliente, idveiculo: v.id, iddevice: tracker.id }));
    expect(order.status).toBe(409);
    expect((await get(`/v1/veiculos/${v.id}`)).deviceId).toBe(0);
  });

  it('lists filter by situacao and idtecnico, with meta.resumo counting each situacao for the other filters', async () => {
    const tec = await tecnico();
    const mine = [
      await post('/v1/trackres', newTracker({ modelo: 'RESUMO-X' })),
      await post('/v1/trackres', newTracker({ modelo: 'RESUMO-X' })),
    ];
    await post('/v1/trackres', newTracker({ modelo: 'RESUMO-X' }));
    for (const t of mine) await post(`/v1/trackres/${t.id}/movimentos`, { situacao: 'tecnico', idtecnico: tec.id });
    const all = await get('/v1/trackres?pesquisa=RESUMO-X');
    expect(all.meta).toMatchObject({ total: 3, resumo: { estoque: 1, tecnico: 2, instalado: 0, manutencao: 0, baixado: 0 } });
    const withTecnico = await get('/v1/trackres?pesquisa=RESUMO-X&situacao=tecnico');
    expect(withTecnico.meta.total).toBe(2);
    expect(withTecnico.meta.resumo.estoque).toBe(1);
    expect(withTecnico.Items.map((i: any) => i.id).sort()).toEqual(mine.map((t) => t.id).sort());
    const byTecnico = await get(`/v1/trackres?idtecnico=${tec.id}`);
    expect(byTecnico.Items.map((i: any) => i.id).sort()).toEqual(mine.map((t) => t.id).sort());
    expect(byTecnico.meta.resumo).toEqual({ estoque: 0, tecnico: 2, instalado: 0, manutencao: 0, baixado: 0 });
    const bad = await env.admin.get('/v1/trackres?situacao=perdido');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['situacao']);
    const chipsList = await get('/v1/chips?situacao=estoque&pageSize=1');
    expect(chipsList.meta.resumo).toBeDefined();
  });

  it('an installation order takes its tracker from the técnico, and a removal order returns it on Finalizar', async () => {
    const tec = await tecnico();
    const tracker = await post('/v1/trackres', newTracker());
    await post(`/v1/trackres/${tracker.id}/movimentos`, { situacao: 'tecnico', idtecnico: tec.id });
    const v = await vehicle();
    const links = { idcliente: v.idcliente, idveiculo: v.id, iddevice: tracker.id };
    const install = await post('/v1/ordensservicos', newOrdem(links, { idtecnico: tec.id }));
    expect((await get(`/v1/trackres/${tracker.id}`)).situacao).toBe('instalado');
    const [takeMove] = (await get(`/v1/trackres/${tracker.id}/movimentos`)).Items;
    expect(takeMove).toMatchObject({ de: 'tecnico', para: 'instalado', idordemservico: install.id });
    const removal = await post('/v1/ordensservicos', newOrdem(links, { idtecnico: tec.id, tipo: 'retirada' }));
    expect(removal.tipo).toBe('retirada');
    expect((await get(`/v1/trackres/${tracker.id}`)).situacao).toBe('instalado');
    const done = await env.admin.put(`/v1/ordensservicos/${removal.id}`, {
      ...newOrdem(links, { idtecnico: tec.id, tipo: 'retirada' }),
      status: 1,
      checklist: fullChecklist,
    });
    expect(done.status).toBe(200);
    expect(await get(`/v1/trackres/${tracker.id}`)).toMatchObject({ situacao: 'tecnico', idtecnico: tec.id, idveiculo: 0 });
    expect((await get(`/v1/veiculos/${v.id}`)).deviceId).toBe(0);
    const [returnMove] = (await get(`/v1/trackres/${tracker.id}/movimentos`)).Items;
    expect(returnMove).toMatchObject({ de: 'instalado', para: 'tecnico', idordemservico: removal.id });
    // A removal of a tracker that is not on the vehicle is refused.
    const free = await post('/v1/trackres', newTracker());
    const wrong = await env.admin.post('/v1/ordensservicos', newOrdem({ ...links, iddevice: free.id }, { tipo: 'retirada' }));
    expect(wrong.status).toBe(409);
    expect(wrong.body.errors).toEqual({ iddevice: 'Numa retirada, o rastreador deve estar instalado neste veículo.' });
  });

  it('chips carry operadora and custoMensal; /v1/chips/custos sums them per operator, idle apart', async () => {
    const t = await post('/v1/trackres', newTracker());
    const active = await post('/v1/chips', newChip({ operadora: 'OperadoraCusto', custoMensal: '12,50' }));
    await post('/v1/chips', newChip({ operadora: 'OperadoraCusto', custoMensal: 9.9 }));
    expect(active.custoMensal).toBe(12.5);
    await env.admin.put(`/v1/trackres/${t.id}`, { ...newTracker({ imei: t.imei }), chipId: active.id });
    const bad = await env.admin.post('/v1/chips', newChip({ custoMensal: -1 }));
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['custoMensal']);
    const { Items } = await get('/v1/chips/custos');
    expect(Items.find((i: any) => i.operadora === 'OperadoraCusto')).toEqual({
      operadora: 'OperadoraCusto',
      quantidade: 2,
      ativos: 1,
      ociosos: 1,
      custoMensal: 22.4,
      custoOcioso: 9.9,
    });
  });
});
