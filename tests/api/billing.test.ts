/**
 * The billing job through its clock (cobrancas/faturamento.ts): every date here is years ahead of the real
 * one, so the charges are open for the API (which uses the real today) and due for the job.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { changedAnything, runBilling } from '../../server/cobrancas/faturamento';
import { backends, useInstalledApp } from '../support/app';
import { newCliente } from '../support/registry';

describe.each(backends)('billing job (%s)', (backend) => {
  const env = useInstalledApp(backend);
  const run = (today: string) => runBilling(env.t.database.db, { today });
  const newClient = async () => (await env.admin.post('/v1/clientes', newCliente())).body;
  const subscribe = async (body: Record<string, unknown>) => (await env.admin.post('/v1/assinaturas', body)).body;
  const charge = async (idcliente: number, duedate: string, valor = 100) =>
    (await env.admin.post('/v1/cobrancas', { idcliente, descricao: 'Mensalidade', valor, duedate })).body;
  const cobranca = async (id: number) => (await env.admin.get(`/v1/cobrancas/${id}`)).body;
  const cliente = async (id: number) => {
    const result: any = await env.t.database.db.execute(
      sql`SELECT status, status_motivo AS motivo, billing_override AS override FROM clientes WHERE id = ${id}`,
    );
    return result.rows[0] as { status: number; motivo: string | null; override: number[] };
  };
  const chargesOf = async (idassinatura: number) => {
    const result: any = await env.t.database.db.execute(
      sql`SELECT duedate, status, valor, descricao, busca, datecreated FROM cobrancas WHERE idassinatura = ${idassinatura} ORDER BY duedate`,
    );
    return result.rows as { duedate: string; status: number; valor: number; descricao: string; busca: string; datecreated: string }[];
  };

  it('past due: open charges become 2 and their client Vencido; bloqueio days after the due date, Bloqueado; a payment restores it at once', async () => {
    const c = await newClient();
    const due = await charge(c.id, '2031-03-10');
    expect(due.status).toBe(0);
    await run('2031-03-10');
    expect((await cobranca(due.id)).status).toBe(0);
    expect((await cliente(c.id)).status).toBe(0);
    const counts = await run('2031-03-11');
    expect(counts).toMatchObject({ skipped: false });
    expect(counts.cobrancasVencidas).toBeGreaterThanOrEqual(1);
    expect((await cobranca(due.id)).status).toBe(2);
    expect(await cliente(c.id)).toMatchObject({ status: 2, motivo: 'billing' });
    // bloqueio is 5 by default: blocked on the 5th day after the due date, not before.
    await run('2031-03-14');
    expect((await cliente(c.id)).status).toBe(2);
    await run('2031-03-15');
    expect(await cliente(c.id)).toMatchObject({ status: 1, motivo: 'billing' });
    // Staff record the payment: the client is active again at once, not at the next run.
    const paid = await env.admin.put(`/v1/cobrancas/${due.id}`, { ...(await cobranca(due.id)), status: 1 });
    expect(paid.status).toBe(200);
    expect(await cliente(c.id)).toMatchObject({ status: 0, motivo: null });
    await run('2031-03-16');
    expect((await cliente(c.id)).status).toBe(0);
  });

  it('the bloqueio setting is the company’s', async () => {
    await env.admin.put('/v1/users/1', { integrations: { notificacoes: { bloqueio: 10 } } });
    const c = await newClient();
    await charge(c.id, '2032-05-01');
    await run('2032-05-10');
    expect((await cliente(c.id)).status).toBe(2);
    await run('2032-05-11');
    expect((await cliente(c.id)).status).toBe(1);
    await env.admin.put('/v1/users/1', { integrations: { notificacoes: { bloqueio: 5 } } });
  });

  it('a staff block stays until staff lift it; lifting it with a charge overdue makes the client Vencido', async () => {
    const c = await newClient();
    const due = await charge(c.id, '2031-06-01');
    const read = (await env.admin.get(`/v1/clientes/${c.id}`)).body;
    expect((await env.admin.put(`/v1/clientes/${c.id}`, { ...read, status: 1 })).status).toBe(200);
    expect(await cliente(c.id)).toMatchObject({ status: 1, motivo: 'staff' });
    await run('2031-06-30');
    expect((await cobranca(due.id)).status).toBe(2);
    expect(await cliente(c.id)).toMatchObject({ status: 1, motivo: 'staff' });
    // Even once paid, the staff block stays.
    await env.admin.put(`/v1/cobrancas/${due.id}`, { ...(await cobranca(due.id)), status: 1 });
    await run('2031-07-01');
    expect(await cliente(c.id)).toMatchObject({ status: 1, motivo: 'staff' });
    // Lifted with another charge overdue: Vencido at once (billing's status).
    const other = await charge(c.id, '2031-06-20');
    await run('2031-07-01');
    expect((await cobranca(other.id)).status).toBe(2);
    const lifted = await env.admin.put(`/v1/clientes/${c.id}`, { ...read, status: 0 });
    expect(lifted.status).toBe(200);
    expect(await cliente(c.id)).toMatchObject({ status: 2, motivo: 'billing' });
  });

  it('staff lifting a billing block is an override: no new block for the same charges, a new overdue charge blocks again', async () => {
    const c = await newClient();
    const first = await charge(c.id, '2033-01-10');
    await run('2033-01-20');
    expect(await cliente(c.id)).toMatchObject({ status: 1, motivo: 'billing' });
    const read = (await env.admin.get(`/v1/clientes/${c.id}`)).body;
    expect(read).not.toHaveProperty('billingOverride');
    expect(read).not.toHaveProperty('statusMotivo');
    const lifted = await env.admin.put(`/v1/clientes/${c.id}`, { ...read, status: 0 });
    expect(lifted.status).toBe(200);
    expect(await cliente(c.id)).toMatchObject({ status: 0, motivo: null, override: [first.id] });
    await run('2033-01-21');
    await run('2033-02-10');
    expect((await cliente(c.id)).status).toBe(0);
    // A new charge becomes overdue: Vencido, then blocked counting from its own due date.
    await charge(c.id, '2033-02-15');
    await run('2033-02-16');
    expect(await cliente(c.id)).toMatchObject({ status: 2, motivo: 'billing' });
    await run('2033-02-20');
    expect((await cliente(c.id)).status).toBe(1);
    // Everything paid: active, and the override is spent.
    for (const item of (await env.admin.get(`/v1/cobrancas?idcliente=${c.id}`)).body.Items)
      await env.admin.put(`/v1/cobrancas/${item.id}`, { ...item, status: 1 });
    expect(await cliente(c.id)).toMatchObject({ status: 0, motivo: null, override: [] });
  });

  it('a subscription across month ends: its charge emaberto days before, Jan 31 → Feb 28 → Mar 31, one per period', async () => {
    const c = await newClient();
    const sub = await subscribe({ idcliente: c.id, description: 'Plano Frota', valor: 149.9, nextduedate: '2034-01-31', cycle: 'MONTHLY' });
    await run('2034-01-25');
    expect(await chargesOf(sub.id)).toEqual([]);
    const counts = await run('2034-01-26');
    expect(counts.cobrancasGeradas).toBe(1);
    expect(await chargesOf(sub.id)).toMatchObject([
      { duedate: '2034-01-31', status: 0, valor: 149.9, descricao: 'Plano Frota', datecreated: '2034-01-26' },
    ]);
    expect((await env.admin.get(`/v1/assinaturas/${sub.id}`)).body.nextduedate).toBe('2034-02-28');
    await run('2034-01-27');
    expect(await chargesOf(sub.id)).toHaveLength(1);
    await run('2034-02-23');
    expect((await env.admin.get(`/v1/assinaturas/${sub.id}`)).body.nextduedate).toBe('2034-03-31');
    const charges = await chargesOf(sub.id);
    expect(charges.map((row) => row.duedate)).toEqual(['2034-01-31', '2034-02-28']);
    // The generated charge is found like any other: by its id, the client and the description.
    const [generated] = (await env.admin.get(`/v1/cobrancas?idcliente=${c.id}&pesquisa=plano frota`)).body.Items;
    expect(generated).toMatchObject({ idassinatura: sub.id, duedate: '2034-02-28' });
    expect((await env.admin.get(`/v1/cobrancas?pesquisa=${generated.id}`)).body.Items.map((x: any) => x.id)).toContain(generated.id);
    expect((await env.admin.get(`/v1/cobrancas?pesquisa=${c.cpf}`)).body.meta.total).toBe(2);
  });

  it('a subscription behind catches up period by period; enddate ends it; a blocked one bills nothing', async () => {
    const c = await newClient();
    const post = async (body: Record<string, unknown>) =>
      (await env.admin.post('/v1/assinaturas', { idcliente: c.id, description: 'Semanal', valor: 20, cycle: 'WEEKLY', ...body })).body;
    const weekly = await post({ nextduedate: '2035-01-05' });
    const ending = await post({ nextduedate: '2035-01-25', cycle: 'MONTHLY', enddate: '2035-02-15' });
    const blocked = await post({ nextduedate: '2035-01-05', status: 1 });
    await run('2035-02-01');
    expect((await chargesOf(weekly.id)).map((row) => [row.duedate, row.status])).toEqual([
      ['2035-01-05', 2],
      ['2035-01-12', 2],
      ['2035-01-19', 2],
      ['2035-01-26', 2],
      ['2035-02-02', 0],
    ]);
    expect((await env.admin.get(`/v1/assinaturas/${weekly.id}`)).body).toMatchObject({ nextduedate: '2035-02-09', status: 0 });
    expect((await chargesOf(ending.id)).map((row) => row.duedate)).toEqual(['2035-01-25']);
    expect((await env.admin.get(`/v1/assinaturas/${ending.id}`)).body).toMatchObject({ nextduedate: '2035-02-25', status: 2 });
    expect(await chargesOf(blocked.id)).toEqual([]);
    expect((await cliente(c.id)).status).toBe(1);
  });

  it('two runs at once make one charge per period and advance once', async () => {
    const c = await newClient();
    const sub = await subscribe({ idcliente: c.id, description: 'Duplo', valor: 10, nextduedate: '2036-03-01', cycle: 'WEEKLY' });
    const [a, b] = await Promise.all([run('2036-03-20'), run('2036-03-20')]);
    expect((await chargesOf(sub.id)).map((row) => row.duedate)).toEqual(['2036-03-01', '2036-03-08', '2036-03-15', '2036-03-22']);
    expect((await env.admin.get(`/v1/assinaturas/${sub.id}`)).body.nextduedate).toBe('2036-03-29');
    // One did the work; the other found the lock taken, or nothing left to do.
    expect([a, b].filter((counts) => counts.cobrancasGeradas > 0)).toHaveLength(1);
  });

  it('running twice changes nothing the second time', async () => {
    const c = await newClient();
    await charge(c.id, '2037-01-01');
    await env.admin.post('/v1/assinaturas', {
      idcliente: c.id,
      description: 'Anual',
      valor: 500,
      nextduedate: '2037-01-03',
      cycle: 'YEARLY',
    });
    const first = await run('2037-01-02');
    expect(changedAnything(first)).toBe(true);
    // Every row of the tables the job writes, as text: the second run leaves each one as it was.
    const snapshot = async () => {
      const rows: Record<string, string>[] = [];
      for (const table of ['clientes', 'assinaturas', 'cobrancas'])
        rows.push(
          ((await env.t.database.db.execute(sql.raw(`SELECT md5(string_agg(t::text, ',' ORDER BY id)) AS sum FROM ${table} t`))) as any)
            .rows[0],
        );
      return rows;
    };
    const before = await snapshot();
    const second = await run('2037-01-02');
    expect(changedAnything(second)).toBe(false);
    expect(await snapshot()).toEqual(before);
  });
});
