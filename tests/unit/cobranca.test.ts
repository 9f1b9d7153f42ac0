/**
 * A charge's and a client's state, one spelling each (domain/cobranca.ts, issue 31): the
 * predicates on every status and around the due date, and the SQL their twins write. That the
 * twins agree with them on rows in the database: tests/api/cobranca-estado.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  cobrancaAberta,
  cobrancaAbertaSql,
  cobrancaPagavel,
  cobrancaRecebivel,
  cobrancaVencida,
  cobrancaVencidaSql,
  faturamentoMoveCliente,
  faturamentoMoveClienteSql,
  passouDoVencimento,
  passouDoVencimentoSql,
  statusAberta,
  type SqlTag,
} from '../../domain/cobranca';
import { CLIENTE_STATUS, COBRANCA_STATUS } from '../../domain/constants';

const { EM_ABERTO, RECEBIDA, VENCIDA, CANCELADA } = COBRANCA_STATUS;
const TODAY = '2030-06-15';
const [YESTERDAY, TOMORROW] = ['2030-06-14', '2030-06-16'];

/** An SQL tag that writes text: values as they are, raw text as it is. */
const text = Object.assign((strings: TemplateStringsArray, ...values: unknown[]) => String.raw({ raw: strings }, ...values), {
  raw: (value: string) => value,
}) satisfies SqlTag<string>;

describe('charge state predicates', () => {
  it('open, payable and receivable: Em Aberto and Vencida, never Recebida or Cancelada', () => {
    for (const status of [EM_ABERTO, VENCIDA]) {
      expect(cobrancaAberta({ status })).toBe(true);
      expect(cobrancaPagavel({ status })).toBe(true);
      expect(cobrancaRecebivel({ status })).toBe(true);
    }
    for (const status of [RECEBIDA, CANCELADA]) {
      expect(cobrancaAberta({ status })).toBe(false);
      expect(cobrancaPagavel({ status })).toBe(false);
      expect(cobrancaRecebivel({ status })).toBe(false);
    }
  });

  it('overdue: Vencida whatever its date, Em Aberto only from the day after its due date (due today is not overdue)', () => {
    const overdue = (status: number, duedate: string) => cobrancaVencida({ status, duedate }, TODAY);
    expect([YESTERDAY, TODAY, TOMORROW].map((duedate) => overdue(EM_ABERTO, duedate))).toEqual([true, false, false]);
    expect([YESTERDAY, TODAY, TOMORROW].map((duedate) => overdue(VENCIDA, duedate))).toEqual([true, true, true]);
    for (const status of [RECEBIDA, CANCELADA])
      expect([YESTERDAY, TODAY].map((duedate) => overdue(status, duedate))).toEqual([false, false]);
  });

  it('past due is Em Aberto after its due date (what billing makes Vencida); an open charge saved on a day takes that status', () => {
    expect(passouDoVencimento({ status: EM_ABERTO, duedate: YESTERDAY }, TODAY)).toBe(true);
    expect(passouDoVencimento({ status: EM_ABERTO, duedate: TODAY }, TODAY)).toBe(false);
    expect(passouDoVencimento({ status: VENCIDA, duedate: YESTERDAY }, TODAY)).toBe(false);
    expect(passouDoVencimento({ status: RECEBIDA, duedate: YESTERDAY }, TODAY)).toBe(false);
    expect([YESTERDAY, TODAY, TOMORROW].map((duedate) => statusAberta(duedate, TODAY))).toEqual([VENCIDA, EM_ABERTO, EM_ABERTO]);
  });

  it('billing moves an active client or one it moved itself, never a status staff set', () => {
    expect(faturamentoMoveCliente({ status: CLIENTE_STATUS.ATIVO, motivo: null })).toBe(true);
    expect(faturamentoMoveCliente({ status: CLIENTE_STATUS.VENCIDO, motivo: 'billing' })).toBe(true);
    expect(faturamentoMoveCliente({ status: CLIENTE_STATUS.BLOQUEADO, motivo: 'billing' })).toBe(true);
    expect(faturamentoMoveCliente({ status: CLIENTE_STATUS.BLOQUEADO, motivo: 'staff' })).toBe(false);
    expect(faturamentoMoveCliente({ status: CLIENTE_STATUS.VENCIDO, motivo: null })).toBe(false);
  });

  it('the SQL twins write the status codes as literals, and today as a date', () => {
    expect(cobrancaAbertaSql(text, 'c.status')).toBe('c.status IN (0, 2)');
    expect(passouDoVencimentoSql(text, { status: 'status', duedate: 'duedate' }, '$1')).toBe('status = 0 AND duedate < $1::date');
    expect(cobrancaVencidaSql(text, { status: 'status', duedate: 'duedate' }, '$1')).toBe(
      '(status = 2 OR (status = 0 AND duedate < $1::date))',
    );
    expect(faturamentoMoveClienteSql(text, { status: 'k.status', motivo: 'k.status_motivo' })).toBe(
      "(k.status = 0 OR coalesce(k.status_motivo, '') = 'billing')",
    );
  });
});
