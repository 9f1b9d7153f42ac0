/**
 * The billing job's SQL pieces (faturamento.ts and faturamento-itens.ts): reading rows, counting a
 * statement's changes, the clients filter and the next due date computed in SQL.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf as rowsOfResult, type DbOrTx } from '../db/client';

/** A subscription years behind still catches up, but a runaway loop cannot spin for ever. */
export const MAX_PERIODS_PER_RUN = 1000;

export const rowsOf = async <T>(query: Promise<unknown>) => rowsOfResult<T>(await query);
/** The number of rows a writing statement touched, without sending them back. */
export const countOf = async (tx: DbOrTx, statement: SQL) =>
  Number(
    (await rowsOf<{ n: number }>(tx.execute(sql`WITH changed AS (${statement} RETURNING 1) SELECT count(*)::int AS n FROM changed`)))[0].n,
  );

/** `AND column IN (ids)`, or nothing when `ids` is absent. */
export const onlyClients = (column: SQL, ids?: readonly number[]) =>
  ids ? sql`AND ${column} IN (${sql.join(ids.length ? ids.map((id) => sql`${id}`) : [sql`NULL`], sql`, `)})` : sql``;

/** The next due date one cycle after `date` (a SQL date), as domain/financeiro.ts `addCycle`. */
export function nextDueSql(date: SQL, cycle: SQL): SQL {
  const months = sql`(CASE ${cycle} WHEN 'BIMONTHLY' THEN 2 WHEN 'QUARTERLY' THEN 3 WHEN 'SEMIANNUALLY' THEN 6 WHEN 'YEARLY' THEN 12 ELSE 1 END)`;
  const monthStart = sql`date_trunc('month', ${date}::timestamp)`;
  return sql`(CASE ${cycle}
    WHEN 'WEEKLY' THEN ${date} + 7
    WHEN 'BIWEEKLY' THEN ${date} + 14
    ELSE CASE WHEN ${date} = (${monthStart} + interval '1 month' - interval '1 day')::date
      THEN (${monthStart} + make_interval(months => ${months} + 1) - interval '1 day')::date
      ELSE (${date}::timestamp + make_interval(months => ${months}))::date END
  END)`;
}
