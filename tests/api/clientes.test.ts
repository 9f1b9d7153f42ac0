import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { backends, Client, newUser, useInstalledApp } from '../support/app';
import { dataUrl, PNG_1PX } from '../support/files';
import { newCliente, newEmpresa, newOrdem, newPlano, newTracker, newVeiculo } from '../support/registry';

describe.each(backends)('clientes (%s)', (backend) => {
  const env = useInstalledApp(backend);

  /** The row as stored: the app password is never in it in clear (sealed until Traccar has it). */
  async function rawRow(id: number) {
    const result: any = await env.t.database.db.execute(sql`SELECT * FROM clientes WHERE id = ${id}`);
    return (result.rows ?? result)[0] as Record<string, unknown>;
  }

  it('creates, reads, updates and removes a FISICA client; digits stored, the app password never returned', async () => {
    const data = newCliente({
      name: 'José da Conceição',
      cpf: '',
      phone: '(11) 3456-7890',
      postalCode: '01310-100',
      uf: 'sp',
      login: 'jose.app',
      password: 'app-senha-1',
    });
    data.cpf = '529.982.247-25';
    const created = await env.admin.post('/v1/clientes', data);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      cadastro: 'FISICA',
      name: 'José da Conceição',
      cpf: '52998224725',
      phone: '1134567890',
      postalCode: '01310100',
      uf: 'SP',
      status: 0,
      login: 'jose.app',
      password: '',
    });
    expect(created.body.idcard).toBeGreaterThan(0);
    expect(new Date(created.body.dtcard).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const read = await env.admin.get(`/v1/clientes/${created.body.id}`);
    expect(read.body).toMatchObject({ password: '', temSenha: true });
    const sealed = (await rawRow(created.body.id)).traccar_senha;
    expect(sealed).toMatch(/^v1:/);
    const updated = await env.admin.put(`/v1/clientes/${created.body.id}`, { ...read.body, name: 'José C. Souza', status: 1 });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'José C. Souza', status: 1 });
    // An empty password kept the one waiting for Traccar; the row never held it in clear.
    expect(await rawRow(created.body.id)).toMatchObject({ tem_senha: true, traccar_senha: sealed });
    expect(JSON.stringify(await rawRow(created.body.id))).not.toContain('app-senha-1');
    for (const body of [created.body, read.body, updated.body, (await env.admin.get('/v1/clientes')).body])
      expect(JSON.stringify(body)).not.toContain('app-senha-1');
    expect((await env.admin.delete(`/v1/clientes/${created.body.id}`)).status).toBe(200);
    expect((await env.admin.get(`/v1/clientes/${created.body.id}`)).status).toBe(404);
  });

  it('FISICA needs name, CPF and e-mail; JURIDICA needs razão social, CNPJ and e-mail; check digits and e-mail format', async () => {
    const fisica = await env.admin.post('/v1/clientes', { cadastro: 'FISICA' });
    expect(fisica.status).toBe(400);
    expect(Object.keys(fisica.body.errors).sort()).toEqual(['cpf', 'email', 'name']);
    const juridica = await env.admin.post('/v1/clientes', { cadastro: 'JURIDICA', name: 'Só o nome' });
    expect(juridica.status).toBe(400);
    expect(Object.keys(juridica.body.errors).sort()).toEqual(['cnpj', 'email', 'razaosocial']);
    const invalid = await env.admin.post('/v1/clientes', newCliente({ cpf: '123.456.789-00', email: 'sem-arroba' }));
    expect(invalid.body.errors).toEqual({ cpf: 'CPF inválido', email: 'E-mail inválido' });
    const badCnpj = await env.admin.post('/v1/clientes', newEmpresa({ cnpj: '11.111.111/1111-11' }));
    expect(badCnpj.body.errors).toEqual({ cnpj: 'CNPJ inválido' });
    const badKind = await env.admin.post('/v1/clientes', newCliente({ cadastro: 'OUTRO' }));
    expect(badKind.body.errors.cadastro).toBe('Cadastro deve ser FISICA ou JURIDICA');
    const empresa = await env.admin.post('/v1/clientes', newEmpresa({ incmunicipal: '123', incestdudal: '456' }));
    expect(empresa.status).toBe(201);
    expect(empresa.body).toMatchObject({ cadastro: 'JURIDICA', cpf: '', incmunicipal: '123', incestdudal: '456' });
  });

  it('fills an empty main contact from contatos[0] and keeps the list as sent', async () => {
    const contatos = [
      { name: 'Financeiro', email: 'financeiro@empresa.com.br', phone: '1133334444', mobilePhone: '11999998888' },
      { name: 'Frota', email: '', phone: '', mobilePhone: '21988887777' },
    ];
    const created = await env.admin.post('/v1/clientes', newEmpresa({ email: '', contatos }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ email: 'financeiro@empresa.com.br', phone: '1133334444', mobilePhone: '11999998888' });
    expect(created.body.contatos).toEqual(contatos);
    const badContato = await env.admin.post('/v1/clientes', newCliente({ contatos: [{ name: 'X', email: 'nao-e-email' }] }));
    expect(badContato.status).toBe(400);
    expect(badContato.body.errors['contatos.0.email']).toBe('E-mail inválido');
  });

  it('a CPF or CNPJ belongs to one client: 409 with the field', async () => {
    const first = await env.admin.post('/v1/clientes', newCliente());
    const again = await env.admin.post('/v1/clientes', newCliente({ cpf: first.body.cpf }));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'Já existe um cliente com este CPF.', errors: { cpf: 'Já existe um cliente com este CPF.' } });
    const empresa = await env.admin.post('/v1/clientes', newEmpresa());
    const clash = await env.admin.post('/v1/clientes', newEmpresa({ cnpj: empresa.body.cnpj }));
    expect(clash.status).toBe(409);
    expect(clash.body.errors).toEqual({ cnpj: 'Já existe um cliente com este CNPJ.' });
  });

  it('status 2 (Vencido) is set only by billing: refused on create and update, kept while overdue', async () => {
    const created = await env.admin.post('/v1/clientes', newCliente({ status: 2 }));
    expect(created.status).toBe(400);
    expect(created.body.errors.status).toMatch(/vencido/i);
    const ok = await env.admin.post('/v1/clientes', newCliente());
    const toVencido = await env.admin.put(`/v1/clientes/${ok.body.id}`, { ...ok.body, status: 2 });
    expect(toVencido.status).toBe(400);
    expect((await env.admin.get(`/v1/clientes/${ok.body.id}`)).body.status).toBe(0);
    // Billing marks the client overdue; staff can still edit the rest but not the status.
    await env.t.database.db.execute(sql`UPDATE clientes SET status = 2, status_motivo = 'billing' WHERE id = ${ok.body.id}`);
    const edit = await env.admin.put(`/v1/clientes/${ok.body.id}`, { ...ok.body, name: 'Nome Novo', status: 2 });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ name: 'Nome Novo', status: 2 });
    const lift = await env.admin.put(`/v1/clientes/${ok.body.id}`, { ...ok.body, status: 0 });
    expect(lift.status).toBe(400);
    expect(lift.body.errors.status).toMatch(/vencido/i);
    expect((await env.admin.get('/v1/clientes?status=2')).body.Items.map((c: any) => c.id)).toEqual([ok.body.id]);
  });

  it('lists by status and cadastro, finds by name without accents, CPF digits and e-mail', async () => {
    const a = await env.admin.post('/v1/clientes', newCliente({ name: 'Conceição Araújo Brandão' }));
    const b = await env.admin.post('/v1/clientes', newEmpresa({ razaosocial: 'Logística Brandão S.A.' }));
    const found = await env.admin.get('/v1/clientes?pesquisa=brandao');
    expect(found.body.Items.map((c: any) => c.id).sort()).toEqual([a.body.id, b.body.id].sort());
    expect(found.body.meta).toMatchObject({ total: 2, totalItens: 2, totalPaginas: 1 });
    expect((await env.admin.get(`/v1/clientes?pesquisa=${a.body.cpf.slice(0, 9)}`)).body.Items[0].id).toBe(a.body.id);
    // Found by its number right after it is created (the id joins its search text).
    expect((await env.admin.get(`/v1/clientes?pesquisa=${a.body.id}`)).body.Items.map((c: any) => c.id)).toContain(a.body.id);
    // Two-word terms share one built statement; each term still finds its own rows.
    expect((await env.admin.get('/v1/clientes?pesquisa=conceicao brandao')).body.Items.map((c: any) => c.id)).toEqual([a.body.id]);
    expect((await env.admin.get('/v1/clientes?pesquisa=logistica brandao')).body.Items.map((c: any) => c.id)).toEqual([b.body.id]);
    expect((await env.admin.get(`/v1/clientes?pesquisa=${encodeURIComponent(b.body.email)}`)).body.Items[0].id).toBe(b.body.id);
    const juridicas = await env.admin.get('/v1/clientes?cadastro=JURIDICA&pageSize=100');
    expect(juridicas.body.Items.every((c: any) => c.cadastro === 'JURIDICA')).toBe(true);
    expect(juridicas.body.Items.some((c: any) => c.id === b.body.id)).toBe(true);
    expect((await env.admin.get('/v1/clientes?cadastro=X')).status).toBe(400);
    expect((await env.admin.get('/v1/clientes?pageSize=101')).status).toBe(400);
  });

  it('a client in use cannot be removed (409): the refusal names what holds it, with counts in singular or plural', async () => {
    const owner = (await env.admin.post('/v1/clientes', newCliente())).body;
    const refusal = async () => {
      const refused = await env.admin.delete(`/v1/clientes/${owner.id}`);
      expect(refused.status).toBe(409);
      return refused.body.message;
    };
    const veiculo = (await env.admin.post('/v1/veiculos', newVeiculo(owner.id))).body;
    expect(await refusal()).toBe('Este cliente possui 1 veículo e não pode ser removido.');
    expect((await env.admin.post('/v1/veiculos', newVeiculo(owner.id))).status).toBe(201);
    const cobranca = { idcliente: owner.id, descricao: 'Mensalidade', valor: 100, duedate: '2099-01-10' };
    expect((await env.admin.post('/v1/cobrancas', cobranca)).status).toBe(201);
    expect(await refusal()).toBe('Este cliente possui 2 veículos e 1 cobrança e não pode ser removido.');
    const plano = (await env.admin.post('/v1/planos', newPlano())).body;
    expect((await env.admin.post('/v1/contratos', { idcliente: owner.id, idplano: plano.id })).status).toBe(201);
    expect((await env.admin.post('/v1/cobrancas', { ...cobranca, duedate: '2099-02-10' })).status).toBe(201);
    const tracker = (await env.admin.post('/v1/trackres', newTracker())).body;
    const ordem = newOrdem({ idcliente: owner.id, idveiculo: veiculo.id, iddevice: tracker.id });
    expect((await env.admin.post('/v1/ordensservicos', ordem)).status).toBe(201);
    expect(await refusal()).toBe('Este cliente possui 2 veículos, 1 contrato, 2 cobranças e 1 ordem de serviço e não pode ser removido.');
    expect((await env.admin.get(`/v1/clientes/${owner.id}`)).status).toBe(200);
  });

  it('removing a client takes its documents along', async () => {
    const free = await env.admin.post('/v1/clientes', newCliente());
    const upload = await env.admin.post('/v1/uploads', [
      { unid: free.body.id, documento: 'cliente', name: 'rg.png', type: 'image/png', base64: dataUrl('image/png', PNG_1PX) },
    ]);
    expect(upload.status).toBe(201);
    expect((await env.admin.delete(`/v1/clientes/${free.body.id}`)).status).toBe(200);
    expect((await env.admin.get(`/v1/uploads?unid=${free.body.id}&documento=cliente`)).body.Items).toEqual([]);
  });

  it('every staff member manages clients; without a session it is 401', async () => {
    const data = newUser();
    await env.admin.post('/v1/users', data);
    const usuario = new Client(env.t.app);
    await usuario.login(data.login, data.password);
    const created = await usuario.post('/v1/clientes', newCliente());
    expect(created.status).toBe(201);
    expect(created.body.idcard).not.toBe(1);
    expect((await new Client(env.t.app).get('/v1/clientes')).status).toBe(401);
    expect((await new Client(env.t.app).post('/v1/clientes', newCliente())).status).toBe(401);
  });
});
