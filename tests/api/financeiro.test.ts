import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, addMonths, firstOfMonth, lastOfMonth } from '../../domain/calendar';
import { appToday } from '../../server/regras/clock';
import { backends, Client, useInstalledApp } from '../support/app';
import { newCliente } from '../support/registry';

describe.each(backends)('financeiro (%s)', (backend) => {
  const env = useInstalledApp(backend);
  // Read when needed, not when the file loads: a run across midnight in São Paulo must see the new day.
  const today = () => appToday();

  it('resumo: the six buckets for a due-date range, the current month by default; a reversed range is a 400', async () => {
    const c = (await env.admin.post('/v1/clientes', newCliente())).body;
    const post = (duedate: string, valor: number, status = 0) =>
      env.admin.post('/v1/cobrancas', { idcliente: c.id, descricao: 'Mensalidade', valor, duedate, status });
    await post(today(), 10);
    await post(today(), 5.25, 1);
    await post(addMonths(today(), 2), 99);
    await post(addMonths(today(), -2), 7, 3);
    const month = (await env.admin.get('/v1/financeiro/resumo')).body;
    expect(month).toMatchObject({ dataInicio: firstOfMonth(today()), dataFim: lastOfMonth(today()), hoje: today() });
    expect(month.qnt).toEqual({ total: 2, recebidas: 1, vencidas: 0, vencehoje: 1, avencer: 0, canceladas: 0 });
    expect(month.valors).toEqual({ total: 15.25, recebidas: 5.25, vencidas: 0, vencehoje: 10, avencer: 0, canceladas: 0 });
    const wide = (await env.admin.get(`/v1/financeiro/resumo?dataInicio=${addMonths(today(), -3)}&dataFim=${addMonths(today(), 3)}`)).body;
    expect(wide.qnt).toMatchObject({ total: 4, avencer: 1, canceladas: 1 });
    const reversed = await env.admin.get(`/v1/financeiro/resumo?dataInicio=${today()}&dataFim=${addDays(today(), -1)}`);
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors.dataFim).toBeTruthy();
    expect((await env.admin.get('/v1/financeiro/resumo?dataInicio=ontem')).status).toBe(400);
    expect((await new Client(env.t.app).get('/v1/financeiro/resumo')).status).toBe(401);
  });

  it('serie: 12 months of received (by payment date) against overdue (by due date), and the split by situation', async () => {
    const c = (await env.admin.post('/v1/clientes', newCliente())).body;
    const post = async (duedate: string, valor: number, status = 0) =>
      (await env.admin.post('/v1/cobrancas', { idcliente: c.id, descricao: 'Mensalidade', valor, duedate, status })).body;
    const twoMonthsAgo = addMonths(today(), -2);
    await post(twoMonthsAgo, 30); // overdue, two months ago
    const paidLate = await post(twoMonthsAgo, 40, 1); // received today
    const paidOnDue = await post(addMonths(today(), -1), 50, 1);
    await env.t.database.db.execute(sql`UPDATE cobrancas SET payment_date = NULL WHERE id = ${paidOnDue.id}`); // received, no date: by due date
    await post(addMonths(today(), -13), 70); // out of the 12 months
    const body = (await env.admin.get('/v1/financeiro/serie')).body;
    expect(body.serie).toHaveLength(12);
    expect(body.serie.map((m: any) => m.mes)).toEqual(
      Array.from({ length: 12 }, (_, i) => addMonths(firstOfMonth(today()), i - 11).slice(0, 7)),
    );
    const at = (date: string) => body.serie.find((m: any) => m.mes === date.slice(0, 7));
    // This month: the one paid today and the first test's 5,25.
    expect(at(today())).toMatchObject({ recebidas: 45.25, qntRecebidas: 2 });
    expect(at(addMonths(today(), -1))).toMatchObject({ recebidas: 50, qntRecebidas: 1, vencidas: 0 });
    expect(at(twoMonthsAgo)).toMatchObject({ recebidas: 0, vencidas: 30, qntVencidas: 1 });
    // With the first test's three charges in these months (one due today, one received, one cancelled).
    expect(body.porSituacao.qnt).toEqual({ total: 6, recebidas: 3, vencidas: 1, vencehoje: 1, avencer: 0, canceladas: 1 });
    expect(paidLate.paymentDate).toBe(today());
  });
});
