/**
 * Charges (SPEC 2.14, DESIGN sections 4, 5, 7 and 9). Both names of the dates are emitted
 * (dtcard/datecreated, vncdata/duedate); the list reply adds `Informacoes`, the six buckets of
 * DESIGN 7 for the same filters minus status, read in the page's snapshot; each item carries its
 * client's name, document and contact, and an overdue one its updated value (fine and interest).
 * A charge set to 1 by staff is a payment (paymentDate today), and every change reconciles its
 * client's billing status at once, in the same transaction (jobs/billing.ts).
 */
import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { daysBetween, type CalendarDate } from '../../domain/calendar';
import { clienteDocumento, clienteNome } from '../../domain/clientes';
import { COBRANCA_STATUS, valorAtualizado, type Informacoes } from '../../domain/financeiro';
import { MSG } from '../../domain/messages';
import { id } from '../../domain/schemas/common';
import { cobrancaSchema, dateFilter, type CobrancaInput } from '../../domain/schemas/financeiro';
import type { DbOrTx } from '../db/client';
import { assinaturas, clientes, cobrancas } from '../db/schema';
import { defineResource, STAFF_ACCESS, type Item } from '../resources/definition';
import { embed } from '../resources/embed';
import { pesquisaCondition, type ListParams } from '../resources/list-query';
import { reconcileClients } from '../jobs/billing';
import { appToday } from '../services/clock';
import { clienteSearch, companyRates, financeClient } from '../services/finance';

type CobrancaRow = typeof cobrancas.$inferSelect;

/** What a charge shows of its client: who, the document, the contact. */
const clienteColumns = {
  id: clientes.id,
  cadastro: clientes.cadastro,
  name: clientes.name,
  razaosocial: clientes.razaosocial,
  cpf: clientes.cpf,
  cnpj: clientes.cnpj,
  email: clientes.email,
  phone: clientes.phone,
  mobilePhone: clientes.mobilePhone,
};

/** The subscription's rates apply to its charges; a one-off charge takes the company's. */
const assinaturaColumns = { id: assinaturas.id, multa: assinaturas.multa, jurosmensal: assinaturas.jurosmensal };

async function values(input: CobrancaInput, tx: DbOrTx, today: CalendarDate, existing?: CobrancaRow) {
  const client = await financeClient(tx, input.idcliente);
  // Received: paid today when it becomes so, the date kept while it stays so.
  const paymentDate =
    input.status !== COBRANCA_STATUS.RECEBIDA ? null : existing?.status === COBRANCA_STATUS.RECEBIDA ? existing.paymentDate : today;
  // An open charge already past due is overdue (DESIGN 7), as the billing job would make it.
  const status = input.status === COBRANCA_STATUS.EM_ABERTO && input.duedate < today ? COBRANCA_STATUS.VENCIDA : input.status;
  return {
    ...input,
    ...clienteSearch(client),
    status,
    valor: input.valor.toFixed(2),
    datecreated: input.datecreated ?? existing?.datecreated ?? today,
    paymentDate,
  };
}

/** The bucket sums (reais) and counts (DESIGN 7) of the charges `where` selects, on `today`. */
export async function bucketsOf(db: DbOrTx, where: SQL | undefined, today: CalendarDate): Promise<Informacoes> {
  const d = sql`${today}::date`;
  const open = sql`${cobrancas.status} = 0`;
  const buckets = {
    total: sql`true`,
    recebidas: sql`${cobrancas.status} = 1`,
    canceladas: sql`${cobrancas.status} = 3`,
    vencidas: sql`(${cobrancas.status} = 2 OR (${open} AND ${cobrancas.duedate} < ${d}))`,
    vencehoje: sql`(${open} AND ${cobrancas.duedate} = ${d})`,
    avencer: sql`(${open} AND ${cobrancas.duedate} > ${d})`,
  };
  const columns = Object.entries(buckets).flatMap(([name, condition]) => [
    sql`count(*) FILTER (WHERE ${condition})::int AS ${sql.identifier(`q_${name}`)}`,
    sql`coalesce(sum(${cobrancas.valor}) FILTER (WHERE ${condition}), 0)::text AS ${sql.identifier(`v_${name}`)}`,
  ]);
  const result = (await db.execute(
    sql`SELECT ${sql.join(columns, sql`, `)} FROM ${cobrancas} ${where ? sql`WHERE ${where}` : sql``}`,
  )) as unknown as { rows: Record<string, string | number>[] };
  const [row] = result.rows;
  const figures = (prefix: string) =>
    Object.fromEntries(Object.keys(buckets).map((name) => [name, Number(row[`${prefix}_${name}`])])) as Informacoes['valors'];
  return { valors: figures('v'), qnt: figures('q') };
}

/** Updated value and flat client fields of each item, for `today` and the company's default rates. */
async function presentCharges(items: Item[], db: DbOrTx) {
  const today = appToday();
  let defaults: { multa: number; jurosmensal: number } | undefined;
  for (const item of items) {
    // A row an INSERT or UPDATE returns has numeric columns as text (the parsers apply to reads).
    item.valor = Number(item.valor);
    const cliente = item.cliente as Record<string, string> | null;
    item.name = clienteNome(cliente);
    item.cpf = cliente?.cpf ?? '';
    item.cpfcnpj = clienteDocumento(cliente);
    item.email = cliente?.email ?? '';
    item.phone = cliente?.phone ?? '';
    item.mobilePhone = cliente?.mobilePhone ?? '';
    const overdue = item.status === COBRANCA_STATUS.VENCIDA || (item.status === COBRANCA_STATUS.EM_ABERTO && String(item.duedate) < today);
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

const filters = {
  shape: { idcliente: id(MSG.invalidCliente).optional(), dataInicio: dateFilter(), dataFim: dateFilter() },
  where: (q: ListParams) => [
    q.idcliente !== undefined ? eq(cobrancas.idcliente, Number(q.idcliente)) : undefined,
    q.dataInicio ? gte(cobrancas.duedate, String(q.dataInicio)) : undefined,
    q.dataFim ? lte(cobrancas.duedate, String(q.dataFim)) : undefined,
  ],
};

export const cobrancasResource = defineResource({
  name: 'cobrancas',
  table: cobrancas,
  access: STAFF_ACCESS,
  searchFields: (c) => [c.id, c.clienteNome, c.clienteDocumento, c.descricao],
  hiddenColumns: ['updatedAt', 'gatewayId'],
  sortable: {
    id: cobrancas.id,
    duedate: cobrancas.duedate,
    vncdata: cobrancas.duedate,
    datecreated: cobrancas.datecreated,
    dtcard: cobrancas.datecreated,
    valor: cobrancas.valor,
    status: cobrancas.status,
  },
  status: (status) => eq(cobrancas.status, status),
  filters,
  embeds: [
    embed('cliente', { table: clientes, key: cobrancas.idcliente, columns: clienteColumns }),
    embed('assinatura', { table: assinaturas, key: cobrancas.idassinatura, columns: assinaturaColumns }),
  ],
  aliases: { dtcard: 'datecreated', vncdata: 'duedate' },
  // The buckets of the same filters minus status, in the page's snapshot.
  listExtras: async (query, db) => ({
    Informacoes: await bucketsOf(db, and(pesquisaCondition(cobrancas.busca, query.pesquisa), ...filters.where(query)), appToday()),
  }),
  // Buckets and updated values change with the day and the company's default rates, not only with the tables.
  listVariant: async (db) => {
    const rates = await companyRates(db);
    return `${appToday()}|${rates.multa}|${rates.jurosmensal}`;
  },
  present: (items, ctx) => presentCharges(items, ctx.db),
  create: {
    schema: cobrancaSchema,
    prepare: (input: CobrancaInput, _ctx, tx) => values(input, tx, appToday()),
    after: (saved, _input, _ctx, tx) => reconcileClients(tx, appToday(), [saved.idcliente]),
  },
  update: {
    schema: cobrancaSchema,
    prepare: (input: CobrancaInput, existing, _ctx, tx) => values(input, tx, appToday(), existing),
    // A payment, a cancellation or a new due date settles the client now, not at the next run.
    after: (saved, existing, _ctx, tx) => reconcileClients(tx, appToday(), [saved.idcliente, existing.idcliente]),
  },
  remove: {
    after: (removed, _ctx, tx) => reconcileClients(tx, appToday(), [removed.idcliente]),
  },
});
