import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, firstOfMonth, lastOfMonth } from '../../domain/calendar';
import { valorAtualizado } from '../../domain/financeiro';
import { appToday } from '../../server/regras/clock';
import { backends, Client, newUser, useInstalledApp } from '../support/app';
import { newCliente, newEmpresa } from '../support/registry';

describe.each(backends)('cobrancas (%s)', (backend) => {
  const env = useInstalledApp(backend);
  // Read when needed, not when the file loads: a run across midnight in São Paulo must see the new day.
  const today = () => appToday();
  const charge = (idcliente: number, overrides: Record<string, unknown> = {}) =>
    env.admin.post('/v1/cobrancas', { idcliente, descricao: 'Mensalidade', valor: 100, duedate: addDays(today(), 10), ...overrides });
  const newClient = async (data: Record<string, unknown> = newCliente()) => (await env.admin.post('/v1/clientes', data)).body;
  const clientStatus = async (id: number) => (await env.admin.get(`/v1/clientes/${id}`)).body.status;

  it('a charge needs its client, descrição, valor and vencimento; money has two decimals at most and is never negative', async () => {
    const missing = await env.admin.post('/v1/cobrancas', {});
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['descricao', 'duedate', 'idcliente', 'valor']);
    const cliente = await newClient();
    for (const [valor, message] of [
      [10.001, 'Use no máximo duas casas decimais'],
      [-1, 'O valor não pode ser negativo'],
      ['dez', 'Informe um valor em reais'],
    ] as const) {
      const bad = await charge(cliente.id, { valor });
      expect(bad.status).toBe(400);
      expect(bad.body.errors.valor).toBe(message);
    }
    expect((await charge(cliente.id, { duedate: '2026-02-30' })).body.errors.duedate).toMatch(/Data inválida/);
    expect((await charge(cliente.id, { status: 4 })).body.errors.status).toMatch(/Cancelada/);
    expect((await charge(999999)).body.errors).toEqual({ idcliente: 'Cliente não encontrado' });
    const count: any = await env.t.database.db.execute(sql`SELECT count(*)::int AS n FROM cobrancas`);
    expect(count.rows[0].n).toBe(0);
  });

  it('both names of the dates are emitted with the same value, and the canonical name wins on input', async () => {
    const cliente = await newClient(newCliente({ name: 'Ana Lúcia', mobilePhone: '11912345678', email: 'ana@exemplo.com.br' }));
    const created = await env.admin.post('/v1/cobrancas', {
      idcliente: cliente.id,
      descricao: 'Instalação',
      valor: '1.234,50',
      vncdata: addDays(today(), 5),
      duedate: addDays(today(), 3),
      dtcard: addDays(today(), -2),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      valor: 1234.5,
      duedate: addDays(today(), 3),
      vncdata: addDays(today(), 3),
      datecreated: addDays(today(), -2),
      dtcard: addDays(today(), -2),
      status: 0,
      paymentDate: null,
      name: 'Ana Lúcia',
      cpfcnpj: cliente.cpf,
      mobilePhone: '11912345678',
      email: 'ana@exemplo.com.br',
      valorAtualizado: null,
      idCard: 1,
    });
    const onlyAliases = await env.admin.post('/v1/cobrancas', {
      idcliente: cliente.id,
      descricao: 'X',
      valor: 1,
      vncdata: addDays(today(), 1),
    });
    expect(onlyAliases.body).toMatchObject({
      duedate: addDays(today(), 1),
      vncdata: addDays(today(), 1),
      datecreated: today(),
      dtcard: today(),
    });
    const listed = (await env.admin.get(`/v1/cobrancas?idcliente=${cliente.id}&sort=vncdata&order=asc`)).body.Items;
    expect(listed.map((c: any) => c.id)).toEqual([onlyAliases.body.id, created.body.id]);
    expect(listed[1]).toMatchObject({ vncdata: addDays(today(), 3), dtcard: addDays(today(), -2), cliente: { name: 'Ana Lúcia' } });
  });

  it('Informacoes: the six buckets for the same filters minus status, beside the page', async () => {
    const cliente = await newClient(newEmpresa({ razaosocial: 'Buckets Transportes Ltda' }));
    const id = cliente.id;
    const made = [
      await charge(id, { valor: 10, duedate: addDays(today(), -3) }), // vencida (set to 2 at once)
      await charge(id, { valor: 20, duedate: today() }), // vence hoje
      await charge(id, { valor: 30, duedate: addDays(today(), 4) }), // a vencer
      await charge(id, { valor: 40, duedate: addDays(today(), 5), status: 3 }), // cancelada
      await charge(id, { valor: 50.55, duedate: addDays(today(), -1), status: 1 }), // recebida
    ];
    expect(made.map((m) => m.status)).toEqual([201, 201, 201, 201, 201]);
    expect(made[0].body.status).toBe(2);
    const list = (await env.admin.get(`/v1/cobrancas?idcliente=${id}&status=0`)).body;
    expect(list.meta.total).toBe(2);
    expect(list.Informacoes).toEqual({
      valors: { total: 150.55, recebidas: 50.55, vencidas: 10, vencehoje: 20, avencer: 30, canceladas: 40 },
      qnt: { total: 5, recebidas: 1, vencidas: 1, vencehoje: 1, avencer: 1, canceladas: 1 },
    });
    // The date range (on the due date, inclusive) and the pesquisa narrow the buckets too.
    const range = (await env.admin.get(`/v1/cobrancas?idcliente=${id}&dataInicio=${today()}&dataFim=${addDays(today(), 4)}`)).body;
    expect(range.meta.total).toBe(2);
    expect(range.Informacoes.qnt).toEqual({ total: 2, recebidas: 0, vencidas: 0, vencehoje: 1, avencer: 1, canceladas: 0 });
    const found = (await env.admin.get('/v1/cobrancas?pesquisa=buckets transportes')).body;
    expect(found.Informacoes.qnt.total).toBe(5);
    // The overdue one shows its updated value with the company's default rates (2% and 1% a month).
    const vencida = found.Items.find((c: any) => c.id === made[0].body.id);
    const expected = valorAtualizado(10, { multa: 2, jurosmensal: 1 }, 3);
    expect(vencida).toMatchObject({ status: 2, valorAtualizado: expected.total, encargos: { dias: 3, taxaMulta: 2, taxaJurosMensal: 1 } });
    // The company's rates change the updated value at once (the reused reply follows them).
    await env.admin.put('/v1/users/1', { dadosempresa: { multa: 10, jurosmensal: 3 } });
    const after = (await env.admin.get('/v1/cobrancas?pesquisa=buckets transportes')).body.Items.find((c: any) => c.id === made[0].body.id);
    expect(after.valorAtualizado).toBe(valorAtualizado(10, { multa: 10, jurosmensal: 3 }, 3).total);
    await env.admin.put('/v1/users/1', { dadosempresa: { multa: 2, jurosmensal: 1 } });
    // The client is overdue because of it.
    expect(await clientStatus(id)).toBe(2);
    // Bad filters are 400s.
    expect((await env.admin.get('/v1/cobrancas?dataInicio=2026-13-01')).status).toBe(400);
    expect((await env.admin.get('/v1/cobrancas?idcliente=abc')).status).toBe(400);
    expect((await env.admin.get(`/v1/cobrancas?dataInicio=${firstOfMonth(today())}&dataFim=${lastOfMonth(today())}`)).status).toBe(200);
  });

  it('a charge set to 1 by staff is a payment: paid today, and its client is reconciled at once', async () => {
    const cliente = await newClient();
    const overdue = (await charge(cliente.id, { duedate: addDays(today(), -2) })).body;
    expect(overdue.status).toBe(2);
    expect(await clientStatus(cliente.id)).toBe(2);
    const paid = await env.admin.put(`/v1/cobrancas/${overdue.id}`, { ...overdue, status: 1 });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: 1, paymentDate: today(), valorAtualizado: null });
    expect(await clientStatus(cliente.id)).toBe(0);
    // Still paid on a later edit: the payment date stays.
    const edited = await env.admin.put(`/v1/cobrancas/${overdue.id}`, { ...paid.body, informacoes: 'Pago em dinheiro' });
    expect(edited.body).toMatchObject({ status: 1, paymentDate: today() });
    // Reopened past due: overdue again, and so is the client.
    const reopened = await env.admin.put(`/v1/cobrancas/${overdue.id}`, { ...paid.body, status: 0 });
    expect(reopened.body).toMatchObject({ status: 2, paymentDate: null });
    expect(await clientStatus(cliente.id)).toBe(2);
    // Cancelled: nothing overdue.
    await env.admin.put(`/v1/cobrancas/${overdue.id}`, { ...reopened.body, status: 3 });
    expect(await clientStatus(cliente.id)).toBe(0);
    expect(daysBetween(overdue.duedate, today())).toBe(2);
  });

  it('a client with charges cannot be removed (409); its new name reaches the charges’ search', async () => {
    const cliente = await newClient(newCliente({ name: 'Otávio Mendes' }));
    const c = (await charge(cliente.id)).body;
    expect((await env.admin.delete(`/v1/clientes/${cliente.id}`)).status).toBe(409);
    await env.admin.put(`/v1/clientes/${cliente.id}`, { ...cliente, name: 'Otávio Ramalho' });
    const ids = async (term: string) => (await env.admin.get(`/v1/cobrancas?pesquisa=${term}`)).body.Items.map((x: any) => x.id);
    expect(await ids('ramalho')).toEqual([c.id]);
    expect(await ids('mendes')).toEqual([]);
    expect((await env.admin.get(`/v1/cobrancas/${c.id}`)).body.name).toBe('Otávio Ramalho');
    expect((await env.admin.delete(`/v1/cobrancas/${c.id}`)).status).toBe(200);
    expect((await env.admin.delete(`/v1/clientes/${cliente.id}`)).status).toBe(200);
  });

  it('only the gateway sync sets invoiceUrl and bankSlipUrl: a staff write leaves them as they were', async () => {
    const cliente = await newClient();
    const evil = { invoiceUrl: 'https://evil.example/pague', bankSlipUrl: 'https://evil.example/boleto' };
    const created = await charge(cliente.id, evil);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ invoiceUrl: '', bankSlipUrl: '' });
    await env.t.database.db.execute(
      sql`UPDATE cobrancas SET invoice_url = 'https://www.asaas.com/i/1', bank_slip_url = 'https://www.asaas.com/b/1' WHERE id = ${created.body.id}`,
    );
    const updated = await env.admin.put(`/v1/cobrancas/${created.body.id}`, { ...created.body, ...evil, descricao: 'Outra' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      descricao: 'Outra',
      invoiceUrl: 'https://www.asaas.com/i/1',
      bankSlipUrl: 'https://www.asaas.com/b/1',
    });
    const staff = newUser();
    expect((await env.admin.post('/v1/users', staff)).status).toBe(201);
    const usuario = new Client(env.t.app);
    expect((await usuario.login(staff.login, staff.password)).status).toBe(200);
    const byUsuario = await usuario.put(`/v1/cobrancas/${created.body.id}`, { ...updated.body, invoiceUrl: 'https://evil.example/x' });
    expect(byUsuario.status).toBe(200);
    expect((await env.admin.get(`/v1/cobrancas/${created.body.id}`)).body.invoiceUrl).toBe('https://www.asaas.com/i/1');
  });

  it('send: 409 while messaging is off; then the novacobranca template, filled, goes to the outbox', async () => {
    const cliente = await newClient(newCliente({ name: 'Bruno Dias', mobilePhone: '21998765432' }));
    const c = (await charge(cliente.id, { valor: 1234.5, duedate: '2030-01-15', dtcard: '2029-12-20' })).body;
    // The payment link is the gateway sync's to write (asaas-sync.ts does it this way).
    await env.t.database.db.execute(sql`UPDATE cobrancas SET invoice_url = 'https://pay.example/abc' WHERE id = ${c.id}`);
    const off = await env.admin.get(`/v1/cobrancas/enviar/${c.id}`);
    expect(off.status).toBe(409);
    expect(off.body.message).toMatch(/WhatsApp não está ativa/);
    await env.admin.put('/v1/users/1', {
      integrations: {
        whats: { server: 'http://127.0.0.1:9', instance: 'rastreio', token: 'chave-whats', status: 1 },
        alertas: {
          novacobranca:
            '{{name}}: cobrança {{codigo}} de {{valor}} ({{description}}), gerada em {{dateCreated}}, vence {{dueDate}}. {{invoiceUrl}}',
        },
      },
    });
    const sent = await env.admin.post(`/v1/cobrancas/enviar/${c.id}`);
    expect(sent).toMatchObject({ status: 200, body: { message: 'Foi enviada com sucesso' } });
    const result: any = await env.t.database.db.execute(
      sql`SELECT destino, texto, kind, status, idcobranca FROM mensagens WHERE kind = 'envio' ORDER BY id DESC LIMIT 1`,
    );
    expect(result.rows[0]).toEqual({
      destino: '5521998765432',
      texto: `Bruno Dias: cobrança ${String(c.id).padStart(5, '0')} de R$ 1.234,50 (Mensalidade), gerada em 20/12/2029, vence 15/01/2030. https://pay.example/abc`,
      kind: 'envio',
      status: 'pendente',
      idcobranca: c.id,
    });
    // Stored with its delivery job, in the same transaction.
    const jobs: any = await env.t.database.db.execute(sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mensagem-enviar'`);
    expect(jobs.rows[0].n).toBeGreaterThanOrEqual(1);
    await env.admin.put('/v1/users/1', { integrations: { whats: { status: 0 } } });
  });
  it('Enviar of a charge with a message in the last 10 minutes asks first: 409 with errors.reenviar and nothing stored, sent with reenviar; sending many skips it unless reenviar', async () => {
    const cliente = await newClient(newCliente({ name: 'Rui Repetido', mobilePhone: '21998760001' }));
    // Made while WhatsApp is off: its novacobranca alert is ignorada, which sent nothing.
    const c = (await charge(cliente.id)).body;
    const envios = async () =>
      (
        (await env.t.database.db.execute(
          sql`SELECT count(*)::int AS n FROM mensagens WHERE idcobranca = ${c.id} AND kind = 'envio'`,
        )) as any
      ).rows[0].n as number;
    await env.admin.put('/v1/users/1', {
      integrations: { whats: { server: 'http://127.0.0.1:9', instance: 'rastreio', token: 'chave-whats', status: 1 } },
    });
    try {
      expect((await env.admin.post(`/v1/cobrancas/enviar/${c.id}`)).status).toBe(200);
      const again = await env.admin.post(`/v1/cobrancas/enviar/${c.id}`);
      expect(again.status).toBe(409);
      expect(again.body).toEqual({
        message: 'Esta cobrança foi enviada há menos de 1 minuto.',
        errors: { reenviar: 'Esta cobrança foi enviada há menos de 1 minuto.' },
      });
      expect((await env.admin.get(`/v1/cobrancas/enviar/${c.id}`)).status).toBe(409);
      expect(await envios()).toBe(1);
      expect((await env.admin.post(`/v1/cobrancas/enviar/${c.id}?reenviar=talvez`)).status).toBe(400);
      expect(await envios()).toBe(1);
      expect((await env.admin.post(`/v1/cobrancas/enviar/${c.id}?reenviar=1`)).status).toBe(200);
      expect(await envios()).toBe(2);

      const many = await env.admin.post('/v1/cobrancas/enviar', { ids: [c.id] });
      expect(many.body.resultados).toEqual([{ id: c.id, status: 'ignorada', motivo: 'Esta cobrança foi enviada há menos de 1 minuto.' }]);
      expect(await envios()).toBe(2);
      expect((await env.admin.post('/v1/cobrancas/enviar', { ids: [c.id], reenviar: 'sim' })).status).toBe(400);
      const confirmed = await env.admin.post('/v1/cobrancas/enviar', { ids: [c.id], reenviar: true });
      expect(confirmed.body.resultados).toEqual([{ id: c.id, status: 'enviada', motivo: '' }]);
      expect(await envios()).toBe(3);

      // Eleven minutes later the charge sends without asking; a failed message never counted.
      await env.t.database.db.execute(sql`UPDATE mensagens SET created_at = now() - interval '11 minutes' WHERE idcobranca = ${c.id}`);
      expect((await env.admin.post(`/v1/cobrancas/enviar/${c.id}`)).status).toBe(200);
      await env.t.database.db.execute(
        sql`UPDATE mensagens SET status = 'falhou', created_at = now() - interval '3 minutes' WHERE idcobranca = ${c.id}`,
      );
      expect((await env.admin.post('/v1/cobrancas/enviar', { ids: [c.id] })).body.resultados[0].status).toBe('enviada');
      const later = await env.admin.post(`/v1/cobrancas/enviar/${c.id}`);
      expect(later.body.message).toBe('Esta cobrança foi enviada há menos de 1 minuto.');
      await env.t.database.db.execute(sql`UPDATE mensagens SET created_at = now() - interval '2 minutes' WHERE idcobranca = ${c.id}`);
      expect((await env.admin.post(`/v1/cobrancas/enviar/${c.id}`)).body.message).toBe('Esta cobrança foi enviada há 2 minutos.');
    } finally {
      await env.admin.put('/v1/users/1', { integrations: { whats: { status: 0 } } });
    }
  });
});
