/**
 * The charges' per-day rollups (migration 0007): after every kind of write, through the API, in
 * plain SQL and by the billing job, they equal the aggregates of the rows themselves; and what
 * reads them (the list's total and Informacoes, /financeiro) says what the rows say.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, firstOfMonth, lastOfMonth } from '../../domain/calendar';
import { runBilling } from '../../server/cobrancas/faturamento';
import { bucketsOf } from '../../server/resources/cobrancas';
import { appToday } from '../../server/regras/clock';
import { backends, useInstalledApp } from '../support/app';
import { newCliente } from '../support/registry';

describe.each(backends)('cobrancas: per-day rollups (%s)', (backend) => {
  const env = useInstalledApp(backend);
  // Read when needed, not when the file loads: a run across midnight in São Paulo must see the new day.
  const today = () => appToday();
  const rows = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    ((await env.t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const newClient = async () => {
    const reply = await env.admin.post('/v1/clientes', newCliente());
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return reply.body;
  };
  const charge = async (idcliente: number, overrides: Record<string, unknown> = {}) => {
    const reply = await env.admin.post('/v1/cobrancas', {
      idcliente,
      descricao: 'Mensalidade',
      valor: 100,
      duedate: today(),
      ...overrides,
    });
    expect(reply.status).toBe(201);
    return reply.body;
  };

  /** A charge's change through the API: refused writes would leave the rollups trivially equal, so each must succeed. */
  const update = async (id: number, body: Record<string, unknown>) => {
    const reply = await env.admin.put(`/v1/cobrancas/${id}`, body);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body;
  };
  const read = async (id: number) => {
    const reply = await env.admin.get(`/v1/cobrancas/${id}`);
    expect(reply.status).toBe(200);
    return reply.body;
  };

  /** Both rollups equal the same aggregates of the rows (rows summing to nothing may stay at zero). */
  const expectRollupsMatch = async () => {
    const [resumo, fromRows] = await Promise.all([
      // A day's figures are the sum of its sessions' rows (migration 0010).
      rows(sql`SELECT duedate, status, sum(qnt)::int AS qnt, sum(valor)::text AS valor FROM cobrancas_resumo_dia
               GROUP BY 1, 2 HAVING sum(qnt) <> 0 OR sum(valor) <> 0 ORDER BY duedate, status`),
      rows(sql`SELECT duedate, status, count(*)::int AS qnt, sum(valor)::text AS valor FROM cobrancas GROUP BY 1, 2 ORDER BY 1, 2`),
    ]);
    expect(resumo).toEqual(fromRows);
    const [recebidas, receivedRows] = await Promise.all([
      rows(sql`SELECT dia, sum(qnt)::int AS qnt, sum(valor)::text AS valor FROM cobrancas_recebidas_dia
               GROUP BY dia HAVING sum(qnt) <> 0 OR sum(valor) <> 0 ORDER BY dia`),
      rows(sql`SELECT coalesce(payment_date, duedate) AS dia, count(*)::int AS qnt, sum(valor)::text AS valor
               FROM cobrancas WHERE status = 1 GROUP BY 1 ORDER BY 1`),
    ]);
    expect(recebidas).toEqual(receivedRows);
    const negative = await rows(
      sql`SELECT 1 FROM cobrancas_resumo_dia GROUP BY duedate, status HAVING sum(qnt) < 0
          UNION ALL SELECT 1 FROM cobrancas_recebidas_dia GROUP BY dia HAVING sum(qnt) < 0`,
    );
    expect(negative).toEqual([]);
  };

  it('through the API: create, pay, change the value, move the due date, reopen, cancel, remove', async () => {
    const c = await newClient();
    const a = await charge(c.id, { valor: 10.5, duedate: addDays(today(), -5) }); // overdue at once (2)
    const b = await charge(c.id, { valor: 20, duedate: addDays(today(), 3) });
    const d = await charge(c.id, { valor: 30.25 });
    await expectRollupsMatch();
    // Paid: status 1 with paymentDate today (counted on today among the received).
    expect(await update(a.id, { ...a, status: 1 })).toMatchObject({ status: 1, paymentDate: today() });
    await expectRollupsMatch();
    expect((await rows(sql`SELECT sum(qnt)::int AS qnt FROM cobrancas_recebidas_dia WHERE dia = ${today()}::date`))[0]).toEqual({ qnt: 1 });
    // A new value and a new due date on a received charge: its day and status rows move, its payment day stays.
    const paid = await read(a.id);
    expect(await update(a.id, { ...paid, valor: 99.99, duedate: addDays(today(), -40) })).toMatchObject({
      status: 1,
      paymentDate: today(),
      duedate: addDays(today(), -40),
    });
    await expectRollupsMatch();
    expect(await update(b.id, { ...b, valor: 21.1, duedate: addDays(today(), 33) })).toMatchObject({
      valor: 21.1,
      duedate: addDays(today(), 33),
    });
    await expectRollupsMatch();
    // Reopened (paymentDate cleared), cancelled, removed.
    expect(await update(a.id, { ...(await read(a.id)), status: 0 })).toMatchObject({ paymentDate: null });
    await expectRollupsMatch();
    expect(await update(d.id, { ...d, status: 3 })).toMatchObject({ status: 3 });
    await expectRollupsMatch();
    expect((await env.admin.delete(`/v1/cobrancas/${b.id}`)).status).toBe(200);
    await expectRollupsMatch();
    // A change of nothing the rollups hold writes no summary row.
    const before = await rows(sql`SELECT * FROM cobrancas_resumo_dia ORDER BY duedate, status, sessao`);
    expect(await update(d.id, { ...(await read(d.id)), descricao: 'Outra' })).toMatchObject({ descricao: 'Outra' });
    expect(await rows(sql`SELECT * FROM cobrancas_resumo_dia ORDER BY duedate, status, sessao`)).toEqual(before);
  });

  it('in plain SQL: a multi-row insert, set-wide updates of status, payment date, value and due date, deletes', async () => {
    const [c1, c2] = [await newClient(), await newClient()];
    await env.t.database.db.execute(sql`
      INSERT INTO cobrancas (idcliente, valor, duedate, status, payment_date)
      SELECT CASE WHEN i % 2 = 0 THEN ${c1.id}::int ELSE ${c2.id}::int END, (i % 97) + 0.37,
             ${today()}::date + (i % 45) - 20, (i % 4)::smallint,
             CASE WHEN i % 4 = 1 AND i % 3 = 0 THEN ${today()}::date - (i % 11) END
      FROM generate_series(1, 1500) AS i`);
    await expectRollupsMatch();
    await env.t.database.db.execute(sql`UPDATE cobrancas SET status = 1, payment_date = duedate + 2 WHERE status = 0 AND id % 3 = 0`);
    await expectRollupsMatch();
    await env.t.database.db.execute(sql`UPDATE cobrancas SET payment_date = NULL WHERE status = 1 AND id % 5 = 0`);
    await expectRollupsMatch();
    await env.t.database.db.execute(sql`UPDATE cobrancas SET valor = valor + 1.01, duedate = duedate + 7 WHERE id % 7 = 0`);
    await expectRollupsMatch();
    await env.t.database.db.execute(sql`UPDATE cobrancas SET status = 3 WHERE status = 2 AND id % 2 = 0`);
    await expectRollupsMatch();
    await env.t.database.db.execute(sql`DELETE FROM cobrancas WHERE id % 4 = 0 OR idcliente = ${c2.id}`);
    await expectRollupsMatch();
    // Several statements in one transaction, one of them undone: the rollups follow what commits.
    await env.t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`UPDATE cobrancas SET status = 1, payment_date = ${today()}::date WHERE status = 0`);
        await tx.execute(sql`DELETE FROM cobrancas WHERE status = 3`);
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await expectRollupsMatch();
    await env.t.database.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE cobrancas SET status = 1, payment_date = ${today()}::date WHERE status = 0 AND id % 2 = 1`);
      await tx.execute(sql`DELETE FROM cobrancas WHERE status = 3 AND id % 3 = 0`);
    });
    await expectRollupsMatch();
  });

  it('the billing job: charges made from subscriptions and open ones past due set to 2', async () => {
    const c = await newClient();
    for (const [i, cycle] of ['MONTHLY', 'WEEKLY', 'QUARTERLY'].entries()) {
      const created = await env.admin.post('/v1/assinaturas', {
        idcliente: c.id,
        description: `Plano ${i}`,
        valor: 49.9 + i,
        nextduedate: '2037-01-10',
        cycle,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }
    for (const day of ['2037-01-05', '2037-02-20', '2037-04-02']) {
      const counts = await runBilling(env.t.database.db, { today: day });
      expect(counts.skipped).toBe(false);
      await expectRollupsMatch();
    }
    expect(
      Number((await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM cobrancas_resumo_dia WHERE status = 2`))[0].n),
    ).toBeGreaterThan(0);
  });

  it("the list's total and Informacoes, and /financeiro, read from the rollups say what the rows say", async () => {
    const c = await newClient();
    const start = firstOfMonth(today());
    const end = lastOfMonth(today());
    for (const [i, duedate] of [start, today(), end, addDays(today(), -1), addDays(today(), 1)].entries()) {
      await charge(c.id, { valor: 10 + i, duedate });
      await charge(c.id, { valor: 1.11 * (i + 1), duedate, status: i % 2 ? 1 : 3 });
    }
    const range = sql`duedate BETWEEN ${start}::date AND ${end}::date`;
    const expected = await bucketsOf(env.t.database.db, range, today());
    for (const status of [undefined, 0, 1, 2, 3]) {
      const list = await env.admin.get(
        `/v1/cobrancas?dataInicio=${start}&dataFim=${end}${status === undefined ? '' : `&status=${status}`}&pageSize=2`,
      );
      expect(list.status).toBe(200);
      const [{ n }] = await rows<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM cobrancas WHERE ${range} ${status === undefined ? sql`` : sql`AND status = ${status}`}`,
      );
      expect(list.body.meta.total).toBe(n);
      expect(list.body.Informacoes).toEqual(expected);
      // The page is the newest ids of the range.
      const ids = await rows<{ id: number }>(
        sql`SELECT id FROM cobrancas WHERE ${range} ${status === undefined ? sql`` : sql`AND status = ${status}`} ORDER BY id DESC LIMIT 2`,
      );
      expect(list.body.Items.map((item: { id: number }) => item.id)).toEqual(ids.map((row) => row.id));
    }
    const resumo = await env.admin.get(`/v1/financeiro/resumo?dataInicio=${start}&dataFim=${end}`);
    expect(resumo.body).toMatchObject(expected);
    // The series: received by payment day (or due date), overdue by due date, as the rows say.
    const serie = (await env.admin.get('/v1/financeiro/serie')).body;
    const month = today().slice(0, 7);
    const [received] = await rows<{ q: number; v: string }>(
      sql`SELECT count(*)::int AS q, coalesce(sum(valor), 0)::text AS v FROM cobrancas
          WHERE status = 1 AND to_char(coalesce(payment_date, duedate), 'YYYY-MM') = ${month}`,
    );
    const [overdue] = await rows<{ q: number; v: string }>(
      sql`SELECT count(*)::int AS q, coalesce(sum(valor), 0)::text AS v FROM cobrancas
          WHERE (status = 2 OR (status = 0 AND duedate < ${today()}::date)) AND to_char(duedate, 'YYYY-MM') = ${month}`,
    );
    expect(serie.serie.at(-1)).toEqual({
      mes: month,
      recebidas: Number(received.v),
      qntRecebidas: received.q,
      vencidas: Number(overdue.v),
      qntVencidas: overdue.q,
    });
  });

  it('a TRUNCATE empties them', async () => {
    // CASCADE: the message log (mensagens) refers to the charges.
    await env.t.database.db.execute(sql`TRUNCATE cobrancas CASCADE`);
    await expectRollupsMatch();
    expect(await rows(sql`SELECT duedate, qnt FROM cobrancas_resumo_dia UNION ALL SELECT dia, qnt FROM cobrancas_recebidas_dia`)).toEqual(
      [],
    );
  });
});
