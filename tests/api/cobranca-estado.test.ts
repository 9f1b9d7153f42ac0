/**
 * The SQL twins of the state predicates (domain/cobranca.ts, issue 31) agree with them on the same
 * rows: charges of every status due the day before, on and after "today", read from the charges
 * and from their per-day rollup (the two tables the queries ask), and clients of every status and
 * reason. "Today" is a parameter of the twins, so a fixed day serves: no clock in the test.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  cobrancaAberta,
  cobrancaAbertaSql,
  cobrancaVencida,
  cobrancaVencidaSql,
  faturamentoMoveCliente,
  faturamentoMoveClienteSql,
  passouDoVencimento,
  passouDoVencimentoSql,
} from '../../domain/cobranca';
import { CLIENTE_STATUS, COBRANCA_STATUS } from '../../domain/constants';
import { clientes, cobrancas, cobrancasResumoDia } from '../../server/db/schema';
import { backends, useInstalledApp } from '../support/app';
import { newCliente } from '../support/registry';

const TODAY = '2031-03-15';
const DUEDATES = ['2031-03-14', TODAY, '2031-03-16'];

describe.each(backends)('charge and client state in SQL (%s)', (backend) => {
  const env = useInstalledApp(backend);
  const db = () => env.t.database.db;

  it('open, past due and overdue: each twin answers as its predicate for every status, the day before, on and after the due date', async () => {
    const cliente = (await env.admin.post('/v1/clientes', newCliente())).body;
    const grid = Object.values(COBRANCA_STATUS).flatMap((status) => DUEDATES.map((duedate) => ({ status, duedate })));
    for (const { status, duedate } of grid) {
      const created = await env.admin.post('/v1/cobrancas', {
        idcliente: cliente.id,
        descricao: 'Estado',
        valor: 10,
        duedate: '2031-04-01',
      });
      expect(created.status).toBe(201);
      // The state as it may stand before the billing run: an open charge already past due included.
      await db().update(cobrancas).set({ status, duedate }).where(eq(cobrancas.id, created.body.id));
    }
    const rows = await db()
      .select({
        status: cobrancas.status,
        duedate: cobrancas.duedate,
        aberta: cobrancaAbertaSql(sql, cobrancas.status),
        passou: passouDoVencimentoSql(sql, cobrancas, TODAY),
        vencida: cobrancaVencidaSql(sql, cobrancas, TODAY),
      })
      .from(cobrancas)
      .where(eq(cobrancas.idcliente, cliente.id))
      .orderBy(asc(cobrancas.id));
    expect(rows.map(({ status, duedate }) => ({ status, duedate }))).toEqual(grid);
    for (const row of rows) {
      expect(row).toEqual({
        ...row,
        aberta: cobrancaAberta(row),
        passou: passouDoVencimento(row, TODAY),
        vencida: cobrancaVencida(row, TODAY),
      });
    }
    // The day boundary, spelled out: open and due today is not overdue; due yesterday is.
    const vencidas = rows.filter((row) => row.vencida === true).map(({ status, duedate }) => `${status}@${duedate}`);
    expect(vencidas.sort()).toEqual(['0@2031-03-14', '2@2031-03-14', '2@2031-03-15', '2@2031-03-16']);

    const rollup = await db()
      .select({
        status: cobrancasResumoDia.status,
        duedate: cobrancasResumoDia.duedate,
        vencida: cobrancaVencidaSql(sql, cobrancasResumoDia, TODAY),
      })
      .from(cobrancasResumoDia)
      .where(inArray(cobrancasResumoDia.duedate, DUEDATES));
    expect(rollup.length).toBeGreaterThanOrEqual(grid.length);
    for (const row of rollup) expect(row.vencida).toBe(cobrancaVencida(row, TODAY));
  });

  it('the client billing may move: its twin answers as its predicate for every status and reason', async () => {
    const shapes = Object.values(CLIENTE_STATUS).flatMap((status) => [null, 'staff', 'billing'].map((motivo) => ({ status, motivo })));
    const ids: number[] = [];
    for (const { status, motivo } of shapes) {
      const created = await env.admin.post('/v1/clientes', newCliente());
      expect(created.status).toBe(201);
      await db().update(clientes).set({ status, statusMotivo: motivo }).where(eq(clientes.id, created.body.id));
      ids.push(created.body.id);
    }
    const rows = await db()
      .select({
        status: clientes.status,
        motivo: clientes.statusMotivo,
        move: faturamentoMoveClienteSql(sql, { status: clientes.status, motivo: clientes.statusMotivo }),
      })
      .from(clientes)
      .where(inArray(clientes.id, ids))
      .orderBy(asc(clientes.id));
    expect(rows.map(({ status, motivo }) => ({ status, motivo }))).toEqual(shapes);
    for (const row of rows) expect(row.move).toBe(faturamentoMoveCliente(row));
    expect(rows.filter((row) => row.move === true).length).toBe(5);
  });
});
