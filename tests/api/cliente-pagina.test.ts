/**
 * The client's page (DESIGN 10): `GET /v1/clientes/{id}/resumo` (each section's count and first
 * rows, exact charge totals, why the status is what it is, audit entries for administrators only),
 * pre-registrations to review (`revisao`, the list filter, `POST /v1/clientes/{id}/confirmar`).
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../domain/calendar';
import { appToday } from '../../server/regras/clock';
import { backends, Client, newUser, useInstalledApp } from '../support/app';
import { dataUrl, PNG_1PX } from '../support/files';
import { newCliente, newOrdem, newPlano, newTracker, newVeiculo } from '../support/registry';

const png = (name: string) => ({ name, type: 'image/png', base64: dataUrl('image/png', PNG_1PX) });

describe.each(backends)('the client page (%s)', (backend) => {
  const env = useInstalledApp(backend);
  const charge = (idcliente: number, valor: number, days: number) =>
    env.admin.post('/v1/cobrancas', { idcliente, descricao: `Mensalidade ${valor}`, valor, duedate: addDays(appToday(), days) });

  it('gives every section its count and first rows, and exact open, overdue and received totals', async () => {
    const cliente = (await env.admin.post('/v1/clientes', newCliente({ name: 'Marta Página' }))).body;
    const outro = (await env.admin.post('/v1/clientes', newCliente())).body;
    const tracker = (await env.admin.post('/v1/trackres', newTracker())).body;
    const veiculo = (await env.admin.post('/v1/veiculos', newVeiculo(cliente.id))).body;
    expect((await env.admin.put(`/v1/trackres/${tracker.id}`, { ...tracker, idveiculo: veiculo.id })).status).toBe(200);
    await env.admin.post('/v1/veiculos', newVeiculo(outro.id));
    // The fleet's state of the tracker, as the fleet feed writes it.
    await env.t.database.db.execute(sql`INSERT INTO frota_estado (idrastreador, situacao) VALUES (${tracker.id}, 'silencioso')
        ON CONFLICT (idrastreador) DO UPDATE SET situacao = 'silencioso'`);
    const plano = (await env.admin.post('/v1/planos', newPlano())).body;
    const contrato = (await env.admin.post('/v1/contratos', { idcliente: cliente.id, idplano: plano.id })).body;
    const ordem = (
      await env.admin.post('/v1/ordensservicos', newOrdem({ idcliente: cliente.id, idveiculo: veiculo.id, iddevice: tracker.id }))
    ).body;
    // 7 charges: 3 open (10.10 each), 2 received (one paid 55.55 by hand), 1 cancelled, and 1 of another client.
    const abertas = [];
    for (let i = 0; i < 3; i++) abertas.push((await charge(cliente.id, 10.1, 5 + i)).body);
    const pagas = [(await charge(cliente.id, 20, 1)).body, (await charge(cliente.id, 30, 2)).body];
    for (const paga of pagas) expect((await env.admin.put(`/v1/cobrancas/${paga.id}`, { ...paga, status: 1 })).status).toBe(200);
    await env.t.database.db.execute(sql`UPDATE cobrancas SET valor_pago = 55.55 WHERE id = ${pagas[1].id}`);
    const cancelada = (await charge(cliente.id, 7, 3)).body;
    expect((await env.admin.put(`/v1/cobrancas/${cancelada.id}`, { ...cancelada, status: 3 })).status).toBe(200);
    await charge(outro.id, 99, 3);
    for (const name of ['rg.png', 'cnh.png']) {
      expect((await env.admin.post('/v1/uploads', [{ unid: cliente.id, documento: 'cliente', ...png(name) }])).status).toBe(201);
    }

    const reply = await env.admin.get(`/v1/clientes/${cliente.id}/resumo`);
    expect(reply.status).toBe(200);
    const r = reply.body;
    expect(r.cliente).toMatchObject({ id: cliente.id, name: 'Marta Página', password: '' });
    expect(r.cliente).not.toHaveProperty('statusMotivo');
    expect(r.situacao).toEqual({ status: 0, motivo: null, cobranca: null });
    expect(r.veiculos.total).toBe(1);
    expect(r.veiculos.items[0]).toMatchObject({
      id: veiculo.id,
      placa: veiculo.placa,
      device: { id: tracker.id, imei: tracker.imei, situacao: 'silencioso' },
    });
    expect(r.contratos).toMatchObject({ total: 1, items: [{ id: contrato.id, token: contrato.token, status: 0 }] });
    expect(r.assinaturas).toEqual({ total: 0, items: [] });
    expect(r.ordensservicos).toMatchObject({ total: 1, items: [{ id: ordem.id, placa: veiculo.placa }] });
    expect(r.uploads.total).toBe(2);
    expect(r.uploads.items.map((u: { name: string }) => u.name).sort()).toEqual(['cnh.png', 'rg.png']);
    expect(r.uploads.items[0]).not.toHaveProperty('data');
    expect(r.cobrancas.total).toBe(6);
    expect(r.cobrancas.items).toHaveLength(5);
    // Open ones first, soonest due first.
    expect(r.cobrancas.items.slice(0, 3).map((c: { id: number }) => c.id)).toEqual(abertas.map((c) => c.id));
    expect(r.cobrancas.totais).toEqual({
      abertas: { qnt: 3, valor: 30.3 },
      vencidas: { qnt: 0, valor: 0 },
      recebidas: { qnt: 2, valor: 75.55 },
      canceladas: { qnt: 1, valor: 7 },
    });
    expect(r.mensagens).toMatchObject({ total: expect.any(Number), items: expect.any(Array) });
    expect(r.auditoria).toMatchObject({ total: expect.any(Number) });

    // Without a vehicle's tracker, the vehicle says so (null), and an unknown client is a 404.
    expect((await env.admin.get('/v1/clientes/999999/resumo')).status).toBe(404);
    expect((await env.admin.get('/v1/clientes/abc/resumo')).status).toBe(400);
  });

  it('says why the status is what it is: staff block, or billing with the overdue charge', async () => {
    const cliente = (await env.admin.post('/v1/clientes', newCliente())).body;
    const blocked = await env.admin.put(`/v1/clientes/${cliente.id}`, { ...cliente, status: 1 });
    expect(blocked.status).toBe(200);
    expect((await env.admin.get(`/v1/clientes/${cliente.id}/resumo`)).body.situacao).toEqual({
      status: 1,
      motivo: 'staff',
      cobranca: null,
    });
    const audit = (await env.admin.get(`/v1/clientes/${cliente.id}/resumo`)).body.auditoria;
    expect(audit.total).toBe(1);
    expect(audit.items[0]).toMatchObject({ acao: 'situacao' });

    const devedor = (await env.admin.post('/v1/clientes', newCliente())).body;
    const vencida = (await charge(devedor.id, 40, -10)).body;
    await charge(devedor.id, 41, -3);
    const { situacao, cobrancas } = (await env.admin.get(`/v1/clientes/${devedor.id}/resumo`)).body;
    // Ten days overdue: billing has blocked the client (the company's default bloqueio).
    expect(situacao).toMatchObject({ status: 1, motivo: 'billing', cobranca: { id: vencida.id, valor: 40, duedate: vencida.duedate } });
    expect(cobrancas.totais.vencidas).toEqual({ qnt: 2, valor: 81 });
    expect(cobrancas.items[0].id).toBe(vencida.id);
  });

  it('leaves the audit entries out for a Usuario, as the audit log is for administrators', async () => {
    const cliente = (await env.admin.post('/v1/clientes', newCliente())).body;
    const user = newUser();
    expect((await env.admin.post('/v1/users', user)).status).toBe(201);
    const usuario = new Client(env.t.app);
    await usuario.login(user.login, user.password);
    const reply = await usuario.get(`/v1/clientes/${cliente.id}/resumo`);
    expect(reply.status).toBe(200);
    expect(reply.body).not.toHaveProperty('auditoria');
    expect(reply.body.veiculos).toEqual({ total: 0, items: [] });
  });

  it('marks a pre-registration for review until staff confirm it; the list filters them with revisao=1', async () => {
    const token = (await env.admin.get('/v1/session')).body.token as string;
    const publico = await env.t.app.inject({
      method: 'POST',
      url: `/v1/static/precadastro/${token}`,
      payload: { ...newCliente({ name: 'Pré Cadastrada' }), documentos: [png('a.png'), png('b.png')] },
      remoteAddress: '10.9.9.9',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(publico.statusCode).toBe(201);
    const id = publico.json().id as number;
    const staffMade = (await env.admin.post('/v1/clientes', newCliente())).body;
    expect(staffMade.revisao).toBe(false);
    expect((await env.admin.get(`/v1/clientes/${id}`)).body.revisao).toBe(true);

    const waiting = await env.admin.get('/v1/clientes?revisao=1');
    expect(waiting.body.Items.map((c: { id: number }) => c.id)).toEqual([id]);
    expect(waiting.body.meta.total).toBe(1);
    expect((await env.admin.get('/v1/clientes?revisao=0')).body.Items.map((c: { id: number }) => c.id)).toContain(staffMade.id);
    const bad = await env.admin.get('/v1/clientes?revisao=sim');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.revisao).toBeTruthy();

    // An edit by staff does not confirm it by itself; Confirmar does, once, and is audited.
    const cliente = (await env.admin.get(`/v1/clientes/${id}`)).body;
    expect((await env.admin.put(`/v1/clientes/${id}`, { ...cliente, name: 'Pré Cadastrada Silva' })).body.revisao).toBe(true);
    // Confirmar takes no input: a body other than an empty object is a 400 and confirms nothing.
    const withBody = await env.admin.post(`/v1/clientes/${id}/confirmar`, { revisao: true });
    expect(withBody.status).toBe(400);
    expect(withBody.body.message).toBeTruthy();
    expect((await env.admin.get(`/v1/clientes/${id}`)).body.revisao).toBe(true);
    const confirmed = await env.admin.post(`/v1/clientes/${id}/confirmar`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ id, revisao: false });
    expect((await env.admin.get(`/v1/clientes/${id}`)).body.revisao).toBe(false);
    expect((await env.admin.get('/v1/clientes?revisao=1')).body.Items).toEqual([]);
    expect((await env.admin.post(`/v1/clientes/${id}/confirmar`)).status).toBe(200);
    const audit = (await env.admin.get(`/v1/clientes/${id}/resumo`)).body.auditoria;
    expect(audit.items.filter((a: { descricao: string }) => a.descricao.includes('Pré-cadastro'))).toHaveLength(1);
    expect((await env.admin.post('/v1/clientes/999999/confirmar')).status).toBe(404);
  });
});
