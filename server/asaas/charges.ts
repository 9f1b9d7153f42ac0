/**
 * Asaas payments as the app's charges: the status mapping (INTEGRATIONS.md 3), a charge inserted
 * with its search text (as the charges' routes build it), and a subscription's payment made into
 * its charge once, whether it comes by PAYMENT_CREATED, by the sync after the subscription is
 * created, or twice (asaas/sync.ts, asaas/import.ts).
 */
import { and, eq, or, sql } from 'drizzle-orm';
import { isCalendarDate } from '../../domain/calendar';
import { addCycle, COBRANCA_STATUS, CYCLES, type Cycle } from '../../domain/financeiro';
import type { DbOrTx } from '../db/client';
import { assinaturas, cobrancas } from '../db/schema';
import type { AsaasPayment } from '../integrations/asaas';
import { buscaOf } from '../resources/records';
import { cobrancasResource } from '../resources/cobrancas';
import { appToday } from '../regras/clock';
import type { Effects } from '../cobrancas/effects';
import { clienteSearch, financeClient } from '../cobrancas/finance';
import { cobrancaAlterada } from '../cobrancas/cobrancas';
import type { GatewayPayment } from '../cobrancas/pagamentos';
import { descontoDaAssinatura } from '../cobrancas/formas';

/** The externalReference of our subscriptions: never a bare number, which would read as a charge id (their payments copy it). */
export const assinaturaReference = (id: number) => `assinatura-${id}`;
export const assinaturaOfReference = (reference: string | null | undefined) => {
  const match = /^assinatura-(\d{1,10})$/.exec(reference ?? '');
  return match ? Number(match[1]) : undefined;
};

/** The app's charge status for an Asaas payment (INTEGRATIONS.md 3, "Suggested status mapping"). */
export function chargeStatus(payment: Pick<AsaasPayment, 'status' | 'deleted'>): number {
  if (payment.deleted) return COBRANCA_STATUS.CANCELADA;
  switch (payment.status) {
    case 'RECEIVED':
    case 'CONFIRMED':
    case 'RECEIVED_IN_CASH':
    case 'REFUND_REQUESTED':
    case 'REFUND_IN_PROGRESS':
    case 'DUNNING_RECEIVED':
      return COBRANCA_STATUS.RECEBIDA;
    case 'OVERDUE':
    case 'DUNNING_REQUESTED':
      return COBRANCA_STATUS.VENCIDA;
    case 'REFUNDED':
      return COBRANCA_STATUS.CANCELADA;
    default:
      return COBRANCA_STATUS.EM_ABERTO;
  }
}

/** A received payment's date, when Asaas gives one. */
export const paymentDateOf = (payment: Pick<AsaasPayment, 'paymentDate' | 'clientPaymentDate'>) =>
  [payment.paymentDate, payment.clientPaymentDate].find(isCalendarDate) ?? null;

type ChargeInsert = Omit<typeof cobrancas.$inferInsert, 'id' | 'busca'> & { clienteNome: string; clienteDocumento: string };

/**
 * Inserts a charge with its search text (as the charges' own routes build it), or nothing when
 * its gateway id or its subscription period is already there: returns the new id, or undefined.
 */
export async function insertCharge(tx: DbOrTx, values: ChargeInsert): Promise<number | undefined> {
  const result = (await tx.execute(sql`SELECT nextval(pg_get_serial_sequence('cobrancas', 'id'))::int AS id`)) as unknown as {
    rows: Array<{ id: number }>;
  };
  const id = Number(result.rows[0].id);
  const [row] = await tx
    .insert(cobrancas)
    .values({ ...values, id, busca: buscaOf(cobrancasResource, { ...values, id }) })
    .onConflictDoNothing()
    .returning({ id: cobrancas.id });
  return row?.id;
}

/**
 * A payment Asaas generated for one of our subscriptions becomes the app's charge, once: not when
 * a charge has its gateway id; a charge of the same period made here before (no gateway id) is
 * linked to it instead. A new charge gets its novacobranca alert, with the payment's links.
 */
export async function chargeFromPayment(tx: DbOrTx, payment: GatewayPayment | AsaasPayment, effects: Effects): Promise<string> {
  if (!payment.id || !payment.subscription) return 'Cobrança avulsa: nada a criar.';
  const [assinatura] = await tx
    .select()
    .from(assinaturas)
    .where(eq(assinaturas.gatewayId, String(payment.subscription)));
  if (!assinatura) return 'Assinatura desconhecida: evento ignorado.';
  const dueDate = String(payment.dueDate ?? '');
  const value = Number(payment.value);
  if (!isCalendarDate(dueDate) || !(value > 0)) return 'Pagamento sem vencimento ou valor válido: ignorado.';
  const links = { invoiceUrl: String(payment.invoiceUrl ?? ''), bankSlipUrl: String(payment.bankSlipUrl ?? '') };
  const [existing] = await tx
    .select({
      id: cobrancas.id,
      idcliente: cobrancas.idcliente,
      status: cobrancas.status,
      duedate: cobrancas.duedate,
      gatewayId: cobrancas.gatewayId,
    })
    .from(cobrancas)
    .where(or(eq(cobrancas.gatewayId, payment.id), and(eq(cobrancas.idassinatura, assinatura.id), eq(cobrancas.duedate, dueDate))))
    .orderBy(sql`${cobrancas.gatewayId} = ${payment.id} DESC NULLS LAST`)
    .limit(1)
    .for('update');
  if (existing?.gatewayId) return `Cobrança ${existing.id} já existente.`;
  if (existing) {
    await tx
      .update(cobrancas)
      .set({ gatewayId: payment.id, ...links, updatedAt: new Date() })
      .where(eq(cobrancas.id, existing.id));
    await cobrancaAlterada(tx, existing, { ...existing, gatewayId: payment.id }, effects, 'gateway');
    return `Cobrança ${existing.id} vinculada ao pagamento.`;
  }
  const client = await financeClient(tx, assinatura.idcliente);
  const today = appToday();
  const id = await insertCharge(tx, {
    idcard: assinatura.idcard,
    idcliente: assinatura.idcliente,
    idassinatura: assinatura.id,
    descricao: String(payment.description || assinatura.description).slice(0, 255),
    valor: value.toFixed(2),
    duedate: dueDate,
    datecreated: isCalendarDate(String(payment.dateCreated ?? '').slice(0, 10)) ? String(payment.dateCreated).slice(0, 10) : today,
    status: COBRANCA_STATUS.EM_ABERTO,
    gatewayId: payment.id,
    ...links,
    ...clienteSearch(client),
    // The early-payment discount Asaas's subscription carries, as the billing run copies it (DESIGN 11).
    desconto: await descontoDaAssinatura(tx, assinatura.id),
  });
  if (id === undefined) return 'Cobrança já existente.';
  // Asaas moves the subscription's next due date on; ours follows, for the screens.
  if (CYCLES.includes(assinatura.cycle as Cycle)) {
    await tx
      .update(assinaturas)
      .set({ nextduedate: addCycle(dueDate, assinatura.cycle as Cycle), updatedAt: new Date() })
      .where(and(eq(assinaturas.id, assinatura.id), sql`${assinaturas.nextduedate} <= ${dueDate}::date`));
  }
  await cobrancaAlterada(
    tx,
    null,
    { id, idcliente: assinatura.idcliente, status: COBRANCA_STATUS.EM_ABERTO, duedate: dueDate, gatewayId: payment.id },
    effects,
    'gateway',
  );
  return `Cobrança ${id} criada do pagamento da assinatura ${assinatura.id}.`;
}
