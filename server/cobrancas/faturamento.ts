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
import { sql, type SQL } from 'drizzle-orm';
import { addDays, type CalendarDate } from '../../domain/calendar';
import { linhasDaCobranca, type Linha } from '../../domain/contratoItens';
import { addCycle, type Cycle } from '../../domain/financeiro';
import { faturamentoMoveClienteSql, passouDoVencimentoSql } from '../../domain/cobranca';
import { CLIENTE_STATUS } from '../../domain/constants';
import { rowsOf as rowsOfResult, type Db, type DbOrTx } from '../db/client';
import { ASSINATURA, CLIENTE, COBRANCA } from '../db/status-sql';
import { foldEndedSessions } from '../db/versions';
import { descontoEfetivoSql } from './formas';
import { getCompany, integrationActive } from '../regras/company';
import { lerItens } from './itens';
import { settleContracts, type ContratoChange } from './bloqueio';

/** Key of the advisory lock one billing run holds for its transaction. */
const BILLING_LOCK = 727_275;
/** A subscription years behind still catches up, but a runaway loop cannot spin for ever. */
const MAX_PERIODS_PER_RUN = 1000;

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

const rowsOf = async <T>(query: Promise<unknown>) => rowsOfResult<T>(await query);
/** The number of rows a writing statement touched, without sending them back. */
const countOf = async (tx: DbOrTx, statement: SQL) =>
  Number(
    (await rowsOf<{ n: number }>(tx.execute(sql`WITH changed AS (${statement} RETURNING 1) SELECT count(*)::int AS n FROM changed`)))[0].n,
  );

/** A client's status moved by billing: what it was and what it is. */
export interface ClientChange {
  id: number;
  status: number;
  previous: number;
}

/**
 * What follows a billing change, in the same transaction (cobrancas/effects.ts): the new charges'
 * alerts or gateway payments, the audit log and the Traccar user of a client blocked or unblocked.
 */
export interface BillingEffects {
  chargesCreated(tx: DbOrTx, ids: number[]): Promise<void>;
  clientsChanged(tx: DbOrTx, changes: ClientChange[]): Promise<void>;
  /** Contracts blocked or unblocked by billing (cobrancas/bloqueio.ts): audited, their Traccar jobs enqueued. */
  contratosChanged(tx: DbOrTx, changes: ContratoChange[]): Promise<void>;
}

/** `AND column IN (ids)`, or nothing when `ids` is absent. */
const onlyClients = (column: SQL, ids?: readonly number[]) =>
  ids ? sql`AND ${column} IN (${sql.join(ids.length ? ids.map((id) => sql`${id}`) : [sql`NULL`], sql`, `)})` : sql``;

/** The next due date one cycle after `date` (a SQL date), as domain/financeiro.ts `addCycle`. */
function nextDueSql(date: SQL, cycle: SQL): SQL {
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

/** How many linked subscriptions one statement bills at most (their items are read in one statement too). */
const LINKED_BATCH = 1000;

/**
 * (a) for subscriptions linked to a contract (DESIGN 11): each period's charge is its contract's
 * items' lines (domain/contratoItens.ts `linhasDaCobranca`: the period pro rata, the previous
 * period's adjustment against the previous charge's lines, a carried balance), summing to its
 * value, one charge per period (the same unique index). A batch of due subscriptions at a time:
 * their items and previous charges in one statement each, their charges in one insert.
 */
async function billLinkedSubscriptions(
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
