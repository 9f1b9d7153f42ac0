/** The public contract page's calls (DESIGN 4, 6 and 9): the token is the credential; 60 calls a minute per address. */
import { describe, expect, it } from 'vitest';
import { backends, Client, useInstalledApp } from '../support/app';
import { clienteEPlano, newCliente, newPlano, newVeiculo } from '../support/registry';

describe.each(backends)('public contract (%s)', (backend) => {
  const env = useInstalledApp(backend);
  const setup = (cliente?: Record<string, unknown>, plano?: ReturnType<typeof newPlano>) => clienteEPlano(env.admin, cliente, plano);

  it('the public contract: with its client, plan and company, no secrets; the vehicles only with a token of that client', async () => {
    await env.admin.put('/v1/users/1', { dadosempresa: { nome: 'Rastreio Sul', cnpj: '11222333000181', contato: '(51) 3333-4444' } });
    const { cliente, plano } = await setup(newCliente({ login: 'app.cliente', password: 'segredo-do-app' }));
    await env.admin.post('/v1/veiculos', newVeiculo(cliente.id, { marca: 'Fiat', modelo: 'Strada' }));
    const contrato = (await env.admin.post('/v1/contratos', { idcliente: cliente.id, idplano: plano.id, informacoes: 'Cláusula 1' })).body;
    const anonymous = new Client(env.t.app);
    const page = await anonymous.get(`/v1/static/contrato?token=${contrato.token}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      id: contrato.id,
      informacoes: 'Cláusula 1',
      plano: { descricao: plano.descricao, valor: plano.valor },
      cliente: { id: cliente.id, name: cliente.name, cpf: cliente.cpf },
      dadosempresa: { nome: 'Rastreio Sul', cnpj: '11222333000181', contato: '(51) 3333-4444' },
    });
    const text = JSON.stringify(page.body);
    for (const secret of ['segredo-do-app', 'password', 'login', 'busca', 'statusMotivo', 'billingOverride', 'integrations', 'idcard'])
      expect(text).not.toContain(secret);

    const vehicles = await anonymous.get(`/v1/static/veiculos?idCliente=${cliente.id}&token=${contrato.token}`);
    expect(vehicles.status).toBe(200);
    expect(vehicles.body.meta.totalItens).toBe(1);
    expect(vehicles.body.Items[0]).toMatchObject({ marca: 'Fiat', modelo: 'Strada' });
    const other = await setup();
    const wrongClient = await anonymous.get(`/v1/static/veiculos?idCliente=${other.cliente.id}&token=${contrato.token}`);
    expect(wrongClient.status).toBe(404);
    for (const token of ['nao-existe', '', '%00', 'a'.repeat(300)]) {
      const wrong = await anonymous.get(`/v1/static/contrato?token=${token}`);
      expect([404, 400]).toContain(wrong.status);
      expect(wrong.body.message).toBeTruthy();
    }
    expect((await anonymous.get('/v1/static/contrato?token=nao-existe')).body.message).toMatch(/Contrato não encontrado/);
  });

  it('every /v1/static call counts toward 60 a minute per address (429 after)', async () => {
    const { cliente, plano } = await setup();
    const contrato = (await env.admin.post('/v1/contratos', { idcliente: cliente.id, idplano: plano.id })).body;
    const headers = { 'x-forwarded-for': '203.0.113.9' };
    const call = (i: number) =>
      env.t.app.inject({
        method: 'GET',
        url: i % 2 ? `/v1/static/contrato?token=${contrato.token}` : `/v1/static/veiculos?idCliente=${cliente.id}&token=${contrato.token}`,
        remoteAddress: '203.0.113.9',
        headers,
      });
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await call(i)).statusCode);
    expect(statuses.every((status) => status === 200)).toBe(true);
    const limited = await call(60);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Muitas tentativas/);
    // Another address is not held by it.
    const other = await env.t.app.inject({
      method: 'GET',
      url: `/v1/static/contrato?token=${contrato.token}`,
      remoteAddress: '203.0.113.10',
    });
    expect(other.statusCode).toBe(200);
  });
});
