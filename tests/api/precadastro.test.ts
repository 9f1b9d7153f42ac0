import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { backends, newUser, useInstalledApp } from '../support/app';
import { dataUrl, PDF_MINIMAL, PNG_1PX, TEXT_FILE } from '../support/files';
import { newCliente, newEmpresa } from '../support/registry';

const png = (name: string) => ({ name, type: 'image/png', base64: dataUrl('image/png', PNG_1PX) });
const pdf = (name: string) => ({ name, type: 'application/pdf', base64: dataUrl('application/pdf', PDF_MINIMAL) });

describe.each(backends)('pré-cadastro público (%s)', (backend) => {
  const env = useInstalledApp(backend);
  let address = 0;
  /** A visitor without session, each from its own address so the rate limit stays out of the way. */
  const visitor = () => {
    const ip = `10.0.${Math.floor(++address / 250)}.${address % 250}`;
    return {
      get: (url: string) =>
        env.t.app.inject({ method: 'GET', url, remoteAddress: ip }).then((r) => ({ status: r.statusCode, body: r.json() })),
      post: (url: string, body: unknown) =>
        env.t.app
          .inject({ method: 'POST', url, payload: body as object, remoteAddress: ip, headers: { 'sec-fetch-site': 'cross-site' } })
          .then((r) => ({ status: r.statusCode, body: r.json() })),
    };
  };
  const token = async () => (await env.admin.get('/v1/session')).body.token as string;
  const count = async (table: 'clientes' | 'uploads') => {
    const result: any = await env.t.database.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`));
    return (result.rows ?? result)[0].n as number;
  };

  it("checks the link token: a good one answers, a bad or a blocked user's one is 404 with a clear message", async () => {
    const good = await visitor().get(`/v1/static/precadastro/${await token()}`);
    expect(good).toEqual({ status: 200, body: { valid: true, empresa: '' } });
    const bad = await visitor().get('/v1/static/precadastro/nao-existe');
    expect(bad.status).toBe(404);
    expect(bad.body.message).toBe('Link de pré-cadastro inválido ou expirado. Peça um novo link à empresa.');
    const staff = newUser();
    const created = await env.admin.post('/v1/users', staff);
    await env.admin.put(`/v1/users/${created.body.id}`, { ...created.body, bloqueado: true, password: '' });
    expect((await visitor().get(`/v1/static/precadastro/${created.body.token}`)).status).toBe(404);
  });

  it("stores a FISICA client with its 2 documents in one go; they show in the client's uploads", async () => {
    const data = {
      ...newCliente({ name: 'Maria Pré Cadastro', mobilePhone: '(11) 98888-7777' }),
      documentos: [png('rg-frente.png'), pdf('rg-verso.pdf')],
    };
    const reply = await visitor().post(`/v1/static/precadastro/${await token()}`, data);
    expect(reply.status).toBe(201);
    expect(reply.body.id).toBeGreaterThan(0);
    const client = (await env.admin.get(`/v1/clientes/${reply.body.id}`)).body;
    expect(client).toMatchObject({ name: 'Maria Pré Cadastro', cpf: data.cpf, mobilePhone: '11988887777', status: 0, idcard: 1 });
    expect((await env.admin.get(`/v1/clientes?pesquisa=${reply.body.id}`)).body.Items.map((c: any) => c.id)).toContain(reply.body.id);
    const files = (await env.admin.get(`/v1/uploads?unid=${reply.body.id}&documento=cliente`)).body;
    expect(files.Items.map((f: any) => [f.name, f.type])).toEqual([
      ['rg-frente.png', 'image/png'],
      ['rg-verso.pdf', 'application/pdf'],
    ]);
  });

  it('JURIDICA needs cnpj, razão social and 3 documents; the main contact may come as contatos[0]', async () => {
    const { email, ...rest } = newEmpresa({ name: 'Responsável Legal', cpf: newCliente().cpf });
    const body = {
      ...rest,
      contatos: [{ name: 'Responsável Legal', email, mobilePhone: '21977776666', phone: '' }],
      documentos: [png('a.png'), png('b.png'), pdf('cnpj.pdf')],
    };
    const reply = await visitor().post(`/v1/static/precadastro/${await token()}`, body);
    expect(reply.status).toBe(201);
    const client = (await env.admin.get(`/v1/clientes/${reply.body.id}`)).body;
    expect(client).toMatchObject({ cadastro: 'JURIDICA', email, mobilePhone: '21977776666', cnpj: rest.cnpj });
    const short = await visitor().post(`/v1/static/precadastro/${await token()}`, {
      ...body,
      cnpj: '',
      razaosocial: '',
      documentos: [png('a.png'), png('b.png')],
    });
    expect(short.status).toBe(400);
    expect(short.body.errors).toMatchObject({
      cnpj: 'Campo obrigatório',
      razaosocial: 'Campo obrigatório',
      documentos: 'Envie exatamente 3 documentos (imagens ou PDF).',
    });
  });

  it('refuses bad input as a whole and stores nothing: missing fields, wrong count, a text file, a duplicate CPF', async () => {
    const link = `/v1/static/precadastro/${await token()}`;
    const before = [await count('clientes'), await count('uploads')];
    const missing = await visitor().post(link, { cadastro: 'FISICA', documentos: [] });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['cpf', 'documentos', 'email', 'mobilePhone', 'name']);
    const three = await visitor().post(link, { ...newCliente(), documentos: [png('1.png'), png('2.png'), png('3.png')] });
    expect(three.body.errors).toEqual({ documentos: 'Envie exatamente 2 documentos (imagens ou PDF).' });
    const text = await visitor().post(link, {
      ...newCliente(),
      documentos: [png('1.png'), { name: 'x.txt', type: 'image/png', base64: dataUrl('image/png', TEXT_FILE) }],
    });
    expect(text.status).toBe(400);
    expect(text.body.message).toBe('Tipo de arquivo não permitido para este documento.');
    const existing = await env.admin.post('/v1/clientes', newCliente());
    const duplicate = await visitor().post(link, { ...newCliente({ cpf: existing.body.cpf }), documentos: [png('1.png'), png('2.png')] });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.errors).toEqual({ cpf: 'Já existe um cliente com este CPF.' });
    expect([await count('clientes'), await count('uploads')]).toEqual([before[0] + 1, before[1]]);
    expect(
      (await visitor().post('/v1/static/precadastro/errado', { ...newCliente(), documentos: [png('1.png'), png('2.png')] })).status,
    ).toBe(404);
  });

  it('is rate-limited per address: 60 calls a minute, then 429', async () => {
    const link = `/v1/static/precadastro/${await token()}`;
    const ip = '192.0.2.77';
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await env.t.app.inject({ method: 'GET', url: link, remoteAddress: ip })).statusCode);
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    const last = await env.t.app.inject({ method: 'POST', url: link, payload: {}, remoteAddress: ip });
    expect(last.statusCode).toBe(429);
    expect(last.json().message).toMatch(/Muitas tentativas/);
  });
});
