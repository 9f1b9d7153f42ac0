/**
 * The defects of the issue "Harden the foundation", each as the rule it breaks, on PGlite and,
 * where TEST_DATABASE_URL is set, PostgreSQL.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { uploads, veiculos } from '../../server/db/schema';
import { pruneRateLimits } from '../../server/seguranca/rate-limit';
import { backends, Client, newUser, useInstalledApp } from '../support/app';
import { dataUrl, PNG_1PX } from '../support/files';
import { newCliente, newEmpresa, newPlano, newVeiculo } from '../support/registry';

/** `{"a":{"a":…1…}}` nested `depth` deep. */
const nested = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

describe.each(backends)('hardening (%s)', (backend) => {
  const env = useInstalledApp(backend);

  /** A signed-in Usuario (acesso 2) and its id. */
  async function usuario(overrides: Record<string, unknown> = {}) {
    const data = newUser(overrides);
    const created = await env.admin.post('/v1/users', data);
    expect(created.status).toBe(201);
    const client = new Client(env.t.app);
    expect((await client.login(data.login, data.password)).status).toBe(200);
    return { client, id: created.body.id as number, data };
  }

  describe('authentication and roles run before the body is read', () => {
    const writes = ['users', 'clientes', 'veiculos', 'trackres', 'chips', 'planos'];

    it('an anonymous POST or PUT answers 401, not the 400 of a missing field', async () => {
      const anon = new Client(env.t.app);
      for (const resource of writes) {
        const created = await anon.post(`/v1/${resource}`, {});
        expect(created.status, `POST ${resource}`).toBe(401);
        expect(created.body).toEqual({ message: 'Sessão expirada ou inexistente. Entre novamente.' });
        expect((await anon.put(`/v1/${resource}/1`, {})).status, `PUT ${resource}`).toBe(401);
        expect((await anon.put(`/v1/${resource}/1`, 'not json', { 'content-type': 'text/plain' })).status).toBe(401);
      }
      expect((await anon.post('/v1/uploads', [])).status).toBe(401);
      expect((await anon.put('/v1/uploads', {})).status).toBe(401);
    });

    it("a Usuario on an administrators' route answers 403 before validation", async () => {
      const { client } = await usuario();
      expect((await client.post('/v1/users', {})).status).toBe(403);
      expect((await client.post('/v1/users', { name: 1 })).status).toBe(403);
      expect((await client.put('/v1/users/1', {})).status).toBe(403);
      expect((await client.delete('/v1/users/1')).status).toBe(403);
    });

    it('an anonymous 66 MB upload is answered 401 before its body is read (real HTTP)', async () => {
      const { port } = new URL(await env.t.app.listen({ port: 0, host: '127.0.0.1' }));
      const total = 66 * 1024 * 1024;
      const chunk = Buffer.alloc(1024 * 1024, 'a');
      let request: http.ClientRequest | undefined;
      const status = await new Promise<number>((resolve, reject) => {
        request = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/v1/uploads' }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        request.setHeader('content-type', 'application/json');
        request.setHeader('content-length', String(total));
        request.on('error', (error: NodeJS.ErrnoException) =>
          ['EPIPE', 'ECONNRESET'].includes(error.code ?? '') ? undefined : reject(error),
        );
        // Two megabytes of 66, then nothing more: the answer must come without the rest of the body.
        request.write(chunk);
        request.write(chunk);
      });
      request?.destroy();
      expect(status).toBe(401);
    });
  });

  it('the login lock is on the account, however it is named, and a success resets it', async () => {
    const { data } = await usuario({ login: `lock.${Date.now()}` });
    const attempt = (account: string, password: string) => new Client(env.t.app).login(account, password);
    // Nine failures by login, then the right password by e-mail: in, and the count starts again.
    for (let i = 0; i < 9; i++) expect((await attempt(data.login, 'errada')).status).toBe(401);
    expect((await attempt(data.email, data.password)).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await attempt(data.email, 'errada')).status).toBe(401);
    expect((await attempt(data.login, data.password)).status).toBe(200);
    // Ten failures by login lock the account for its e-mail too, even with the right password.
    for (let i = 0; i < 10; i++) await attempt(data.login, 'errada');
    const locked = await attempt(data.email, data.password);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/bloquead|tentativas/i);
  });

  it("saving company or integration settings never fails on the saver's incomplete profile; a profile field it changes is still checked", async () => {
    // The installed administrator has only name, e-mail and password.
    const dados = await env.admin.put('/v1/users/1', { dadosempresa: { nome: 'Rastreio Ltda', contato: '11 4000-0000', cnpj: '' } });
    expect(dados.status).toBe(200);
    expect(dados.body.dadosempresa).toMatchObject({ nome: 'Rastreio Ltda' });
    const integ = await env.admin.put('/v1/users/1', {
      integrations: { whats: { server: 'https://wa.exemplo.com', instance: 'rastreio', status: 0 } },
    });
    expect(integ.status).toBe(200);
    expect(integ.body.integrations.whats).toMatchObject({ instance: 'rastreio' });
    // The fields a request changes pass the profile's rules; the ones it leaves alone are not checked again.
    const cpf = await env.admin.put('/v1/users/1', { name: 'Ana Nova', cpf: '111.111.111-11' });
    expect(cpf.status).toBe(400);
    expect(Object.keys(cpf.body.errors)).toEqual(['cpf']);
    expect((await env.admin.get('/v1/users/1')).body.name).not.toBe('Ana Nova');
    expect((await env.admin.put('/v1/users/1', { name: 'Ana Nova' })).status).toBe(200);
  });

  it('a client needs its cadastro (400 errors.cadastro), and nothing is stored without it', async () => {
    const before = (await env.admin.get('/v1/clientes?pageSize=1')).body.meta.total;
    const { cadastro: _omitted, ...noCadastro } = newCliente();
    const reply = await env.admin.post('/v1/clientes', noCadastro);
    expect(reply.status).toBe(400);
    expect(reply.body.errors.cadastro).toBeTruthy();
    expect((await env.admin.get('/v1/clientes?pageSize=1')).body.meta.total).toBe(before);
  });

  it('DELETE /v1/session without a session is 401, like every private call', async () => {
    const anon = new Client(env.t.app);
    expect((await anon.delete('/v1/session')).status).toBe(401);
    expect((await anon.get('/v1/session')).status).toBe(401);
  });

  it('removing an owner removes its uploads in the same transaction (users and clients)', async () => {
    const { id } = await usuario();
    const png = (unid: number, documento: string) => ({
      unid,
      documento,
      name: 'a.png',
      type: 'image/png',
      base64: dataUrl('image/png', PNG_1PX),
    });
    expect((await env.admin.post('/v1/uploads', [png(id, 'imgPerfil')])).status).toBe(201);
    expect((await env.admin.post('/v1/uploads', [png(id, 'users')])).status).toBe(201);
    const cliente = (await env.admin.post('/v1/clientes', newCliente())).body;
    expect((await env.admin.post('/v1/uploads', [png(cliente.id, 'cliente')])).status).toBe(201);
    const count = async (unid: number) =>
      Number(
        (
          await env.t.database.db
            .select({ n: sql<number>`count(*)` })
            .from(uploads)
            .where(sql`${uploads.unid} = ${unid}`)
        )[0].n,
      );
    expect(await count(id)).toBe(2);

    expect((await env.admin.delete(`/v1/users/${id}`)).status).toBe(200);
    expect(await count(id)).toBe(0);
    expect((await env.admin.delete(`/v1/clientes/${cliente.id}`)).status).toBe(200);
    const left = await env.t.database.db
      .select()
      .from(uploads)
      .where(sql`${uploads.documento} = 'cliente' AND ${uploads.unid} = ${cliente.id}`);
    expect(left).toHaveLength(0);
  });

  it("a company's vehicle is found by the company's razão social (one display rule)", async () => {
    const empresa = (await env.admin.post('/v1/clientes', newEmpresa({ name: 'Fantasia Qwerty', razaosocial: 'Transportes Zebulon Ltda' })))
      .body;
    const veiculo = (await env.admin.post('/v1/veiculos', newVeiculo(empresa.id))).body;
    const found = await env.admin.get('/v1/veiculos?pesquisa=zebulon');
    expect(found.body.Items.map((v: { id: number }) => v.id)).toEqual([veiculo.id]);
  });

  it('vehicles saved before the rule are found by their company’s razão social once migrated', async () => {
    const empresa = (await env.admin.post('/v1/clientes', newEmpresa({ name: 'Fantasia Antiga', razaosocial: 'Logística Ávila Ltda' })))
      .body;
    const veiculo = (await env.admin.post('/v1/veiculos', newVeiculo(empresa.id))).body;
    // As the old rule (name || razaosocial) wrote it.
    await env.t.database.db
      .update(veiculos)
      .set({ busca: `${veiculo.placa.toLowerCase()} fiat strada fantasia antiga` })
      .where(eq(veiculos.id, veiculo.id));
    expect((await env.admin.get('/v1/veiculos?pesquisa=avila')).body.meta.total).toBe(0);
    const migration = readFileSync(new URL('../../server/db/migrations/0004_vehicle_search_razaosocial.sql', import.meta.url), 'utf8');
    await env.t.database.db.execute(sql.raw(migration));
    await env.t.database.db.execute(sql.raw(migration));
    const found = await env.admin.get('/v1/veiculos?pesquisa=logistica avila');
    expect(found.body.Items.map((v: { id: number }) => v.id)).toEqual([veiculo.id]);
    const [row] = await env.t.database.db.select({ busca: veiculos.busca }).from(veiculos).where(eq(veiculos.id, veiculo.id));
    expect(row.busca.match(/logistica avila ltda/g)).toHaveLength(1);
  });

  describe('every body has a bounded shape', () => {
    it('a JSON body nested deeper than 8 levels is a 400, at 1,000 and 5,000 levels too', async () => {
      const { client, id, data } = await usuario();
      for (const depth of [9, 1000, 5000]) {
        const body = `{"name":${JSON.stringify(data.name)},"attributes":${nested(depth)}}`;
        const reply = await client.put(`/v1/users/${id}`, body, { 'content-type': 'application/json' });
        expect(reply.status, `depth ${depth}`).toBe(400);
        expect(reply.body.message).toMatch(/aninhamento/);
      }
      expect((await new Client(env.t.app).get('/v1/health')).status).toBe(200);
      expect((await client.get(`/v1/users/${id}`)).status).toBe(200);
    });

    it('a write that declares no body takes none: a body other than {} is a 400, a bare JSON value too, and nothing changes', async () => {
      // Every write route without a body schema is given one that takes nothing (server/plugins/auth.ts).
      const bodiless = env.t.app.routeAccess.filter((route) => route.method !== 'GET' && !!route.schema?.body);
      expect(bodiless.map((route) => `${route.method} ${route.url}`)).toContain('DELETE /v1/clientes/:id');
      const cliente = (await env.admin.post('/v1/clientes', newCliente())).body as { id: number };
      for (const body of ['{"forcar":true}', 'null', '42', '"texto"', 'true', '[]']) {
        const reply = await env.admin.request('DELETE', `/v1/clientes/${cliente.id}`, body, { 'content-type': 'application/json' });
        expect(reply.status, body).toBe(400);
        expect(reply.body.message, body).toBeTruthy();
        expect((await env.admin.get(`/v1/clientes/${cliente.id}`)).status, body).toBe(200);
      }
      // A bare JSON value is refused on a route with a body schema too, before the schema.
      const bare = await env.admin.request('POST', '/v1/clientes', 'null', { 'content-type': 'application/json' });
      expect(bare.status).toBe(400);
      expect(bare.body.message).toBe('O corpo da requisição deve ser um objeto JSON.');
      // No body, or an empty object, is what the route takes.
      expect((await env.admin.request('DELETE', `/v1/clientes/${cliente.id}`, '{}', { 'content-type': 'application/json' })).status).toBe(
        200,
      );
      expect((await env.admin.get(`/v1/clientes/${cliente.id}`)).status).toBe(404);
    });

    it('attributes is a flat map of scalars', async () => {
      const { client, id } = await usuario();
      const nestedAttr = await client.put(`/v1/users/${id}`, { attributes: { a: { b: 1 } } });
      expect(nestedAttr.status).toBe(400);
      expect(Object.keys(nestedAttr.body.errors)[0]).toMatch(/^attributes/);
      const flat = await client.put(`/v1/users/${id}`, { attributes: { tema: 'escuro', zoom: 2, ativo: true } });
      expect(flat.status).toBe(200);
      expect(flat.body.attributes).toEqual({ tema: 'escuro', zoom: 2, ativo: true });
    });
  });

  describe('text with control characters is refused, or cleaned when it is a search term', () => {
    it('the login form, the public pre-registration and list searches never answer 500', async () => {
      const login = await new Client(env.t.app).request('POST', '/v1/session', 'email=a%00b&password=x', {
        'content-type': 'application/x-www-form-urlencoded',
      });
      expect(login.status).toBe(400);
      expect(login.body.errors.email).toMatch(/caracteres de controle/i);
      expect((await new Client(env.t.app).get('/v1/static/precadastro/%00')).status).toBe(400);
      const search = await env.admin.get('/v1/clientes?pesquisa=%00');
      expect(search.status).toBe(200);
      expect(search.body.meta).toBeTruthy();
      expect((await env.admin.get('/v1/veiculos?pesquisa=ab%01%7Fcd')).status).toBe(200);
    });

    it('a text field of a write with a NUL byte is a 400 under that field, and nothing is stored', async () => {
      const before = (await env.admin.get('/v1/planos?pageSize=1')).body.meta.total;
      const reply = await env.admin.post('/v1/planos', newPlano({ descricao: 'x\u0000' }));
      expect(reply.status).toBe(400);
      expect(reply.body.errors.descricao).toMatch(/caracteres de controle/i);
      const cliente = await env.admin.post('/v1/clientes', newCliente({ name: 'Ana\u0007' }));
      expect(cliente.status).toBe(400);
      expect((await env.admin.get('/v1/planos?pageSize=1')).body.meta.total).toBe(before);
      // Line breaks and tabs are text, not control characters.
      expect((await env.admin.post('/v1/planos', newPlano({ descricao: 'linha 1\nlinha 2\tfim' }))).status).toBe(201);
    });
  });

  it('an unknown sort field is a 400 on every list, built-in property names included', async () => {
    for (const resource of ['users', 'clientes', 'veiculos', 'trackres', 'chips', 'planos', 'cobrancas', 'ordensservicos']) {
      for (const sort of ['__proto__', 'toString', 'constructor', 'valueOf', 'hasOwnProperty', 'nada']) {
        const reply = await env.admin.get(`/v1/${resource}?sort=${sort}`);
        expect(reply.status, `${resource} sort=${sort}`).toBe(400);
        expect(reply.body.errors.sort).toMatch(/Ordenação/);
      }
      expect((await env.admin.get(`/v1/${resource}?sort=id&order=DESC`)).status).toBe(200);
    }
  });

  it('logins and e-mails are one namespace: none may equal another user’s login or e-mail (409)', async () => {
    const other = await usuario();
    const { client, id } = await usuario();
    const takeEmail = await client.put(`/v1/users/${id}`, { login: other.data.email });
    expect(takeEmail.status).toBe(409);
    expect(takeEmail.body.errors.login).toBeTruthy();
    const takeLogin = await client.put(`/v1/users/${id}`, { email: `${other.data.login}@x.com`, login: other.data.login });
    expect(takeLogin.status).toBe(409);
    // An e-mail equal to another user's login is refused too (a login may look like an e-mail).
    const loginLikeEmail = await usuario({ login: `quem${Date.now()}@rastreio.test` });
    const reverse = await env.admin.post('/v1/users', newUser({ email: loginLikeEmail.data.login }));
    expect(reverse.status).toBe(409);
    expect(reverse.body.errors.email).toBeTruthy();
    // The other account still signs in only with its own password.
    expect((await new Client(env.t.app).login(other.data.email, other.data.password)).status).toBe(200);
  });

  describe('lax input is refused', () => {
    it('ids are plain digits: %201, 1.0, -1, 0x1 and 99999999999 are 400 and delete nothing', async () => {
      const cliente = (await env.admin.post('/v1/clientes', newCliente())).body;
      const veiculo = (await env.admin.post('/v1/veiculos', newVeiculo(cliente.id))).body;
      for (const id of [
        `%20${veiculo.id}`,
        `${veiculo.id}.0`,
        `-${veiculo.id}`,
        `0x${veiculo.id.toString(16)}`,
        '99999999999',
        `+${veiculo.id}`,
      ]) {
        const reply = await env.admin.delete(`/v1/veiculos/${id}`);
        expect(reply.status, id).toBe(400);
      }
      expect((await env.admin.get(`/v1/veiculos/${veiculo.id}`)).status).toBe(200);
    });

    it('text fields take strings (or numbers where documented), never objects or arrays', async () => {
      const cliente = (await env.admin.post('/v1/clientes', newCliente())).body;
      const asObject = await env.admin.post('/v1/veiculos', newVeiculo(cliente.id, { chassi: { x: 1 } }));
      expect(asObject.status).toBe(400);
      expect(asObject.body.errors.chassi).toBeTruthy();
      const asArray = await env.admin.post('/v1/veiculos', newVeiculo(cliente.id, { chassi: [1, 2, 3] }));
      expect(asArray.status).toBe(400);
      const phone = await env.admin.post('/v1/clientes', newCliente({ mobilePhone: { numero: '11987654321' } }));
      expect(phone.status).toBe(400);
      expect(phone.body.errors.mobilePhone).toBeTruthy();
      // The year of a vehicle is documented as text or number.
      expect((await env.admin.post('/v1/veiculos', newVeiculo(cliente.id, { ano: 2024 }))).status).toBe(201);
    });

    it('digits fields take whole non-negative numbers only, and broken Unicode is refused', async () => {
      const cliente = (await env.admin.post('/v1/clientes', newCliente())).body;
      for (const ano of [1.5, 1e21, -2024]) {
        const reply = await env.admin.post('/v1/veiculos', newVeiculo(cliente.id, { ano }));
        expect(reply.status, String(ano)).toBe(400);
        expect(reply.body.errors.ano).toBeTruthy();
      }
      const broken = await env.admin.request('POST', '/v1/planos', JSON.stringify(newPlano()).replace('"Plano ', '"Plano \\ud800 '), {
        'content-type': 'application/json',
      });
      expect(broken.status).toBe(400);
      expect(broken.body.errors.name).toBeTruthy();
      expect((await env.admin.post('/v1/planos', newPlano({ name: 'Plano 🚗 emoji' }))).status).toBe(201);
      const phone = await env.admin.post('/v1/clientes', newCliente({ mobilePhone: 'abcdefghijk' }));
      expect(phone.body.errors.mobilePhone).toBe('Use apenas números');
    });

    it('a public link and an unknown path are refused before the body is read; the router answers in Portuguese', async () => {
      const anon = new Client(env.t.app);
      const precadastro = await anon.post('/v1/static/precadastro/token-que-nao-existe', {});
      expect(precadastro.status).toBe(404);
      expect(precadastro.body.errors).toBeUndefined();
      expect((await anon.request('POST', '/v1/nada', '{"a":', { 'content-type': 'application/json' })).status).toBe(404);
      const long = await anon.get(`/v1/static/precadastro/${'a'.repeat(300)}`);
      expect(long.status).toBe(414);
      expect(long.body).toEqual({ message: 'Endereço longo demais.' });
      expect((await env.admin.get(`/v1/clientes/${'1'.repeat(150)}`)).body).toEqual({ message: 'Endereço longo demais.' });
    });

    it('form-encoded bodies are refused (415) on JSON write routes; only POST /v1/session takes them', async () => {
      const form = { 'content-type': 'application/x-www-form-urlencoded' };
      const reply = await env.admin.request('POST', '/v1/planos', 'name=Plano&descricao=x&valor=10', form);
      expect(reply.status).toBe(415);
      expect(reply.body.message).toBeTruthy();
      expect((await env.admin.request('PUT', '/v1/users/1', 'name=Ana', form)).status).toBe(415);
      expect((await env.admin.request('POST', '/v1/clientes', 'cadastro=FISICA', { 'content-type': 'text/plain' })).status).toBe(415);
    });

    it('each route has a body limit sized to its need: 413 for a 200 KB client', async () => {
      const big = await env.admin.post('/v1/clientes', newCliente({ observacao: 'x'.repeat(200_000) }));
      expect(big.status).toBe(413);
      expect(big.body.message).toBeTruthy();
      const login = await new Client(env.t.app).post('/v1/session', { email: 'a'.repeat(20_000), password: 'x' });
      expect(login.status).toBe(413);
    });
  });

  it('the sweep removes rate-limit counters whose window is over and that hold no lock; a lock in force and a live window stay', async () => {
    const { db } = env.t.database;
    const k = `poda-${backend}-${Date.now()}`;
    await db.execute(sql`
      INSERT INTO rate_limits (key, hits, window_start, locked_until) VALUES
        (${`${k}:velho`}, 3, now() - interval '20 minutes', NULL),
        (${`${k}:bloqueio-vencido`}, 10, now() - interval '40 minutes', now() - interval '10 minutes'),
        (${`${k}:bloqueado`}, 10, now() - interval '20 minutes', now() + interval '10 minutes'),
        (${`${k}:vivo`}, 2, now(), NULL)`);
    expect(await pruneRateLimits(db, 100_000)).toBeGreaterThanOrEqual(2);
    const left = (await db.execute(sql`SELECT key FROM rate_limits WHERE key LIKE ${`${k}:%`} ORDER BY key`)) as unknown as {
      rows: { key: string }[];
    };
    expect(left.rows.map((row) => row.key)).toEqual([`${k}:bloqueado`, `${k}:vivo`]);
    // Bounded per run: a limit of 1 removes one row.
    await db.execute(
      sql`INSERT INTO rate_limits (key, hits, window_start) VALUES (${`${k}:a`}, 1, now() - interval '1 hour'), (${`${k}:b`}, 1, now() - interval '1 hour')`,
    );
    expect(await pruneRateLimits(db, 1)).toBe(1);
  });
});
