import { describe, expect, it } from 'vitest';
import { backends, Client, useInstalledApp, newUser, validCpf } from '../support/app';

describe.each(backends)('users (%s)', (backend) => {
  const env = useInstalledApp(backend);

  async function signedInUsuario() {
    const data = newUser();
    const created = await env.admin.post('/v1/users', data);
    expect(created.status).toBe(201);
    const client = new Client(env.t.app);
    expect((await client.login(data.login, data.password)).status).toBe(200);
    return { client, user: created.body };
  }

  it('creates, reads, updates and removes a user, never returning its password', async () => {
    const data = newUser({ name: 'Márcia Gonçalves', phone: '(11) 3456-7890', uf: 'sp', postalCode: '01310-100' });
    const created = await env.admin.post('/v1/users', data);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Márcia Gonçalves',
      cpf: data.cpf,
      acesso: 2,
      nivel: '2',
      bloqueado: false,
      uf: 'SP',
      postalCode: '01310100',
    });
    expect(created.body.token).toMatch(/^[\w-]{24}$/);
    const read = await env.admin.get(`/v1/users/${created.body.id}`);
    expect(read.body.dadosempresa).toEqual({ nome: '', contato: '', cnpj: '' });
    expect(read.body.integrations.notificacoes).toEqual({ emaberto: 5, repeticoes: 2, intervalo: 2, bloqueio: 5, esperaMinutos: 2 });
    const updated = await env.admin.put(`/v1/users/${created.body.id}`, { ...read.body, name: 'Márcia G. Souza', password: '' });
    expect(updated.status).toBe(200);
    expect(updated.body.name).toBe('Márcia G. Souza');
    // An empty password keeps the old one.
    expect((await new Client(env.t.app).login(data.login, data.password)).status).toBe(200);
    for (const body of [created.body, read.body, updated.body, (await env.admin.get('/v1/users')).body]) {
      expect(JSON.stringify(body)).not.toMatch(/"password|passwordHash|scrypt\$/);
    }
    const removed = await env.admin.delete(`/v1/users/${created.body.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.id).toBe(created.body.id);
    expect((await env.admin.get(`/v1/users/${created.body.id}`)).status).toBe(404);
  });

  it('user requires name, cpf, email, acesso and login, with a valid CPF and e-mail', async () => {
    const missing = await env.admin.post('/v1/users', {});
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors)).toEqual(expect.arrayContaining(['name', 'cpf', 'email', 'acesso', 'login', 'password']));
    const invalid = await env.admin.post('/v1/users', newUser({ cpf: '111.111.111-11', email: 'x@', acesso: 7 }));
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toMatchObject({
      cpf: 'CPF inválido',
      email: 'E-mail inválido',
      acesso: expect.stringContaining('1 (Administrador)'),
    });
  });

  it('bad JSON and wrong types give 400 with a message, never 500, and change nothing', async () => {
    const before = (await env.admin.get('/v1/users')).body.meta.total;
    const badJson = await env.admin.request('POST', '/v1/users', '{"name": ', { 'content-type': 'application/json' });
    expect(badJson.status).toBe(400);
    expect(badJson.body.message).toBe('O corpo da requisição não é um JSON válido.');
    const wrongTypes = await env.admin.post('/v1/users', { ...newUser(), name: 42, acesso: 'admin', bloqueado: 'talvez', attributes: [] });
    expect(wrongTypes.status).toBe(400);
    expect(wrongTypes.body.errors).toHaveProperty('acesso');
    expect(wrongTypes.body.errors).toHaveProperty('bloqueado');
    const notArray = await env.admin.post('/v1/users', [1, 2]);
    expect(notArray.status).toBe(400);
    const badId = await env.admin.get('/v1/users/abc');
    expect(badId.status).toBe(400);
    expect(badId.body.errors).toHaveProperty('id');
    expect((await env.admin.put('/v1/users/999999', newUser())).status).toBe(404);
    expect((await env.admin.get('/v1/users')).body.meta.total).toBe(before);
  });

  it('refuses duplicate e-mail and login with 409 and the field', async () => {
    const data = newUser();
    expect((await env.admin.post('/v1/users', data)).status).toBe(201);
    const sameEmail = await env.admin.post('/v1/users', newUser({ email: data.email.toUpperCase() }));
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body).toEqual({
      message: 'Já existe um usuário com este e-mail.',
      errors: { email: 'Já existe um usuário com este e-mail.' },
    });
    const sameLogin = await env.admin.post('/v1/users', newUser({ login: data.login }));
    expect(sameLogin.status).toBe(409);
    expect(sameLogin.body.errors).toHaveProperty('login');
  });

  it('user 1 cannot be removed, blocked or demoted', async () => {
    // The installer has no CPF yet; the profile asks for one before any save.
    const me = { ...(await env.admin.get('/v1/users/1')).body, cpf: validCpf() };
    const remove = await env.admin.delete('/v1/users/1');
    expect(remove.status).toBe(409);
    expect(remove.body.message).toMatch(/não pode ser removido/);
    expect((await env.admin.put('/v1/users/1', { ...me, bloqueado: true })).status).toBe(409);
    expect((await env.admin.put('/v1/users/1', { ...me, acesso: 2 })).status).toBe(409);
    // Another administrator cannot do it either.
    const other = newUser({ acesso: 1 });
    await env.admin.post('/v1/users', other);
    const second = new Client(env.t.app);
    await second.login(other.login, other.password);
    expect((await second.delete('/v1/users/1')).status).toBe(409);
    expect((await second.put('/v1/users/1', { ...me, bloqueado: true })).status).toBe(409);
    expect((await env.admin.get('/v1/users/1')).body).toMatchObject({ acesso: 1, bloqueado: false });
  });

  it('user 1 installed without a CPF is still protected: blocking or demoting it with its own record is a 409, not a CPF error', async () => {
    const me = (await env.admin.get('/v1/users/1')).body;
    expect(me.cpf ?? '').toBe('');
    for (const change of [{ bloqueado: true }, { acesso: 2 }]) {
      const refused = await env.admin.put('/v1/users/1', { ...me, ...change });
      expect(refused).toMatchObject({ status: 409, body: { message: expect.stringMatching(/não pode ser/) } });
    }
    // A field the request does not change is not validated again; one it changes is.
    expect((await env.admin.put('/v1/users/1', { ...me, phone: '(21) 99876-5432' })).status).toBe(200);
    const badCpf = await env.admin.put('/v1/users/1', { ...me, cpf: '123' });
    expect(badCpf.status).toBe(400);
    expect(badCpf.body.errors).toHaveProperty('cpf');
    expect((await env.admin.get('/v1/users/1')).body).toMatchObject({ acesso: 1, bloqueado: false, cpf: '', phone: '(21) 99876-5432' });
  });

  it('a Usuario gets 403 on users, except reading and editing itself', async () => {
    const { client, user } = await signedInUsuario();
    expect((await client.get('/v1/users')).status).toBe(403);
    expect((await client.get('/v1/users/1')).status).toBe(403);
    expect((await client.post('/v1/users', newUser())).status).toBe(403);
    expect((await client.delete('/v1/users/1')).status).toBe(403);
    expect((await client.put('/v1/users/1', newUser())).status).toBe(403);
    const own = await client.get(`/v1/users/${user.id}`);
    expect(own.status).toBe(200);
    const edited = await client.put(`/v1/users/${user.id}`, { ...own.body, phone: '(21) 99876-5432' });
    expect(edited.status).toBe(200);
    expect(edited.body.phone).toBe('(21) 99876-5432');
    // It cannot promote or unblock itself.
    expect((await client.put(`/v1/users/${user.id}`, { ...own.body, acesso: 1 })).status).toBe(403);
    expect((await env.admin.get(`/v1/users/${user.id}`)).body.acesso).toBe(2);
  });

  it('company settings: administrators read and change secrets; others see them masked and cannot change them', async () => {
    const me = { ...(await env.admin.get('/v1/users/1')).body, cpf: validCpf() };
    const saved = await env.admin.put('/v1/users/1', {
      ...me,
      dadosempresa: { nome: 'Rastreio Ltda', contato: '(11) 4000-0000', cnpj: '11.222.333/0001-81' },
      integrations: { traccar: { server: 'http://127.0.0.1:8082', userId: '1', token: 'segredo-traccar', status: 1 } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.integrations.traccar).toEqual({ server: 'http://127.0.0.1:8082', userId: '1', token: 'segredo-traccar', status: 1 });
    expect(saved.body.integrations.gateway.webhookToken).toMatch(/^[\w-]{32}$/);

    const { client, user } = await signedInUsuario();
    const own = (await client.get(`/v1/users/${user.id}`)).body;
    expect(own.dadosempresa.nome).toBe('Rastreio Ltda');
    expect(own.integrations.traccar.token).toBe('********');
    expect(own.integrations.gateway.webhookToken).toBe('********');
    // Sending the masked object back (a profile save) keeps every secret.
    expect((await client.put(`/v1/users/${user.id}`, { ...own, name: 'Novo Nome' })).status).toBe(200);
    const forbidden = await client.put(`/v1/users/${user.id}`, { ...own, dadosempresa: { ...own.dadosempresa, nome: 'Outra' } });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toMatch(/Somente administradores/);
    const adminView = (await env.admin.get('/v1/users/1')).body;
    expect(adminView.cpf).toBe(me.cpf);
    expect(adminView.integrations.traccar.token).toBe('segredo-traccar');
    expect(adminView.dadosempresa.nome).toBe('Rastreio Ltda');
    // The administrator sending the mask back keeps the secret too; webhookToken cannot be chosen.
    const masked = await env.admin.put('/v1/users/1', {
      ...adminView,
      integrations: { traccar: { token: '********' }, gateway: { webhookToken: 'escolhido' } },
    });
    expect(masked.body.integrations.traccar.token).toBe('segredo-traccar');
    expect(masked.body.integrations.gateway.webhookToken).toBe(saved.body.integrations.gateway.webhookToken);
  });

  it('lists with pesquisa (accent- and case-insensitive), status, paging bounds and sort', async () => {
    for (const name of ['João Conceição', 'JOAO PEREIRA', 'Maria Joana']) await env.admin.post('/v1/users', newUser({ name }));
    const blocked = await env.admin.post('/v1/users', newUser({ name: 'Joãozinho Bloqueado', bloqueado: true }));
    const found = await env.admin.get('/v1/users?pesquisa=joao');
    expect(found.body.Items.map((u: any) => u.name).sort()).toEqual(['JOAO PEREIRA', 'João Conceição', 'Joãozinho Bloqueado']);
    expect(found.body.meta).toEqual({ page: 1, pageSize: 20, total: 3, totalItens: 3, totalPaginas: 1 });
    expect((await env.admin.get('/v1/users?pesquisa=CONCEICAO')).body.meta.total).toBe(1);
    expect((await env.admin.get('/v1/users?pesquisa=jo%C3%A3o%20pereira')).body.meta.total).toBe(1);
    expect((await env.admin.get('/v1/users?pesquisa=100%25')).body.meta.total).toBe(0);
    const onlyBlocked = await env.admin.get('/v1/users?status=1');
    expect(onlyBlocked.body.Items.map((u: any) => u.id)).toContain(blocked.body.id);
    expect(onlyBlocked.body.Items.every((u: any) => u.bloqueado)).toBe(true);
    const paged = await env.admin.get('/v1/users?page=2&pageSize=2&sort=name&order=asc');
    expect(paged.body.meta).toMatchObject({ page: 2, pageSize: 2 });
    expect(paged.body.Items).toHaveLength(2);
    const all = (await env.admin.get('/v1/users?pageSize=100&sort=name&order=asc')).body.Items.map((u: any) => u.name);
    expect(paged.body.Items.map((u: any) => u.name)).toEqual(all.slice(2, 4));
    const newestFirst = (await env.admin.get('/v1/users')).body.Items.map((u: any) => u.id);
    expect(newestFirst).toEqual([...newestFirst].sort((a, b) => b - a));
    for (const bad of ['pageSize=101', 'pageSize=0', 'page=0', 'page=x', 'order=up']) {
      const response = await env.admin.get(`/v1/users?${bad}`);
      expect(response.status, bad).toBe(400);
      expect(response.body.errors, bad).toBeTruthy();
    }
  });
});
