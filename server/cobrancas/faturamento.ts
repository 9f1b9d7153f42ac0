/**
 * The daily billing job (DESIGN 7 and 9), pure on its clock: `runBilling(db, { today })` moves the
 * data toward the state that date calls for, in one transaction, under a database lock, so one
 * process runs it even when several share a PostgreSQL; running it twice changes nothing the
 * second time. Every step is one set-based statement:
 * (a) active subscriptions produce their charge `emaberto` days before `nextduedate` (one per
 *     period: the unique (idassinatura, duedate) index) and advance `nextduedate` by their cycle,
 *     period after period while behind; past `enddate` they end (status 2, Vencida: their term is over);
 * (b) open charges past due become 2 (Vencida);
 * (c) a client with an overdue charge becomes 2 (Vencido), and 1 (Bloqueado) `bloqueio` days after
 *     its oldest overdue due date; a client with nothing overdue returns to 0. Only statuses the
 *     job set itself move (statusMotivo 'billing'); a staff block stays. Charges listed in the
 *     client's billingOverride (staff lifted a billing block) do not count; a new overdue one does.
 * `reconcileClients` is step (b) and (c) for some clients: a charge paid, cancelled or changed by
 * staff reconciles its client at once, in the same transaction.
 */
import { sql } from 'drizzle-orm';
import { addDays, type CalendarDate } from '../../domain/calendar';
import { faturamentoMoveClienteSql, passouDoVencimentoSql } from '../../domain/cobranca';
import { CLIENTE_STATUS } from '../../domain/constants';
import type { Db, DbOrTx } from '../db/client';
import { ASSINATURA, CLIENTE, COBRANCA } from '../db/status-sql';
import { foldEndedSessions } from '../db/versions';
import { descontoEfetivoSql } from './formas';
import { getCompany, integrationActive } from '../regras/company';
import { billLinkedSubscriptions } from './faturamento-itens';
import { countOf, MAX_PERIODS_PER_RUN, nextDueSql, onlyClients, rowsOf } from './faturamento-sql';
import { settleContracts } from './bloqueio';
import type { BillingEffects, ClientChange } from './effects';

/** Key of the advisory lock one billing run holds for its transaction. */
const BILLING_LOCK = 727_275;

export interface BillingCounts {
  /** Another process held the lock: this run did nothing. */
  skipped: boolean;
  today: CalendarDate;
  /** Charges created from subscriptions. */
  cobrancasGeradas: number;
  /** Subscriptions whose next due date moved (once per period). */
  periodosAvancados: number;
  /** Subscriptions past their end date, set to 2. */
  assinaturasEncerradas: number;
  /** Open charges past due, set to 2. */
  cobrancasVencidas: number;
  /** Clients whose status changed, by the status they got. */
  clientesAtivos: number;
  clientesVencidos: number;
  clientesBloqueados: number;
  /** Contracts blocked and unblocked by their linked subscription's charges (bloqueio.ts). */
  contratosBloqueados: number;
  contratosDesbloqueados: number;
}

export type { ClientChange };

/**
 * (a) One period of every subscription due within `emaberto` days: its charge, and the next due date.
 * With the gateway active, a subscription it holds (gateway_id) is billed by the gateway: its
 * charges arrive by PAYMENT_CREATED (asaas/sync.ts); but one debited by an active Pix Automático
 * is billed here (its Asaas subscription is INACTIVE), each charge's payment made with the
 * authorization (DESIGN 11).
 */
async function billSubscriptions(tx: DbOrTx, today: CalendarDate, emaberto: number, gatewayBills = false, ids?: readonly number[]) {
  const limit = addDays(today, emaberto);
  const charges: number[] = [];
  let periods = 0;
  for (let round = 0; round < MAX_PERIODS_PER_RUN; round++) {
    const [row] = await rowsOf<{ charges: number[] | null; periods: number }>(
      tx.execute(sql`
        WITH due AS (
          SELECT id FROM assinaturas
          WHERE status = ${ASSINATURA.ATIVA} AND nextduedate <= ${limit}::date AND (enddate IS NULL OR nextduedate <= enddate)
            AND idcontrato IS NULL -- a linked one is billed by its items (billLinkedSubscriptions)
            ${gatewayBills ? sql`AND (gateway_id IS NULL OR (forma_cobranca = 'pix_automatico' AND pix_automatico->>'status' = 'ativa'))` : sql``} ${onlyClients(sql`id`, ids)}
        ), created AS (
          INSERT INTO cobrancas (id, idcard, idcliente, idassinatura, descricao, valor, duedate, datecreated, status, busca, desconto)
          SELECT n.id, n.idcard, n.idcliente, n.assinatura, n.description, n.valor, n.nextduedate, ${today}::date, ${COBRANCA.EM_ABERTO},
                 -- the subscription's search text (its id, client, document, description) with the charge's id
                 n.id || ' ' || regexp_replace(n.busca, '^[0-9]+ ?', ''),
                 n.desconto
          FROM (
            -- nextval in the select list: one new id per row; the discount its own or its plan's (cobrancas/formas.ts)
            SELECT nextval(pg_get_serial_sequence('cobrancas', 'id')) AS id, a.id AS assinatura, a.idcard, a.idcliente,
                   a.description, a.valor, a.nextduedate, a.busca, ${descontoEfetivoSql(sql`a`)} AS desconto
            FROM assinaturas a JOIN due ON due.id = a.id
          ) n
          ON CONFLICT (idassinatura, duedate) WHERE idassinatura IS NOT NULL DO NOTHING
          RETURNING id
        ), advanced AS (
          UPDATE assinaturas a SET nextduedate = ${nextDueSql(sql`a.nextduedate`, sql`a.cycle`)}, updated_at = now()
          FROM due WHERE a.id = due.id
          RETURNING 1
        )
        SELECT (SELECT array_agg(id) FROM created) AS charges, (SELECT count(*) FROM advanced)::int AS periods
      `),
    );
    for (const id of row.charges ?? []) charges.push(Number(id));
    periods += row.periods;
    if (row.periods === 0) break;
  }
  const linked = await billLinkedSubscriptions(tx, today, limit, gatewayBills, ids);
  charges.push(...linked.charges);
  periods += linked.periods;
  const ended = await countOf(
    tx,
    sql`UPDATE assinaturas SET status = ${ASSINATURA.VENCIDA}, updated_at = now() WHERE status = ${ASSINATURA.ATIVA} AND enddate IS NOT NULL AND nextduedate > enddate ${onlyClients(sql`id`, ids)}`,
  );
  return { charges, periods, ended };
}

/** (b) Open charges past due become 2 (Vencida). */
async function markOverdue(tx: DbOrTx, today: CalendarDate, clientIds?: readonly number[]) {
  const pastDue = passouDoVencimentoSql(sql, { status: sql`status`, duedate: sql`duedate` }, today);
  return countOf(
    tx,
    sql`UPDATE cobrancas SET status = ${COBRANCA.VENCIDA}, updated_at = now() WHERE ${pastDue} ${onlyClients(sql`idcliente`, clientIds)}`,
  );
}

/**
 * (c) Each client billing may move gets the status its overdue charges call for. Charges of a
 * linked subscription block their contract (bloqueio.ts) and count for the client's own block only
 * when every contract holding vehicles is blocked (DESIGN 11: then it is Bloqueado as today).
 */
async function settleClients(tx: DbOrTx, today: CalendarDate, bloqueio: number, clientIds?: readonly number[]) {
  const changed = await rowsOf<{ id: number; status: number; previous: number }>(
    tx.execute(sql`
      WITH overdue AS (
        SELECT c.idcliente,
               min(c.duedate) FILTER (WHERE NOT k.billing_override @> to_jsonb(c.id)) AS oldest_any,
               min(c.duedate) FILTER (WHERE NOT k.billing_override @> to_jsonb(c.id) AND a.idcontrato IS NULL) AS oldest
        FROM cobrancas c JOIN clientes k ON k.id = c.idcliente LEFT JOIN assinaturas a ON a.id = c.idassinatura
        WHERE c.status = ${COBRANCA.VENCIDA} ${onlyClients(sql`c.idcliente`, clientIds)}
        GROUP BY c.idcliente
      ), contracts AS (
        -- a client whose every contract holding vehicles is blocked: its total block
        SELECT k.idcliente, bool_and(k.bloqueio IS NOT NULL) AS todos
        FROM contratos k JOIN overdue o ON o.idcliente = k.idcliente
        WHERE EXISTS (SELECT 1 FROM contratos_itens i WHERE i.idcontrato = k.id AND i.tipo = 'veiculo' AND i.status <> 'cancelado')
        GROUP BY k.idcliente
      ), wanted AS (
        SELECT k.id,
               CASE WHEN o.oldest_any IS NULL THEN ${CLIENTE.ATIVO}
                    WHEN ${today}::date - o.oldest >= ${bloqueio} OR coalesce(t.todos, false) THEN ${CLIENTE.BLOQUEADO}
                    ELSE ${CLIENTE.VENCIDO} END AS status,
               o.idcliente IS NOT NULL AS has_overdue
        FROM clientes k LEFT JOIN overdue o ON o.idcliente = k.id LEFT JOIN contracts t ON t.idcliente = k.id
        -- a client billing may move: active, or in a status billing set; a staff block stays
        WHERE ${faturamentoMoveClienteSql(sql, { status: sql`k.status`, motivo: sql`k.status_motivo` })} ${onlyClients(sql`k.id`, clientIds)}
      )
      UPDATE clientes k
      SET status = w.status,
          status_motivo = CASE WHEN w.status = ${CLIENTE.ATIVO} THEN NULL ELSE 'billing' END,
          billing_override = CASE WHEN w.has_overdue THEN k.billing_override ELSE '[]'::jsonb END,
          updated_at = now()
      FROM wanted w JOIN clientes before ON before.id = w.id
      WHERE w.id = k.id
        AND (k.status <> w.status OR (NOT w.has_overdue AND k.billing_override <> '[]'::jsonb))
      RETURNING k.id, k.status, before.status AS previous
    `),
  );
  const moved = changed
    .map((row) => ({ id: Number(row.id), status: Number(row.status), previous: Number(row.previous) }))
    .filter((row) => row.status !== row.previous);
  const count = (status: number) => moved.filter((row) => row.status === status).length;
  return {
    ativos: count(CLIENTE_STATUS.ATIVO),
    bloqueados: count(CLIENTE_STATUS.BLOQUEADO),
    vencidos: count(CLIENTE_STATUS.VENCIDO),
    moved,
  };
}

async function billingSettings(tx: DbOrTx) {
  const company = await getCompany(tx);
  const { notificacoes } = company.integrations;
  return {
    emaberto: Number(notificacoes.emaberto ?? 5),
    bloqueio: Number(notificacoes.bloqueio ?? 5),
    gatewayBills: integrationActive(company, 'gateway'),
  };
}

/** Steps (b) and (c) for these clients, in the caller's transaction (a charge paid, cancelled or changed). */
export async function reconcileClients(tx: DbOrTx, today: CalendarDate, clientIds: readonly number[], effects?: BillingEffects) {
  const ids = [...new Set(clientIds.filter((id) => id > 0))];
  if (!ids.length) return;
  const { bloqueio } = await billingSettings(tx);
  await markOverdue(tx, today, ids);
  const contracts = await settleContracts(tx, today, bloqueio, ids);
  if (effects && contracts.length) await effects.contratosChanged(tx, contracts);
  const { moved } = await settleClients(tx, today, bloqueio, ids);
  if (effects && moved.length) await effects.clientsChanged(tx, moved);
}

/**
 * Step (a) for one subscription just saved, in the caller's transaction: without the gateway, the
 * periods due within `emaberto` days get their charges now, so the screen shows the first charge
 * at once instead of at the next run. Returns the charges created, and whether the gateway bills
 * the subscription instead.
 */
export async function billSubscriptionNow(
  tx: DbOrTx,
  today: CalendarDate,
  id: number,
  effects?: BillingEffects,
): Promise<{ charges: number[]; gatewayBills: boolean }> {
  const { emaberto, gatewayBills } = await billingSettings(tx);
  if (gatewayBills) return { charges: [], gatewayBills };
  const { charges } = await billSubscriptions(tx, today, emaberto, false, [id]);
  if (effects && charges.length) await effects.chargesCreated(tx, charges);
  return { charges, gatewayBills };
}

/** One run of the daily job for `today`. */
export async function runBilling(db: Db, { today, effects }: { today: CalendarDate; effects?: BillingEffects }): Promise<BillingCounts> {
  return db.transaction(async (tx) => {
    const [{ locked }] = await rowsOf<{ locked: boolean }>(tx.execute(sql`SELECT pg_try_advisory_xact_lock(${BILLING_LOCK}) AS locked`));
    const counts: BillingCounts = {
      skipped: !locked,
      today,
      cobrancasGeradas: 0,
      periodosAvancados: 0,
      assinaturasEncerradas: 0,
      cobrancasVencidas: 0,
      clientesAtivos: 0,
      clientesVencidos: 0,
      clientesBloqueados: 0,
      contratosBloqueados: 0,
      contratosDesbloqueados: 0,
    };
    if (!locked) return counts;
    // The version and rollup rows of ended sessions go into session 0 (db/versions.ts).
    await foldEndedSessions(tx);
    const { emaberto, bloqueio, gatewayBills } = await billingSettings(tx);
    const subscriptions = await billSubscriptions(tx, today, emaberto, gatewayBills);
    counts.cobrancasGeradas = subscriptions.charges.length;
    if (effects && subscriptions.charges.length) await effects.chargesCreated(tx, subscriptions.charges);
    counts.periodosAvancados = subscriptions.periods;
    counts.assinaturasEncerradas = subscriptions.ended;
    counts.cobrancasVencidas = await markOverdue(tx, today);
    const contracts = await settleContracts(tx, today, bloqueio);
    counts.contratosBloqueados = contracts.filter((c) => c.bloqueio).length;
    counts.contratosDesbloqueados = contracts.length - counts.contratosBloqueados;
    if (effects && contracts.length) await effects.contratosChanged(tx, contracts);
    const clients = await settleClients(tx, today, bloqueio);
    counts.clientesAtivos = clients.ativos;
    counts.clientesVencidos = clients.vencidos;
    counts.clientesBloqueados = clients.bloqueados;
    if (effects && clients.moved.length) await effects.clientsChanged(tx, clients.moved);
    return counts;
  });
}

/** Whether a run changed anything. */
export const changedAnything = (counts: BillingCounts) =>
  counts.cobrancasGeradas +
    counts.periodosAvancados +
    counts.assinaturasEncerradas +
    counts.cobrancasVencidas +
    counts.clientesAtivos +
    counts.clientesVencidos +
    counts.clientesBloqueados +
    counts.contratosBloqueados +
    counts.contratosDesbloqueados >
  0;
