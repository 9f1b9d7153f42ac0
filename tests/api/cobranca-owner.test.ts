/**
 * One owner for what follows a charge's change (cobrancas/cobrancas.ts): the alerts, the gateway
 * payment and its cancellation, and the client's billing status, whatever path changed the charge.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../domain/calendar';
import { appToday } from '../../server/regras/clock';
import { backends, useInstalledApp } from '../support/app';
import { newCliente } from '../support/registry';

describe.each(backends)("a charge's follow-ups (%s)", (backend) => {
  const env = useInstalledApp(backend);
  // Read when needed, not when the file loads: a run across midnight in São Paulo must see the new day.
  const today = () => appToday();
  const rows = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    ((await env.t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const jobsOf = (id: number) =>
    rows<{ kind: string }>(
      sql`SELECT data->>'kind' AS kind FROM pgboss.job WHERE name = 'asaas-sync' AND data->>'kind' LIKE 'cobranca%' AND (data->>'id')::int = ${id} ORDER BY created_on`,
    );
  const alertsOf = (id: number) => rows<{ kind: string }>(sql`SELECT kind FROM mensagens WHERE idcobranca = ${id} ORDER BY id`);
  const gateway = (settings: Record<string, unknown>) => env.admin.put('/v1/users/1', { integrations: { gateway: settings } });

  it('with the gateway active a new charge gets its payment first, not the alert; a staff cancellation cancels the payment, a removal of a cancelled one does not again', async () => {
    expect((await gateway({ api: 'asaas', token: '$aact_hmlg_teste', status: 1 })).status).toBe(200);
    const cliente = (await env.admin.post('/v1/clientes', newCliente())).body;
    const charge = (
      await env.admin.post('/v1/cobrancas', { idcliente: cliente.id, descricao: 'Mensalidade', valor: 80, duedate: addDays(today(), 9) })
    ).body;
    expect((await jobsOf(charge.id)).map((j) => j.kind)).toEqual(['cobranca']);
    expect(await alertsOf(charge.id)).toEqual([]);
    // The gateway sync linked its payment.
    await env.t.database.db.execute(sql`UPDATE cobrancas SET gateway_id = 'pay_owner_1' WHERE id = ${charge.id}`);
    const cancelled = await env.admin.put(`/v1/cobrancas/${charge.id}`, { ...charge, status: 3 });
    expect(cancelled.status).toBe(200);
    expect((await jobsOf(charge.id)).map((j) => j.kind)).toEqual(['cobranca', 'cobranca-cancelar']);
    expect((await alertsOf(charge.id)).map((a) => a.kind)).toEqual(['cancelada']);
    expect((await env.admin.delete(`/v1/cobrancas/${charge.id}`)).status).toBe(200);
    expect((await jobsOf(charge.id)).map((j) => j.kind)).toEqual(['cobranca', 'cobranca-cancelar']);
  });

  it('a gateway without its token is off: a new charge gets its alert at once, and no payment job', async () => {
    expect((await gateway({ token: '', status: 1 })).status).toBe(200);
    const cliente = (await env.admin.post('/v1/clientes', newCliente())).body;
    const charge = (
      await env.admin.post('/v1/cobrancas', { idcliente: cliente.id, descricao: 'Mensalidade', valor: 80, duedate: addDays(today(), 9) })
    ).body;
    expect(await jobsOf(charge.id)).toEqual([]);
    expect((await alertsOf(charge.id)).map((a) => a.kind)).toEqual(['novacobranca']);
    await gateway({ status: 0 });
  });

  it("a charge that is neither overdue before nor after leaves its client's status alone; one that becomes overdue or paid moves it at once", async () => {
    const cliente = (await env.admin.post('/v1/clientes', newCliente())).body;
    const statusOf = async () => (await env.admin.get(`/v1/clientes/${cliente.id}`)).body.status;
    const future = (
      await env.admin.post('/v1/cobrancas', { idcliente: cliente.id, descricao: 'Futura', valor: 10, duedate: addDays(today(), 3) })
    ).body;
    expect(await statusOf()).toBe(0);
    const late = await env.admin.put(`/v1/cobrancas/${future.id}`, { ...future, duedate: addDays(today(), -2) });
    expect(late.body.status).toBe(2);
    expect(await statusOf()).toBe(2);
    expect((await env.admin.put(`/v1/cobrancas/${future.id}`, { ...late.body, status: 1 })).status).toBe(200);
    expect(await statusOf()).toBe(0);
  });
});
