/**
 * Step (a) of the billing job for subscriptions linked to a contract (DESIGN 11): their charges
 * made of the contract's items' lines (faturamento.ts runs it beside the unlinked ones).
 */
import { sql } from 'drizzle-orm';
import type { CalendarDate } from '../../domain/calendar';
import { linhasDaCobranca, type Linha } from '../../domain/contratoItens';
import { addCycle, type Cycle } from '../../domain/financeiro';
import type { DbOrTx } from '../db/client';
import { ASSINATURA, COBRANCA } from '../db/status-sql';
import { MAX_PERIODS_PER_RUN, nextDueSql, onlyClients, rowsOf } from './faturamento-sql';
import { lerItens } from './itens';

/** How many linked subscriptions one statement bills at most (their items are read in one statement too). */
const LINKED_BATCH = 1000;

/**
 * (a) for subscriptions linked to a contract (DESIGN 11): each period's charge is its contract's
 * items' lines (domain/contratoItens.ts `linhasDaCobranca`: the period pro rata, the previous
 * period's adjustment against the previous charge's lines, a carried balance), summing to its
 * value, one charge per period (the same unique index). A batch of due subscriptions at a time:
 * their items and previous charges in one statement each, their charges in one insert.
 */
export async function billLinkedSubscriptions(
  tx: DbOrTx,
  today: CalendarDate,
  limit: CalendarDate,
  gatewayBills: boolean,
  ids?: readonly number[],
) {
  const charges: number[] = [];
  let periods = 0;
  for (let round = 0; round < MAX_PERIODS_PER_RUN; round++) {
    const due = await rowsOf<{
      id: number;
      idcontrato: number;
      idcard: number;
      idcliente: number;
      description: string;
      nextduedate: string;
      cycle: Cycle;
      busca: string;
    }>(
      tx.execute(sql`
        SELECT id, idcontrato, idcard, idcliente, description, nextduedate::text AS nextduedate, cycle, busca FROM assinaturas
        WHERE status = ${ASSINATURA.ATIVA} AND idcontrato IS NOT NULL AND nextduedate <= ${limit}::date
          AND (enddate IS NULL OR nextduedate <= enddate)
          ${gatewayBills ? sql`AND gateway_id IS NULL` : sql``} ${onlyClients(sql`id`, ids)}
        ORDER BY id LIMIT ${LINKED_BATCH} FOR UPDATE
      `),
    );
    if (!due.length) break;
    const subscriptionIds = due.map((a) => Number(a.id));
    // One statement at a time: a transaction's connection runs one query at once.
    const itens = await lerItens(
      tx,
      due.map((a) => Number(a.idcontrato)),
    );
    const previous = await rowsOf<{ idassinatura: number; duedate: string; itens: Linha[] | null }>(
      tx.execute(sql`
        SELECT DISTINCT ON (c.idassinatura) c.idassinatura, c.duedate::text AS duedate, c.itens
        FROM cobrancas c JOIN assinaturas a ON a.id = c.idassinatura
        WHERE c.idassinatura IN (${sql.join(
          subscriptionIds.map((id) => sql`${id}`),
          sql`, `,
        )}) AND c.duedate < a.nextduedate
        ORDER BY c.idassinatura, c.duedate DESC
      `),
    );
    const previousOf = new Map(previous.map((p) => [Number(p.idassinatura), p]));
    const rows = due.map((a) => {
      const anterior = previousOf.get(Number(a.id));
      const { linhas, valor } = linhasDaCobranca({
        duedate: a.nextduedate,
        cycle: a.cycle,
        itens: itens.get(Number(a.idcontrato)) ?? [],
        // the previous period's charge only (a gap is not an adjustment)
        anterior:
          anterior?.itens && addCycle(anterior.duedate, a.cycle) === a.nextduedate
            ? { duedate: anterior.duedate, linhas: anterior.itens }
            : null,
      });
      // A period with no line (no active item, nothing to adjust or carry) makes no charge of R$ 0,00.
      return sql`(${Number(a.id)}::int, ${Number(a.idcard)}::int, ${Number(a.idcliente)}::int, ${a.description}::text, ${valor.toFixed(2)}::numeric,
        ${a.nextduedate}::date, ${JSON.stringify(linhas)}::jsonb, ${a.busca}::text, ${linhas.length > 0}::boolean)`;
    });
    const [row] = await rowsOf<{ charges: number[] | null; periods: number }>(
      tx.execute(sql`
        WITH novas (assinatura, idcard, idcliente, description, valor, duedate, itens, busca, cobrar) AS (VALUES ${sql.join(rows, sql`, `)}),
        created AS (
          INSERT INTO cobrancas (id, idcard, idcliente, idassinatura, descricao, valor, duedate, datecreated, status, itens, busca)
          SELECT n.id, n.idcard, n.idcliente, n.assinatura, n.description, n.valor, n.duedate, ${today}::date, ${COBRANCA.EM_ABERTO}, n.itens,
                 n.id || ' ' || regexp_replace(n.busca, '^[0-9]+ ?', '')
          FROM (SELECT nextval(pg_get_serial_sequence('cobrancas', 'id')) AS id, novas.* FROM novas WHERE cobrar) n
          ON CONFLICT (idassinatura, duedate) WHERE idassinatura IS NOT NULL DO NOTHING
          RETURNING id
        ), advanced AS (
          UPDATE assinaturas a SET nextduedate = ${nextDueSql(sql`a.nextduedate`, sql`a.cycle`)}, updated_at = now()
          FROM novas WHERE a.id = novas.assinatura
          RETURNING a.idcontrato, a.nextduedate
        ), contracts AS (
          UPDATE contratos k SET proxima_cobranca = advanced.nextduedate FROM advanced WHERE k.id = advanced.idcontrato
          RETURNING 1
        )
        SELECT (SELECT array_agg(id) FROM created) AS charges, (SELECT count(*) FROM advanced)::int AS periods,
               (SELECT count(*) FROM contracts)::int AS contracts
      `),
    );
    for (const id of row.charges ?? []) charges.push(Number(id));
    periods += row.periods;
  }
  return { charges, periods };
}
