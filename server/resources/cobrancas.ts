/**
 * Charges (SPEC 2.14, DESIGN sections 4, 5, 7 and 9). Both names of the dates are emitted
 * (dtcard/datecreated, vncdata/duedate); the list reply adds `Informacoes`, the six buckets of
 * DESIGN 7 for the same filters minus status, read in the page's snapshot (from the per-day
 * rollup of migration 0007, as is the total, when the list has only a due-date range and a
 * status); each item carries its client's name, document and contact, its payment page's link
 * from PUBLIC_URL (`linkPagamento`, null without it), and an overdue one its updated value (fine
 * and interest).
 * A charge set to 1 by staff is a payment (paymentDate today), and every change reconciles its
 * client's billing status at once, in the same transaction (cobrancas/faturamento.ts).
 */
import { and, eq, gte, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { NFSE_FILTROS } from '../../domain/nfse';
import { daysBetween, type CalendarDate } from '../../domain/calendar';
import { clienteDocumento, clienteNome } from '../../domain/clientes';
import { cobrancaVencida, cobrancaVencidaSql, passouDoVencimento } from '../../domain/cobranca';
import { COBRANCA_STATUS, valorAtualizado, type Informacoes } from '../../domain/financeiro';
import { MSG } from '../../domain/messages';
import { id } from '../../domain/schemas/common';
import { cobrancaSchema, dateFilter, type CobrancaInput } from '../../domain/schemas/financeiro';
import type { DbOrTx } from '../db/client';
import { assinaturas, clientes, cobrancas, cobrancasResumoDia } from '../db/schema';
import { COBRANCA } from '../db/status-sql';
import { defineResource, listFilters, STAFF_ACCESS, type Item } from './definition';
import { embed } from './embed';
import { pesquisaCondition, type ListParams } from './list-query';
import { appToday } from '../regras/clock';
import { cobrancaAlterada } from '../cobrancas/cobrancas';
import { linkPagamentoConfigurado } from '../regras/public-url';
import {
  assinaturaRatesColumns,
  clienteFinanceColumns,
  clienteSearch,
  companyRates,
  financeClient,
  financeFieldsOf,
} from '../cobrancas/finance';
import { presentDesconto } from '../cobrancas/formas';
import { presentNegativacao } from '../../domain/negativacao';

type CobrancaRow = typeof cobrancas.$inferSelect;

/** The subscription's rates apply to its charges; a one-off charge takes the company's. */
const assinaturaColumns = { id: assinaturas.id, ...assinaturaRatesColumns };

async function values(input: CobrancaInput, tx: DbOrTx, today: CalendarDate, existing?: CobrancaRow) {
  const client = await financeClient(tx, input.idcliente);
  // Received: paid today when it becomes so, the date kept while it stays so.
  const paymentDate =
    input.status !== COBRANCA_STATUS.RECEBIDA ? null : existing?.status === COBRANCA_STATUS.RECEBIDA ? existing.paymentDate : today;
  // An open charge already past due is overdue (DESIGN 7), as the billing job would make it.
  const status = passouDoVencimento(input, today) ? COBRANCA_STATUS.VENCIDA : input.status;
  // What the client pays changed: the gateway's PIX and boleto are read again (asaas/pagamento.ts).
  const payChanged = existing && (Number(existing.valor) !== input.valor || existing.duedate !== input.duedate);
  return {
    ...input,
    ...clienteSearch(client),
    status,
    valor: input.valor.toFixed(2),
    datecreated: input.datecreated ?? existing?.datecreated ?? today,
    paymentDate,
    // The amount and method received (routes/cobrancas.ts, the gateway) go when the charge is no longer
    // received; staff setting it received record it as theirs.
    ...(status !== COBRANCA_STATUS.RECEBIDA
      ? { valorPago: null, formaPagamento: null, recebidoPor: null }
      : existing?.status !== COBRANCA_STATUS.RECEBIDA
        ? { recebidoPor: 'equipe' }
        : {}),
    ...(payChanged ? { pix: null, boleto: null, pagamentoLidoEm: null } : {}),
  };
}

/** Where bucket figures come from: the charges themselves, or their per-day rollup (migration 0007). */
interface BucketSource {
  table: typeof cobrancas | typeof cobrancasResumoDia;
  status: SQL | typeof cobrancas.status;
  duedate: SQL | typeof cobrancas.duedate;
  qnt: SQL;
  valor: SQL;
}

const rowSource: BucketSource = {
  table: cobrancas,
  status: cobrancas.status,
  duedate: cobrancas.duedate,
  qnt: sql`1`,
  // A received charge counts what was received, as the rollups do (migration 0012).
  valor: sql`CASE WHEN ${cobrancas.status} = ${COBRANCA.RECEBIDA} THEN coalesce(${cobrancas.valorPago}, ${cobrancas.valor}) ELSE ${cobrancas.valor} END`,
};
const rollupSource: BucketSource = {
  table: cobrancasResumoDia,
  status: sql`${cobrancasResumoDia.status}`,
  duedate: sql`${cobrancasResumoDia.duedate}`,
  qnt: sql`${cobrancasResumoDia.qnt}`,
  valor: sql`${cobrancasResumoDia.valor}`,
};

const STATUSES = Object.values(COBRANCA_STATUS);
const BUCKET_NAMES = ['total', 'recebidas', 'canceladas', 'vencidas', 'vencehoje', 'avencer'] as const;

/**
 * The buckets of DESIGN 7 (`Informacoes`) and the count of each status, of the charges (or rollup
 * days) `where` selects, as one row: `q_{bucket}` and `v_{bucket}` (reais, numeric) and `s_{status}`.
 * `today` is a date or a placeholder.
 */
function bucketsSelect(source: BucketSource, where: SQL | undefined, today: SQL | CalendarDate) {
  const d = sql`${today}::date`;
  const { status, duedate } = source;
  const open = sql`${status} = ${COBRANCA.EM_ABERTO}`;
  const conditions: Record<(typeof BUCKET_NAMES)[number], SQL> = {
    total: sql`true`,
    recebidas: sql`${status} = ${COBRANCA.RECEBIDA}`,
    canceladas: sql`${status} = ${COBRANCA.CANCELADA}`,
    vencidas: cobrancaVencidaSql(sql, source, today),
    vencehoje: sql`(${open} AND ${duedate} = ${d})`,
    avencer: sql`(${open} AND ${duedate} > ${d})`,
  };
  const columns = [
    ...BUCKET_NAMES.flatMap((name) => [
      sql`coalesce(sum(${source.qnt}) FILTER (WHERE ${conditions[name]}), 0)::int AS ${sql.identifier(`q_${name}`)}`,
      sql`coalesce(sum(${source.valor}) FILTER (WHERE ${conditions[name]}), 0) AS ${sql.identifier(`v_${name}`)}`,
    ]),
    ...STATUSES.map(
      (value) =>
        sql`coalesce(sum(${source.qnt}) FILTER (WHERE ${status} = ${sql.raw(String(value))}), 0)::int AS ${sql.identifier(`s_${value}`)}`,
    ),
  ];
  return sql`SELECT ${sql.join(columns, sql`, `)} FROM ${source.table} ${where ? sql`WHERE ${where}` : sql``}`;
}

/** `Informacoes` as a JSON object, from the row of `bucketsSelect` named `b`. */
const informacoesJson = () => {
  const object = (prefix: string) =>
    sql`json_build_object(${sql.join(
      BUCKET_NAMES.map((name) => sql`${sql.raw(`'${name}'`)}, b.${sql.identifier(`${prefix}_${name}`)}`),
      sql`, `,
    )})`;
  return sql`json_build_object('valors', ${object('v')}, 'qnt', ${object('q')})`;
};

/** The same buckets, read now. */
async function buckets(db: DbOrTx, source: BucketSource, where: SQL | undefined, today: CalendarDate): Promise<Informacoes> {
  const result = (await db.execute(
    sql`SELECT ${informacoesJson()}::text AS informacoes FROM (${bucketsSelect(source, where, today)}) b`,
  )) as unknown as {
    rows: { informacoes: string }[];
  };
  return JSON.parse(result.rows[0].informacoes) as Informacoes;
}

/** The bucket sums (reais) and counts (DESIGN 7) of the charges `where` selects, on `today`, read from the charges. */
export const bucketsOf = (db: DbOrTx, where: SQL | undefined, today: CalendarDate) => buckets(db, rowSource, where, today);

/** A due-date range, either end optional. */
export interface DueRange {
  dataInicio?: CalendarDate;
  dataFim?: CalendarDate;
}

const rollupRange = ({ dataInicio, dataFim }: DueRange) =>
  and(dataInicio ? gte(cobrancasResumoDia.duedate, dataInicio) : undefined, dataFim ? lte(cobrancasResumoDia.duedate, dataFim) : undefined);

/** The same buckets for every charge due in `range`, from the per-day rollup: a few rows a day, whatever the charges. */
export const bucketsOfRange = (db: DbOrTx, range: DueRange, today: CalendarDate) => buckets(db, rollupSource, rollupRange(range), today);

/**
 * A list's total and `Informacoes` (the same filters minus status), as the JSON the page statement
 * reads beside its rows, in its snapshot (`listSummary`). With only a due-date range and a status
 * (no pesquisa, no client), both come from the per-day rollup: a few rows a day, whatever the
 * charges; otherwise from the charges the filters select. "Today" is the placeholder `today`.
 */
const TODAY = sql`${sql.placeholder('today')}`;
function summarySql(q: ListParams) {
  const rollup =
    pesquisaCondition(cobrancas.busca, q.pesquisa) === undefined &&
    q.idcliente === undefined &&
    q.nfse === undefined &&
    q.negativacao === undefined;
  const select = rollup
    ? bucketsSelect(rollupSource, rollupRange({ dataInicio: q.dataInicio as CalendarDate, dataFim: q.dataFim as CalendarDate }), TODAY)
    : bucketsSelect(rowSource, and(pesquisaCondition(cobrancas.busca, q.pesquisa, { placeholders: true }), ...filters.where(q)), TODAY);
  const total = q.status === undefined ? sql`b.q_total` : sql`b.${sql.identifier(`s_${Number(q.status)}`)}`;
  return sql`(SELECT json_build_object('total', ${total}, 'Informacoes', ${informacoesJson()})::text FROM (${select}) b)`;
}

/** Updated value and flat client fields of each item, for `today` and the company's default rates. */
async function presentCharges(items: Item[], db: DbOrTx) {
  const today = appToday();
  let defaults: { multa: number; jurosmensal: number } | undefined;
  for (const item of items) {
    // A row an INSERT or UPDATE returns has numeric columns as text (the parsers apply to reads).
    item.valor = Number(item.valor);
    item.valorPago = item.valorPago === null || item.valorPago === undefined ? null : Number(item.valorPago);
    const cliente = item.cliente as Record<string, string> | null;
    item.name = clienteNome(cliente);
    item.cpf = cliente?.cpf ?? '';
    item.cpfcnpj = clienteDocumento(cliente);
    item.email = cliente?.email ?? '';
    item.phone = cliente?.phone ?? '';
    item.mobilePhone = cliente?.mobilePhone ?? '';
    // The link staff copy is the one the messages carry (PUBLIC_URL), not the browser's address.
    item.linkPagamento = linkPagamentoConfigurado(item.token as string | null);
    // The early-payment discount it copied (DESIGN 11): { valor, valorComDesconto, ate } or null.
    presentDesconto(item);
    // Its negativação (DESIGN 11): { status, avisoEm, solicitadaEm, taxa, motivo, podeCancelar } or null.
    item.negativacao = presentNegativacao(item.negativacao);
    const overdue = cobrancaVencida({ status: Number(item.status), duedate: String(item.duedate) }, today);
    if (!overdue) {
      item.valorAtualizado = null;
      item.encargos = null;
      continue;
    }
    const assinatura = item.assinatura as { multa: number; jurosmensal: number } | null;
    const rates = assinatura
      ? { multa: Number(assinatura.multa), jurosmensal: Number(assinatura.jurosmensal) }
      : (defaults ??= await companyRates(db));
    const updated = valorAtualizado(Number(item.valor), rates, daysBetween(String(item.duedate), today));
    item.valorAtualizado = updated.total;
    item.encargos = {
      dias: updated.dias,
      multa: updated.multa,
      juros: updated.juros,
      taxaMulta: updated.taxas.multa,
      taxaJurosMensal: updated.taxas.jurosmensal,
    };
  }
}

const filters = listFilters(
  {
    idcliente: id(MSG.invalidCliente).optional(),
    dataInicio: dateFilter(),
    dataFim: dateFilter(),
    // The NFS-e (DESIGN 10): emitida, agendada, erro, or nenhuma (none, or cancelled).
    nfse: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.enum(NFSE_FILTROS, { error: 'Use emitida, agendada, erro ou nenhuma.' }).optional(),
    ),
    // With a negativação requested (1) or without (0) (DESIGN 11).
    negativacao: z.preprocess(
      (v) => (v === '' ? undefined : typeof v === 'number' ? String(v) : v),
      z.enum(['0', '1'], { error: 'Use 1 (com negativação) ou 0 (sem).' }).optional(),
    ),
  },
  (q) => [
    q.idcliente !== undefined ? eq(cobrancas.idcliente, q.idcliente) : undefined,
    q.dataInicio ? gte(cobrancas.duedate, q.dataInicio) : undefined,
    q.dataFim ? lte(cobrancas.duedate, q.dataFim) : undefined,
    q.nfse ? (q.nfse === 'nenhuma' ? isNull(cobrancas.nfseStatus) : eq(cobrancas.nfseStatus, q.nfse)) : undefined,
    q.negativacao === '1'
      ? isNotNull(cobrancas.negativacaoStatus)
      : q.negativacao === '0'
        ? isNull(cobrancas.negativacaoStatus)
        : undefined,
  ],
);

export const cobrancasResource = defineResource({
  name: 'cobrancas',
  table: cobrancas,
  access: STAFF_ACCESS,
  searchFields: (c) => [c.id, c.clienteNome, c.clienteDocumento, c.descricao],
  copia: { de: 'clientes', key: cobrancas.idcliente, busca: (c) => clienteSearch(financeFieldsOf(c)) },
  // PIX and boleto (a QR code image each) come with the charge's page only (GET /v1/cobrancas/{id}/pagamento).
  hiddenColumns: ['updatedAt', 'gatewayId', 'pix', 'boleto', 'pagamentoLidoEm', 'recebimentoDesfeitoEm', 'negativacaoStatus'],
  sortable: {
    id: cobrancas.id,
    duedate: cobrancas.duedate,
    vncdata: cobrancas.duedate,
    datecreated: cobrancas.datecreated,
    dtcard: cobrancas.datecreated,
    valor: cobrancas.valor,
    status: cobrancas.status,
  },
  status: { values: Object.values(COBRANCA_STATUS), where: (status) => eq(cobrancas.status, status) },
  filters,
  embeds: [
    // The client's wish not to be messaged travels with the charge: Enviar is disabled with the reason.
    embed('cliente', {
      table: clientes,
      key: cobrancas.idcliente,
      columns: { ...clienteFinanceColumns, naoEnviarMensagens: clientes.naoEnviarMensagens },
    }),
    embed('assinatura', { table: assinaturas, key: cobrancas.idassinatura, columns: assinaturaColumns }),
  ],
  aliases: { dtcard: 'datecreated', vncdata: 'duedate' },
  // Ids follow creation, and charges are created shortly before they fall due: the newest ids of a
  // range that reaches today are near the top of the primary key, which PostgreSQL walks down
  // (well under a millisecond for this month). A range that ended before today lies far below it
  // (132 ms for a month six months back, 1M charges): its page's ids come from
  // cobrancas_duedate_status_id_idx alone (13–20 ms, bench/README.md). That index does not hold the
  // ids first, so for this month PostgreSQL still prefers the primary key (an index led by status
  // made it sort the month's 24,000 open charges on every request, 7 ms, instead).
  tuning: {
    idOrder: (q) => (q.dataFim && String(q.dataFim) < appToday() ? sql`${cobrancas.id} + 0` : undefined),
    deferPage: true,
  },
  // The total and `Informacoes` come with the page, in its statement (summarySql).
  listSummary: { sql: summarySql, params: () => ({ today: appToday() }) },
  // Buckets and updated values change with the day, and with the company's default rates: their table's
  // version is part of a reused reply's key (migration 0007), so a cache hit reads nothing more.
  listVariant: () => appToday(),
  listTables: ['company_settings'],
  present: (items, ctx) => presentCharges(items, ctx.db),
  create: {
    schema: cobrancaSchema,
    prepare: (input: CobrancaInput, _ctx, tx) => values(input, tx, appToday()),
    // What follows (the client's status, the alert or the gateway payment) is the owner's (cobrancas/cobrancas.ts).
    after: (saved, _input, ctx, tx) => cobrancaAlterada(tx, null, saved, ctx.effects, 'equipe'),
  },
  update: {
    schema: cobrancaSchema,
    prepare: (input: CobrancaInput, existing, _ctx, tx) => values(input, tx, appToday(), existing),
    // A payment, a cancellation or a new due date settles the client now, not at the next run.
    after: (saved, existing, ctx, tx) => cobrancaAlterada(tx, existing, saved, ctx.effects, 'equipe'),
  },
  remove: {
    // Its gateway payment goes too.
    after: (removed, ctx, tx) => cobrancaAlterada(tx, removed, null, ctx.effects, 'equipe'),
  },
});
