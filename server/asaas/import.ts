/**
 * Imports from Asaas (issue 10 point 4, DESIGN 9 "import calls"): customers, subscriptions and
 * payments, page by page (100 a page, one transaction each), upserted by gateway id, so running
 * an import again imports nothing new. A customer is also matched by CPF/CNPJ; a subscription or
 * payment of a customer not imported yet, or a record our rules refuse (an invalid CPF/CNPJ, no
 * e-mail), is skipped and counted. Records are written directly, never through the resources'
 * hooks: an import sends nothing back to Asaas and no alert for old charges. Each record is
 * written under a savepoint: one that collides with another is skipped, not the page.
 */
import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { isCalendarDate } from '../../domain/calendar';
import { cobrancaAberta } from '../../domain/cobranca';
import { ASSINATURA_STATUS, COBRANCA_STATUS } from '../../domain/constants';
import { CYCLES, type Cycle } from '../../domain/financeiro';
import { clienteSchema } from '../../domain/schemas/clientes';
import { assinaturaSchema, cobrancaSchema } from '../../domain/schemas/financeiro';
import { onlyDigits } from '../../domain/text';
import type { Db, DbOrTx } from '../db/client';
import { assinaturas, clientes, cobrancas } from '../db/schema';
import { asaasPages, type AsaasConfig, type AsaasCustomer, type AsaasPayment, type AsaasSubscription } from '../integrations/asaas';
import { buscaOf, insertRecord } from '../resources/records';
import { assinaturaColumns, assinaturasResource } from '../resources/assinaturas';
import { clientesResource } from '../resources/clientes';
import { cobrancasResource } from '../resources/cobrancas';
import { assinaturaOfReference, chargeStatus, insertCharge, paymentDateOf } from './charges';
import { appToday } from '../regras/clock';
import type { Effects } from '../cobrancas/effects';
import { cobrancasImportadas, type CobrancaEstado } from '../cobrancas/cobrancas';
import { recebimentoDoGateway, semRecebimento } from '../cobrancas/pagamentos';
import { clienteFinanceColumns, clienteSearch, type ClienteFinance } from '../cobrancas/finance';

export interface ImportCounts {
  imported: number;
  updated: number;
  skipped: number;
}

type Outcome = keyof ImportCounts;

export interface ImportContext {
  db: Db;
  config: AsaasConfig;
  /** The administrator importing: the creator (`idcard`) of new records. */
  userId: number;
  effects: Effects;
}

const isUniqueViolation = (error: unknown): boolean => {
  for (let current = error as { code?: unknown; cause?: unknown } | undefined, i = 0; current && i < 4; i++) {
    if (current.code === '23505') return true;
    current = current.cause as typeof current;
  }
  return false;
};

/** What a page of payments changed: each charge before (none: new) and after. */
interface ImportPage {
  cobrancas: [CobrancaEstado | null, CobrancaEstado][];
}

/** Each page in one transaction, each record under a savepoint. */
async function importPages<T>(
  ctx: ImportContext,
  path: string,
  one: (tx: DbOrTx, item: T, page: ImportPage) => Promise<Outcome>,
  after?: (tx: DbOrTx, page: ImportPage) => Promise<void>,
): Promise<ImportCounts> {
  const counts: ImportCounts = { imported: 0, updated: 0, skipped: 0 };
  for await (const items of asaasPages<T>(ctx.config, path)) {
    await ctx.db.transaction(async (tx) => {
      const page: ImportPage = { cobrancas: [] };
      for (const item of items) {
        try {
          counts[await tx.transaction((savepoint) => one(savepoint, item, page))]++;
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          counts.skipped++;
        }
      }
      await after?.(tx, page);
    });
  }
  return counts;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
/** A phone our rules take (10 to 13 digits), or none. */
const phoneOf = (value: unknown) => {
  const digits = onlyDigits(value);
  return digits.length >= 10 && digits.length <= 13 ? digits : '';
};

/** A customer as our client's fields (SPEC 5 rules applied by clienteSchema). */
function clienteFromCustomer(customer: AsaasCustomer) {
  const document = onlyDigits(customer.cpfCnpj);
  const juridica = document.length === 14;
  const postalCode = onlyDigits(customer.postalCode);
  const uf = text(customer.state).toUpperCase();
  const city = text(customer.cityName);
  return clienteSchema.safeParse({
    cadastro: juridica ? 'JURIDICA' : 'FISICA',
    name: text(customer.name),
    razaosocial: juridica ? text(customer.name) : '',
    cpf: juridica ? '' : document,
    cnpj: juridica ? document : '',
    email: text(customer.email),
    phone: phoneOf(customer.phone),
    mobilePhone: phoneOf(customer.mobilePhone),
    address: text(customer.address),
    addressNumber: text(customer.addressNumber),
    complement: text(customer.complement),
    province: text(customer.province),
    postalCode: postalCode.length === 8 ? postalCode : '',
    cityandstate: city && uf.length === 2 ? `${city}/${uf}` : city,
    uf: uf.length === 2 ? uf : '',
  });
}

async function importCustomer(tx: DbOrTx, customer: AsaasCustomer, userId: number): Promise<Outcome> {
  if (customer.deleted || !customer.id) return 'skipped';
  const document = onlyDigits(customer.cpfCnpj);
  const byDocument: SQL =
    document.length === 14 ? eq(clientes.cnpj, document) : document.length === 11 ? eq(clientes.cpf, document) : sql`false`;
  const [existing] = await tx
    .select({ id: clientes.id, gatewayId: clientes.gatewayId })
    .from(clientes)
    .where(or(eq(clientes.gatewayId, customer.id), byDocument))
    .orderBy(sql`${clientes.gatewayId} = ${customer.id} DESC NULLS LAST`)
    .limit(1);
  if (existing) {
    // Our client's data stays ours; only the link is made (another customer's link is kept).
    if (!existing.gatewayId) await tx.update(clientes).set({ gatewayId: customer.id }).where(eq(clientes.id, existing.id));
    return 'updated';
  }
  const parsed = clienteFromCustomer(customer);
  if (!parsed.success) return 'skipped';
  const { password: _password, ...fields } = parsed.data;
  await insertRecord(tx, clientesResource, { ...fields, gatewayId: customer.id }, userId);
  return 'imported';
}

/** Our client of an Asaas customer, when imported. */
async function clientOf(tx: DbOrTx, customer: string): Promise<ClienteFinance | undefined> {
  const [client] = await tx.select(clienteFinanceColumns).from(clientes).where(eq(clientes.gatewayId, customer)).limit(1);
  return client;
}

/** Asaas' fine as our percentage: a fixed fine as its share of the value. */
function multaOf(record: AsaasSubscription | AsaasPayment): number {
  const value = Number(record.fine?.value ?? 0);
  if (!(value > 0)) return 0;
  const percent = record.fine?.type === 'FIXED' ? (value / Number(record.value)) * 100 : value;
  return Math.min(100, Math.round(percent * 100) / 100);
}
const jurosOf = (record: AsaasSubscription | AsaasPayment) => Math.min(100, Math.round(Number(record.interest?.value ?? 0) * 100) / 100);

const ASSINATURA_STATUS_ASAAS: Record<string, number> = {
  ACTIVE: ASSINATURA_STATUS.ATIVA,
  INACTIVE: ASSINATURA_STATUS.BLOQUEADA,
  EXPIRED: ASSINATURA_STATUS.VENCIDA,
};

async function importSubscription(tx: DbOrTx, sub: AsaasSubscription, userId: number): Promise<Outcome> {
  if (sub.deleted || !sub.id) return 'skipped';
  const client = await clientOf(tx, sub.customer);
  if (!client) return 'skipped';
  const parsed = assinaturaSchema.safeParse({
    idcliente: client.id,
    description: text(sub.description) || 'Assinatura importada do Asaas',
    valor: Number(sub.value),
    nextduedate: sub.nextDueDate,
    cycle: CYCLES.includes(sub.cycle as Cycle) ? sub.cycle : undefined,
    multa: multaOf(sub),
    jurosmensal: jurosOf(sub),
    enddate: sub.endDate || null,
    datecreated: isCalendarDate(sub.dateCreated?.slice(0, 10)) ? sub.dateCreated!.slice(0, 10) : null,
    status: ASSINATURA_STATUS_ASAAS[sub.status] ?? ASSINATURA_STATUS.BLOQUEADA,
  });
  if (!parsed.success) return 'skipped';
  const input = parsed.data;
  const values = { ...assinaturaColumns(input, client), gatewayId: sub.id };
  // Ours by gateway id, or one we created whose id a crash kept from being stored.
  const reference = assinaturaOfReference(sub.externalReference);
  const [existing] = await tx
    .select()
    .from(assinaturas)
    .where(
      or(
        eq(assinaturas.gatewayId, sub.id),
        reference ? and(eq(assinaturas.id, reference), isNull(assinaturas.gatewayId), eq(assinaturas.idcliente, client.id)) : undefined,
      ),
    )
    .orderBy(sql`${assinaturas.gatewayId} = ${sub.id} DESC NULLS LAST`)
    .limit(1);
  if (existing) {
    const { datecreated: _keep, ...changes } = values;
    await tx
      .update(assinaturas)
      .set({ ...changes, busca: buscaOf(assinaturasResource, { ...existing, ...changes }), updatedAt: new Date() })
      .where(eq(assinaturas.id, existing.id));
    return 'updated';
  }
  await insertRecord(tx, assinaturasResource, { ...values, datecreated: input.datecreated ?? appToday() }, userId);
  return 'imported';
}

async function importPayment(tx: DbOrTx, payment: AsaasPayment, userId: number, page: ImportPage, again = false): Promise<Outcome> {
  if (!payment.id) return 'skipped';
  const client = await clientOf(tx, payment.customer);
  if (!client) return 'skipped';
  const [assinatura] = payment.subscription
    ? await tx.select({ id: assinaturas.id }).from(assinaturas).where(eq(assinaturas.gatewayId, payment.subscription)).limit(1)
    : [];
  const status = chargeStatus(payment);
  const parsed = cobrancaSchema.safeParse({
    idcliente: client.id,
    descricao: text(payment.description).slice(0, 255) || 'Cobrança importada do Asaas',
    // The charged value: a payment paid with fine and interest keeps it in originalValue (value is then what was paid).
    valor: Number(payment.originalValue) > 0 ? Number(payment.originalValue) : Number(payment.value),
    duedate: payment.dueDate,
    datecreated: isCalendarDate(payment.dateCreated?.slice(0, 10)) ? payment.dateCreated!.slice(0, 10) : null,
    status,
  });
  if (!parsed.success) return 'skipped';
  const input = parsed.data;
  const values = {
    idcliente: client.id,
    descricao: input.descricao,
    valor: input.valor.toFixed(2),
    duedate: input.duedate,
    status,
    paymentDate: status === COBRANCA_STATUS.RECEBIDA ? paymentDateOf(payment) : null,
    // Received: the amount and method as Receber records them (DESIGN 10).
    ...(status === COBRANCA_STATUS.RECEBIDA ? recebimentoDoGateway(payment) : semRecebimento),
    invoiceUrl: text(payment.invoiceUrl).slice(0, 500),
    bankSlipUrl: text(payment.bankSlipUrl).slice(0, 500),
    gatewayId: payment.id,
  };
  // Ours by gateway id; or a charge of ours whose link a crash lost (its id as externalReference), or
  // the same period of the same subscription made here.
  const reference =
    !payment.subscription && /^\d{1,9}$/.test(payment.externalReference ?? '') ? Number(payment.externalReference) : undefined;
  const [existing] = await tx
    .select()
    .from(cobrancas)
    .where(
      or(
        eq(cobrancas.gatewayId, payment.id),
        reference ? and(eq(cobrancas.id, reference), isNull(cobrancas.gatewayId), eq(cobrancas.idcliente, client.id)) : undefined,
        assinatura
          ? and(eq(cobrancas.idassinatura, assinatura.id), eq(cobrancas.duedate, input.duedate), isNull(cobrancas.gatewayId))
          : undefined,
      ),
    )
    .orderBy(sql`${cobrancas.gatewayId} = ${payment.id} DESC NULLS LAST`)
    .limit(1);
  if (existing) {
    // A payment or cancellation recorded here (cash, by staff) is not undone by an open payment in Asaas.
    const settledHere = !cobrancaAberta(existing) && cobrancaAberta({ status });
    // Nor is staff's receipt (its amount and method) replaced by Asaas' record of it (received in cash).
    const receivedHere =
      existing.status === COBRANCA_STATUS.RECEBIDA && existing.recebidoPor === 'equipe' && status === COBRANCA_STATUS.RECEBIDA;
    const kept = { descricao: text(payment.description).slice(0, 255) || existing.descricao };
    const asRecorded = {
      status: existing.status,
      paymentDate: existing.paymentDate,
      valorPago: existing.valorPago,
      formaPagamento: existing.formaPagamento,
      recebidoPor: existing.recebidoPor,
    };
    const changes =
      settledHere || receivedHere
        ? { ...values, ...kept, ...asRecorded }
        : { ...values, ...kept, paymentDate: status === COBRANCA_STATUS.RECEBIDA ? (values.paymentDate ?? existing.paymentDate) : null };
    await tx
      .update(cobrancas)
      .set({
        ...changes,
        idassinatura: existing.idassinatura ?? assinatura?.id ?? null,
        busca: buscaOf(cobrancasResource, { ...existing, ...changes, ...clienteSearch(client) }),
        updatedAt: new Date(),
      })
      .where(eq(cobrancas.id, existing.id));
    page.cobrancas.push([existing, { ...existing, ...changes, idcliente: values.idcliente }]);
    return 'updated';
  }
  const id = await insertCharge(tx, {
    ...values,
    idcard: userId,
    idassinatura: assinatura?.id ?? null,
    datecreated: input.datecreated ?? appToday(),
    ...clienteSearch(client),
  });
  // Made meanwhile by the payment's webhook (its queue job committed it after the lookup above):
  // then it is there, and this run updates it like any other.
  if (id === undefined) return again ? 'skipped' : importPayment(tx, payment, userId, page, true);
  page.cobrancas.push([null, { id, idcliente: client.id, status, duedate: input.duedate, gatewayId: payment.id }]);
  return 'imported';
}

export const importClientes = (ctx: ImportContext) =>
  importPages<AsaasCustomer>(ctx, '/customers', (tx, customer) => importCustomer(tx, customer, ctx.userId));

export const importAssinaturas = (ctx: ImportContext) =>
  importPages<AsaasSubscription>(ctx, '/subscriptions', (tx, sub) => importSubscription(tx, sub, ctx.userId));

/** Payments; each page's changes then go to the charges' owner (an overdue one counts at once, as the daily job would make it; no alerts for history). */
export const importCobrancas = (ctx: ImportContext) =>
  importPages<AsaasPayment>(
    ctx,
    '/payments',
    (tx, payment, page) => importPayment(tx, payment, ctx.userId, page),
    (tx, page) => cobrancasImportadas(tx, page.cobrancas, ctx.effects),
  );
