import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, backends, Client, createSiblingApp, createTestApp, newUser, type TestApp } from '../support/app';
import { NOTIFIED_MS } from '../support/wait';

describe.each(backends)('install and session (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  it('reports not installed, refuses an invalid install, and two simultaneous installs create one admin', async () => {
    const anon = new Client(t.app);
    expect((await anon.get('/v1/install')).body).toEqual({ status: false });

    const invalid = await anon.post('/v1/install', { name: 'X', email: 'not-an-email', password: '1' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toMatchObject({ email: 'E-mail inválido', password: expect.stringContaining('6 caracteres') });
    expect((await anon.get('/v1/install')).body).toEqual({ status: false });

    const attempts = await Promise.all(Array.from({ length: 5 }, () => new Client(t.app).post('/v1/install', ADMIN)));
    expect(attempts.filter((r) => r.status === 201)).toHaveLength(1);
    expect(attempts.filter((r) => r.status === 409).map((r) => r.body.message)).toEqual(Array(4).fill('O sistema já foi instalado.'));
    expect((await anon.get('/v1/install')).body).toEqual({ status: true });
    const admin = new Client(t.app);
    await admin.login(ADMIN.email, ADMIN.password);
    const list = await admin.get('/v1/users');
    expect(list.body.meta.total).toBe(1);
    expect(list.body.Items[0]).toMatchObject({ id: 1, name: ADMIN.name, email: ADMIN.email, login: ADMIN.email, acesso: 1 });
  });

  it("install takes the company's name and an optional CNPJ (a bad CNPJ is a 400), stored as the company's data the public pages name", async () => {
    const fresh = await createTestApp(backend);
    try {
      const anon = new Client(fresh.app);
      const bad = await anon.post('/v1/install', { ...ADMIN, empresa: 'Rastro Sul', cnpj: '11.111.111/1111-11' });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual({ cnpj: 'CNPJ inválido' });
      expect((await anon.get('/v1/install')).body).toEqual({ status: false });
      const done = await anon.post('/v1/install', { ...ADMIN, empresa: '  Rastro Sul Rastreamento  ', cnpj: '11.222.333/0001-81' });
      expect(done.status).toBe(201);
      const admin = new Client(fresh.app);
      await admin.login(ADMIN.email, ADMIN.password);
      const me = (await admin.get('/v1/session')).body;
      expect(me.dadosempresa).toMatchObject({ nome: 'Rastro Sul Rastreamento', cnpj: '11222333000181' });
      // The pre-registration's link says who asks.
      expect((await anon.get(`/v1/static/precadastro/${me.token}`)).body).toMatchObject({
        valid: true,
        empresa: 'Rastro Sul Rastreamento',
      });
    } finally {
      await fresh.close();
    }
  });

  it("install without the company (the first release's body) still installs, with the company left blank", async () => {
    const fresh = await createTestApp(backend);
    try {
      expect((await new Client(fresh.app).post('/v1/install', ADMIN)).status).toBe(201);
      const admin = new Client(fresh.app);
      await admin.login(ADMIN.email, ADMIN.password);
      expect((await admin.get('/v1/session')).body.dadosempresa).toMatchObject({ nome: '', cnpj: '' });
    } finally {
      await fresh.close();
    }
  });

  it('signs in by e-mail or by login, form-encoded or JSON, and never returns the password', async () => {
    const admin = new Client(t.app);
    const byEmail = await admin.login(ADMIN.email.toUpperCase(), ADMIN.password);
    expect(byEmail.status).toBe(200);
    expect(byEmail.body).toMatchObject({ id: expect.any(Number), acesso: 1, nivel: '1' });
    expect(JSON.stringify(byEmail.body)).not.toMatch(/password|scrypt/i);
    const created = await admin.post('/v1/users', newUser({ login: 'carla.souza', email: 'carla@rastreio.test' }));
    expect(created.status).toBe(201);

    const byLogin = await new Client(t.app).login('carla.souza', 'senha123');
    expect(byLogin.status).toBe(200);
    const json = await new Client(t.app).post('/v1/session', { email: 'carla@rastreio.test', password: 'senha123' });
    expect(json.status).toBe(200);
    const cookie = [byLogin.headers['set-cookie']].flat().find((c) => c?.startsWith('Token='))!;
    expect(cookie).toMatch(/^Token=[\w-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
  });

  it('answers the same for an unknown account and a wrong password', async () => {
    const wrong = await new Client(t.app).login(ADMIN.email, 'errada');
    const unknown = await new Client(t.app).login('ninguem@rastreio.test', 'errada');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'Login ou senha inválidos.' });
    expect(unknown.body).toEqual(wrong.body);
    const empty = await new Client(t.app).login('', '');
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toMatchObject({ email: 'Campo obrigatório', password: 'Campo obrigatório' });
  });

  it('locks an account for 15 minutes after 10 failed logins, even with the right password', async () => {
    const admin = new Client(t.app);
    await admin.login(ADMIN.email, ADMIN.password);
    await admin.post('/v1/users', newUser({ login: 'alvo', email: 'alvo@rastreio.test' }));
    const attacker = new Client(t.app);
    for (let i = 0; i < 9; i++) expect((await attacker.login('alvo', 'errada')).status).toBe(401);
    // A success before the limit resets the count.
    expect((await new Client(t.app).login('alvo', 'senha123')).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await attacker.login('alvo', 'errada')).status).toBe(401);
    const locked = await new Client(t.app).login('alvo', 'senha123');
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/15 minutos/);
    // Other accounts are unaffected.
    expect((await new Client(t.app).login(ADMIN.email, ADMIN.password)).status).toBe(200);
  });

  it('limits logins to 100 a minute per address, without touching other addresses', async () => {
    const from = (ip: string, account: string) =>
      t.app.inject({ method: 'POST', url: '/v1/session', remoteAddress: ip, payload: { email: account, password: 'errada' } });
    // Unknown accounts each time: the per-account lock is not what stops these.
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => from('203.0.113.9', `robo${i}@rastreio.test`)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(100).fill(401));
    const limited = await from('203.0.113.9', 'mais-um@rastreio.test');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Muitas tentativas/);
    expect((await from('198.51.100.7', 'outro@rastreio.test')).statusCode).toBe(401);
  });

  it('logout revokes the session on the server', async () => {
    const client = new Client(t.app);
    await client.login(ADMIN.email, ADMIN.password);
    const stolenCookie = client.cookie;
    expect((await client.get('/v1/session')).status).toBe(200);
    expect((await client.delete('/v1/session')).status).toBe(200);
    const replay = await t.app.inject({ method: 'GET', url: '/v1/session', headers: { cookie: stolenCookie } });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ message: 'Sessão expirada ou inexistente. Entre novamente.' });
  });

  it('a blocked user cannot sign in and loses the session it had', async () => {
    const admin = new Client(t.app);
    await admin.login(ADMIN.email, ADMIN.password);
    const created = await admin.post('/v1/users', newUser({ login: 'bruno', email: 'bruno@rastreio.test' }));
    const bruno = new Client(t.app);
    expect((await bruno.login('bruno', 'senha123')).status).toBe(200);
    const blocked = await admin.put(`/v1/users/${created.body.id}`, { ...created.body, bloqueado: true });
    expect(blocked.status).toBe(200);
    expect(blocked.body).toMatchObject({ bloqueado: true, status: 1 });
    expect((await bruno.get('/v1/session')).status).toBe(401);
    const again = await new Client(t.app).login('bruno', 'senha123');
    expect(again.status).toBe(403);
    expect(again.body.message).toBe('Usuário bloqueado. Procure o administrador.');
  });

  // Several processes share one database only on PostgreSQL; PGlite belongs to one process.
  if (backend === 'postgres')
    it('a logout or a block in one app process ends the session in every other process', async () => {
      const sibling = await createSiblingApp(t.url!);
      try {
        const admin = new Client(t.app);
        await admin.login(ADMIN.email, ADMIN.password);
        const data = newUser();
        const created = (await admin.post('/v1/users', data)).body;
        // Signed in through process A, then seen by process B (which caches the session).
        const user = new Client(t.app);
        await user.login(data.login, data.password);
        const viaB = new Client(sibling.app);
        viaB.cookie = user.cookie;
        expect((await viaB.get('/v1/session')).status).toBe(200);
        expect((await viaB.get('/v1/session')).status).toBe(200);
        // Process A blocks the user: process B must refuse the session promptly.
        expect((await admin.put(`/v1/users/${created.id}`, { ...created, bloqueado: true })).status).toBe(200);
        await expect.poll(async () => (await viaB.get('/v1/session')).status, { timeout: NOTIFIED_MS, interval: 20 }).toBe(401);

        // Logout through A ends a session that B had cached.
        const second = new Client(t.app);
        await second.login(ADMIN.email, ADMIN.password);
        const secondViaB = new Client(sibling.app);
        secondViaB.cookie = second.cookie;
        expect((await secondViaB.get('/v1/session')).status).toBe(200);
        await second.delete('/v1/session');
        await expect.poll(async () => (await secondViaB.get('/v1/session')).status, { timeout: NOTIFIED_MS, interval: 20 }).toBe(401);
      } finally {
        await sibling.close();
      }
    });

  it('refuses cross-site requests but not same-origin ones or the public calls', async () => {
    const admin = new Client(t.app);
    await admin.login(ADMIN.email, ADMIN.password);
    const cross = await admin.get('/v1/users', { 'sec-fetch-site': 'cross-site' });
    expect(cross.status).toBe(403);
    expect(cross.body.message).toBe('Requisição de outro site recusada.');
    const crossWrite = await admin.post('/v1/users', newUser(), { 'sec-fetch-site': 'cross-site' });
    expect(crossWrite.status).toBe(403);
    expect((await admin.get('/v1/users', { 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await admin.get('/v1/users', { 'sec-fetch-site': 'none' })).status).toBe(200);
    const crossLogin = await new Client(t.app).request(
      'POST',
      '/v1/session',
      { email: ADMIN.email, password: ADMIN.password },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(crossLogin.status).toBe(403);
  });

  it('requires a session for private calls and serves health and the OpenAPI document publicly', async () => {
    const anon = new Client(t.app);
    expect((await anon.get('/v1/session')).status).toBe(401);
    expect((await anon.get('/v1/users')).status).toBe(401);
    expect((await anon.get('/v1/clientes')).status).toBe(401);
    expect((await anon.get('/v1/health')).body).toEqual({ status: 'ok', database: backend });
    const docs = await anon.get('/docs/json');
    expect(docs.status).toBe(200);
    expect(Object.keys(docs.body.paths)).toEqual(
      expect.arrayContaining(['/v1/users', '/v1/users/{id}', '/v1/session', '/v1/install', '/v1/uploads']),
    );
    const unknown = await anon.get('/v1/nada');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Endereço não encontrado.' });
  });
});
