/**
 * A charge's and a client's state, one spelling each (issue 31): the browser and the server ask
 * these, and each predicate a query needs has its SQL twin beside it, tested to agree with it on
 * the same rows (tests/unit/cobranca.test.ts, tests/api/cobranca-estado.test.ts).
 *
 * The twins are written with the caller's SQL tag (drizzle's `sql`, which has `sql.raw`), so this
 * module needs no database library in the browser. Status codes go in as literals, as
 * server/db/status-sql.ts writes them: one statement text per shape, plans as before.
 */
import type { CalendarDate } from './calendar';
import { CLIENTE_STATUS, COBRANCA_STATUS } from './constants';

/** A tagged SQL template with raw text, as drizzle's `sql` is. */
export interface SqlTag<S> {
  (strings: TemplateStringsArray, ...values: unknown[]): S;
  raw(text: string): S;
}

interface ComStatus {
  status: number;
}
interface ComVencimento extends ComStatus {
  duedate: CalendarDate;
}

/** Open: neither received nor cancelled yet, Em Aberto or Vencida. */
export const cobrancaAberta = (c: ComStatus): boolean => c.status === COBRANCA_STATUS.EM_ABERTO || c.status === COBRANCA_STATUS.VENCIDA;

/** The client may still pay it (the payment page, PIX, boleto, the links in messages): while it is open. */
export const cobrancaPagavel = (c: ComStatus): boolean => cobrancaAberta(c);

/** Staff may still receive it by hand (Receber): while it is open; a received or cancelled one is refused. */
export const cobrancaRecebivel = (c: ComStatus): boolean => cobrancaAberta(c);

/**
 * Em Aberto past its due date: the billing run makes it Vencida (jobs/billing.ts, step b), and a
 * charge saved so is saved Vencida. Due today is not past due.
 */
export const passouDoVencimento = (c: ComVencimento, today: CalendarDate): boolean =>
  c.status === COBRANCA_STATUS.EM_ABERTO && c.duedate < today;

/** Overdue (DESIGN 7): Vencida, or Em Aberto past its due date (not yet settled by the billing run). */
export const cobrancaVencida = (c: ComVencimento, today: CalendarDate): boolean =>
  c.status === COBRANCA_STATUS.VENCIDA || passouDoVencimento(c, today);

/** The status an open charge has on `today`: Vencida once past its due date, else Em Aberto. */
export const statusAberta = (duedate: CalendarDate, today: CalendarDate): number =>
  duedate < today ? COBRANCA_STATUS.VENCIDA : COBRANCA_STATUS.EM_ABERTO;

/**
 * A client whose status billing may move (DESIGN 9, "manual block vs billing"): an active one, or
 * one billing itself made Vencido or Bloqueado; a status staff set stays.
 */
export const faturamentoMoveCliente = (c: { status: number; motivo: string | null }): boolean =>
  c.status === CLIENTE_STATUS.ATIVO || c.motivo === 'billing';

const code = <S>(sql: SqlTag<S>, value: number) => sql.raw(String(value));

/** `cobrancaAberta` in SQL, of a status column or expression. */
export const cobrancaAbertaSql = <S>(sql: SqlTag<S>, status: unknown): S =>
  sql`${status} IN (${code(sql, COBRANCA_STATUS.EM_ABERTO)}, ${code(sql, COBRANCA_STATUS.VENCIDA)})`;

/** `passouDoVencimento` in SQL; `today` a date or a placeholder, read as `::date`. */
export const passouDoVencimentoSql = <S>(sql: SqlTag<S>, c: { status: unknown; duedate: unknown }, today: unknown): S =>
  sql`${c.status} = ${code(sql, COBRANCA_STATUS.EM_ABERTO)} AND ${c.duedate} < ${today}::date`;

/** `cobrancaVencida` in SQL; `today` a date or a placeholder, read as `::date`. */
export const cobrancaVencidaSql = <S>(sql: SqlTag<S>, c: { status: unknown; duedate: unknown }, today: unknown): S =>
  sql`(${c.status} = ${code(sql, COBRANCA_STATUS.VENCIDA)} OR (${passouDoVencimentoSql(sql, c, today)}))`;

/** `faturamentoMoveCliente` in SQL, of a client's status and status_motivo columns (no reason: false, not null). */
export const faturamentoMoveClienteSql = <S>(sql: SqlTag<S>, c: { status: unknown; motivo: unknown }): S =>
  sql`(${c.status} = ${code(sql, CLIENTE_STATUS.ATIVO)} OR coalesce(${c.motivo}, '') = 'billing')`;
