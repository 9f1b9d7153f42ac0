import { describe, expect, it } from 'vitest';
import { addDays } from '../../domain/calendar';
import { appToday } from '../../server/regras/clock';
import { backends, useInstalledApp } from '../support/app';
import { newCliente, newEmpresa } from '../support/registry';

describe.each(backends)('assinaturas (%s)', (backend) => {
  const env = useInstalledApp(backend);
  const newClient = async (data: Record<string, unknown> = newCliente()) => (await env.admin.post('/v1/clientes', data)).body;
  const base = (idcliente: number, overrides: Record<string, unknown> = {}) => ({
    idcliente,
    description: 'Mensalidade do rastreamento',
    valor: 59.9,
    nextduedate: '2030-01-10',
    cycle: 'MONTHLY',
    ...overrides,
  });

  it('a subscription needs its client, description, valor, nextduedate and cycle; status is 0, 1 or 2', async () => {
    const missing = await env.admin.post('/v1/assinaturas', {});
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['cycle', 'description', 'idcliente', 'nextduedate', 'valor']);
    const cliente = await newClient();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ status: 3 }, 'status', /Vencida/],
      [{ status: -1 }, 'status', /Ativa/],
      [{ cycle: 'DAILY' }, 'cycle', /MONTHLY/],
      [{ valor: 1.005 }, 'valor', /duas casas/],
      [{ multa: 120 }, 'multa', /percentual/],
      [{ jurosmensal: -1 }, 'jurosmensal', /percentual/],
      [{ nextduedate: '10/01/2030' }, 'nextduedate', /Data inválida/],
      [{ enddate: '2030-02-31' }, 'enddate', /Data inválida/],
    ];
    for (const [overrides, field, message] of cases) {
      const bad = await env.admin.post('/v1/assinaturas', base(cliente.id, overrides));
      expect(bad.status, JSON.stringify(overrides)).toBe(400);
      expect(bad.body.errors[field]).toMatch(message);
    }
    expect((await env.admin.get('/v1/assinaturas?idcliente=' + cliente.id)).body.meta.total).toBe(0);
  });

  it('without the gateway, a subscription due within emaberto days has its first charge at once, in the same transaction', async () => {
    const cliente = await newClient();
    const today = appToday();
    const soon = await env.admin.post('/v1/assinaturas', base(cliente.id, { nextduedate: addDays(today, 3) }));
    expect(soon.status).toBe(201);
    expect(soon.body).toMatchObject({ cobrancaGerada: { id: expect.any(Number) }, cobrancaPeloGateway: false });
    // The period is billed: the next due date moved one cycle on, as the billing run would.
    expect(soon.body.nextduedate > addDays(today, 3)).toBe(true);
    const charge = (await env.admin.get(`/v1/cobrancas/${soon.body.cobrancaGerada.id}`)).body;
    expect(charge).toMatchObject({ idcliente: cliente.id, duedate: addDays(today, 3), status: 0, valor: 59.9, idassinatura: soon.body.id });
    // One due later than emaberto (5) days waits for its run; a blocked one bills nothing.
    const later = await env.admin.post('/v1/assinaturas', base(cliente.id, { nextduedate: addDays(today, 20) }));
    expect(later.body).toMatchObject({ cobrancaGerada: null, nextduedate: addDays(today, 20) });
    const blocked = await env.admin.post('/v1/assinaturas', base(cliente.id, { nextduedate: addDays(today, 1), status: 1 }));
    expect(blocked.body).toMatchObject({ cobrancaGerada: null, nextduedate: addDays(today, 1) });
    expect((await env.admin.get(`/v1/cobrancas?idcliente=${cliente.id}&dataInicio=2000-01-01&dataFim=2100-01-01`)).body.meta.total).toBe(1);
  });

  it("copies the client's data, stores SEMINANULLY as SEMIANNUALLY, and starts today unless told", async () => {
    const empresa = await newClient(
      newEmpresa({ razaosocial: 'Frota Norte Ltda', incmunicipal: '123', incestdudal: '456', phone: '1133334444' }),
    );
    const created = await env.admin.post('/v1/assinaturas', {
      ...base(empresa.id, { cycle: 'SEMINANULLY', multa: '2,5', jurosmensal: 1, enddate: '2031-12-31' }),
      // The client's fields in the body are not the subscription's: the client's record is.
      razaosocial: 'Outro Nome',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      idcliente: empresa.id,
      cadastro: 'JURIDICA',
      razaosocial: 'Frota Norte Ltda',
      cnpj: empresa.cnpj,
      incmunicipal: '123',
      incestdudal: '456',
      email: empresa.email,
      phone: '1133334444',
      cycle: 'SEMIANNUALLY',
      valor: 59.9,
      multa: 2.5,
      jurosmensal: 1,
      enddate: '2031-12-31',
      datecreated: appToday(),
      status: 0,
    });
    const started = await env.admin.post('/v1/assinaturas', base(empresa.id, { datecreated: '2029-12-01', status: 1 }));
    expect(started.body).toMatchObject({ datecreated: '2029-12-01', status: 1 });
    // An edit keeps the start when the form leaves it out.
    const edited = await env.admin.put(`/v1/assinaturas/${started.body.id}`, { ...base(empresa.id), status: 2 });
    expect(edited.body).toMatchObject({ datecreated: '2029-12-01', status: 2 });
    // The client's new data reaches its subscriptions (copy and search).
    await env.admin.put(`/v1/clientes/${empresa.id}`, { ...empresa, razaosocial: 'Frota Sul Ltda', phone: '1155556666' });
    expect((await env.admin.get(`/v1/assinaturas/${created.body.id}`)).body).toMatchObject({
      razaosocial: 'Frota Sul Ltda',
      phone: '1155556666',
    });
    const found = await env.admin.get('/v1/assinaturas?pesquisa=frota sul');
    expect(found.body.Items.map((a: any) => a.id).sort()).toEqual([created.body.id, started.body.id].sort());
  });

  it('lists by status (0 Ativa, 1 Bloqueada, 2 Vencida) and client; a client with a subscription cannot be removed', async () => {
    const cliente = await newClient(newCliente({ name: 'Sebastião Lima' }));
    const ids = [];
    for (const status of [0, 1, 2]) ids.push((await env.admin.post('/v1/assinaturas', base(cliente.id, { status }))).body.id);
    for (const status of [0, 1, 2]) {
      const list = (await env.admin.get(`/v1/assinaturas?idcliente=${cliente.id}&status=${status}`)).body;
      expect(list.Items.map((a: any) => a.id)).toEqual([ids[status]]);
    }
    expect((await env.admin.get(`/v1/assinaturas?pesquisa=sebastiao&sort=nextduedate&order=asc`)).body.meta.total).toBe(3);
    expect((await env.admin.get(`/v1/assinaturas?pesquisa=${cliente.cpf}`)).body.meta.total).toBe(3);
    const refused = await env.admin.delete(`/v1/clientes/${cliente.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/assinaturas/);
    for (const id of ids) expect((await env.admin.delete(`/v1/assinaturas/${id}`)).status).toBe(200);
    expect((await env.admin.delete(`/v1/clientes/${cliente.id}`)).status).toBe(200);
  });
});
