import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { backends, Client, newUser, useInstalledApp } from '../support/app';
import { clienteEPlano, newCliente, newEmpresa, newPlano } from '../support/registry';

describe.each(backends)('contratos (%s)', (backend) => {
  const env = useInstalledApp(backend);

  const setup = (cliente?: Record<string, unknown>, plano?: ReturnType<typeof newPlano>) => clienteEPlano(env.admin, cliente, plano);
  const outbox = async () => {
    const result: any = await env.t.database.db.execute(
      sql`SELECT kind, key, destino, texto, idcontrato FROM mensagens WHERE kind = 'envio' ORDER BY id`,
    );
    return result.rows as { kind: string; key: string; destino: string; texto: string; idcontrato: number }[];
  };

  it('a contract needs a client and a plan; the plan is copied when absent and the token is unguessable', async () => {
    const missing = await env.admin.post('/v1/contratos', {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ idcliente: 'Cliente obrigatório', idplano: 'Plano obrigatório' });
    const { cliente, plano } = await setup(newCliente({ name: 'Márcia Conceição' }), newPlano({ descricao: 'Frota Plus', valor: 89.9 }));
    const unknownPlan = await env.admin.post('/v1/contratos', { idcliente: cliente.id, idplano: 999999 });
    expect(unknownPlan.status).toBe(400);
    expect(unknownPlan.body.errors).toEqual({ idplano: 'Plano não encontrado' });
    const unknownClient = await env.admin.post('/v1/contratos', { idcliente: 999999, idplano: plano.id });
    expect(unknownClient.body.errors).toEqual({ idcliente: 'Cliente não encontrado' });

    const created = await env.admin.post('/v1/contratos', { idcliente: cliente.id, idplano: plano.id, informacoes: 'Termos do contrato' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      idcliente: cliente.id,
      idplano: plano.id,
      status: 0,
      informacoes: 'Termos do contrato',
      plano: { id: plano.id, descricao: 'Frota Plus', valor: 89.9, valoradd: 19.9, limtdispositivos: 1 },
      cliente: { id: cliente.id, name: 'Márcia Conceição', cpf: cliente.cpf, mobilePhone: '11987654321' },
      idCard: 1,
    });
    expect(created.body.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const other = await env.admin.post('/v1/contratos', { idcliente: cliente.id, idplano: plano.id });
    expect(other.body.token).not.toBe(created.body.token);
    expect(created.body).not.toHaveProperty('busca');

    // The copy is editable and stays as edited, even when the plan changes later.
    const edited = await env.admin.put(`/v1/contratos/${created.body.id}`, {
      ...created.body,
      plano: { ...created.body.plano, valor: 79.9, descricao: 'Frota Plus (desconto)' },
      status: 1,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ status: 1, plano: { valor: 79.9, descricao: 'Frota Plus (desconto)' }, token: created.body.token });
    await env.admin.put(`/v1/planos/${plano.id}`, { ...plano, valor: 120 });
    expect((await env.admin.get(`/v1/contratos/${created.body.id}`)).body.plano.valor).toBe(79.9);
    const badPlano = await env.admin.put(`/v1/contratos/${created.body.id}`, {
      ...created.body,
      plano: { ...created.body.plano, valor: 1.999 },
    });
    expect(badPlano.status).toBe(400);
    const badStatus = await env.admin.put(`/v1/contratos/${created.body.id}`, { ...created.body, status: 2 });
    expect(badStatus.body.errors.status).toMatch(/Encerrado/);
  });

  it('lists by status and client; pesquisa by id, client name, CPF/CNPJ and plan description', async () => {
    const a = await setup(newCliente({ name: 'Joaquim Brandão' }), newPlano({ descricao: 'Rastreio Moto' }));
    const b = await setup(newEmpresa({ razaosocial: 'Logística Veloz Ltda' }), newPlano({ descricao: 'Frota Pesada' }));
    const ca = (await env.admin.post('/v1/contratos', { idcliente: a.cliente.id, idplano: a.plano.id })).body;
    const cb = (await env.admin.post('/v1/contratos', { idcliente: b.cliente.id, idplano: b.plano.id, status: 1 })).body;
    const ids = async (query: string) => (await env.admin.get(`/v1/contratos?${query}`)).body.Items.map((c: any) => c.id);
    expect(await ids('pesquisa=brandao')).toEqual([ca.id]);
    expect(await ids('pesquisa=veloz')).toEqual([cb.id]);
    expect(await ids(`pesquisa=${b.cliente.cnpj}`)).toEqual([cb.id]);
    expect(await ids('pesquisa=frota pesada')).toEqual([cb.id]);
    expect(await ids(`pesquisa=${ca.id}`)).toContain(ca.id);
    expect(await ids(`idcliente=${a.cliente.id}`)).toEqual([ca.id]);
    expect(await ids(`status=1&idcliente=${b.cliente.id}`)).toEqual([cb.id]);
    expect(await ids(`status=0&idcliente=${b.cliente.id}`)).toEqual([]);
    const list = (await env.admin.get(`/v1/contratos?idcliente=${b.cliente.id}`)).body;
    expect(list.Items[0].cliente).toMatchObject({ razaosocial: 'Logística Veloz Ltda', cadastro: 'JURIDICA' });
    // The client's new name reaches its contracts' search.
    await env.admin.put(`/v1/clientes/${a.cliente.id}`, { ...a.cliente, name: 'Joaquim Teixeira' });
    expect(await ids('pesquisa=teixeira')).toEqual([ca.id]);
    expect(await ids('pesquisa=brandao')).toEqual([]);
  });

  it('a client with a contract cannot be removed (409); a removed contract frees it', async () => {
    const { cliente, plano } = await setup();
    const contrato = (await env.admin.post('/v1/contratos', { idcliente: cliente.id, idplano: plano.id })).body;
    const refused = await env.admin.delete(`/v1/clientes/${cliente.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Este cliente possui 1 contrato e não pode ser removido.');
    expect((await env.admin.delete(`/v1/contratos/${contrato.id}`)).status).toBe(200);
    expect((await env.admin.delete(`/v1/clientes/${cliente.id}`)).status).toBe(200);
  });

  it('send: 409 while messaging is off; then the public link goes to the outbox, and a client without a mobile phone is 409', async () => {
    const { cliente, plano } = await setup(newCliente({ name: 'Rita Sousa' }));
    const contrato = (await env.admin.post('/v1/contratos', { idcliente: cliente.id, idplano: plano.id })).body;
    const off = await env.admin.post(`/v1/contratos/enviar/${contrato.id}`);
    expect(off.status).toBe(409);
    expect(off.body.message).toBe('A integração com o WhatsApp não está ativa: ative-a em Integrações → WhatsApp para enviar.');
    expect(await outbox()).toEqual([]);
    expect(
      (
        await env.admin.put('/v1/users/1', {
          integrations: { whats: { server: 'http://127.0.0.1:9', instance: 'rastreio', token: 'chave-whats', status: 1 } },
        })
      ).status,
    ).toBe(200);
    const usuario = new Client(env.t.app);
    const user = newUser();
    await env.admin.post('/v1/users', user);
    await usuario.login(user.login, user.password);
    const sent = await usuario.get(`/v1/contratos/enviar/${contrato.id}`, { host: 'rastreio.exemplo.com.br' });
    expect(sent).toMatchObject({ status: 200, body: { message: 'Foi enviada com sucesso' } });
    const [message] = await outbox();
    expect(message.destino).toBe('5511987654321');
    expect(message.texto).toContain(`http://rastreio.exemplo.com.br/static/contrato/${contrato.token}`);
    expect(message.texto).toContain('Rita Sousa');
    expect((await env.admin.post(`/v1/contratos/enviar/${contrato.id}`)).status).toBe(200);
    expect(await outbox()).toHaveLength(2);
    expect((await env.admin.post('/v1/contratos/enviar/999999')).status).toBe(404);

    const semCelular = await setup(newCliente({ mobilePhone: '' }));
    const other = (await env.admin.post('/v1/contratos', { idcliente: semCelular.cliente.id, idplano: semCelular.plano.id })).body;
    const refused = await env.admin.post(`/v1/contratos/enviar/${other.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/celular/);
    expect(await outbox()).toHaveLength(2);
    expect((await new Client(env.t.app).post(`/v1/contratos/enviar/${contrato.id}`)).status).toBe(401);
    await env.admin.put('/v1/users/1', { integrations: { whats: { status: 0 } } });
  });
});
