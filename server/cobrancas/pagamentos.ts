/**
 * Payment-gateway events (issue 10, DESIGN 7): the webhook stores each event by its id and answers
 * at once; the queue applies it here, once: the event row is locked and marked in the same
 * transaction as the change it causes, so a replay, a retry or a second process finds it done.
 * PAYMENT_RECEIVED / PAYMENT_CONFIRMED: the charge is paid (1), with the date, the amount (the
 * payment's value) and the method (its billing type) as Receber records them, and its client
 * reconciled at once (unblocked, its Traccar user enabled); PAYMENT_OVERDUE: 2 while open; PAYMENT_DELETED /
 * PAYMENT_REFUNDED: 3. Any other event, or a payment the app does not know, is stored and ignored.
 */
import { eq, or, sql } from 'drizzle-orm';
import { COBRANCA_STATUS } from '../../domain/financeiro';
import { formatMoney, formatNumero } from '../../domain/formatters';
import { FORMA_PAGAMENTO_LABEL, type FormaPagamento } from '../../domain/pagamento';
import type { Db, DbOrTx } from '../db/client';
import { cobrancas, webhookEventos } from '../db/schema';
import { cobrancaAlterada } from './cobrancas';
import { ACAO, audit } from '../regras/auditoria';
import { appToday } from '../regras/clock';
import type { Effects } from './effects';
import type { GatewayEvent, GatewayPayment } from './gateway';
import { cartaoDoPagamento } from './formas';
import { pagamentoDoQrImediato } from './pix-debito';

export type { GatewayEvent, GatewayPayment };

/**
 * How Asaas says a payment was paid, as Receber's methods (DESIGN 10): its billing type (PIX,
 * BOLETO, CREDIT_CARD → pix, boleto, cartao; a debit card is a card, a transfer a transfer), or
 * dinheiro when it was marked received in cash; null when Asaas does not say (UNDEFINED).
 */
export function formaDoPagamento(payment: { billingType?: unknown; status?: unknown }): FormaPagamento | null {
  if (payment.status === 'RECEIVED_IN_CASH') return 'dinheiro';
  switch (payment.billingType) {
    case 'PIX':
      return 'pix';
    case 'BOLETO':
      return 'boleto';
    case 'CREDIT_CARD':
    case 'DEBIT_CARD':
      return 'cartao';
    case 'TRANSFER':
      return 'transferencia';
    default:
      return null;
  }
}

/** The amount received: the payment's value (what the client paid, an overdue one's fine and interest in it), never netValue (after Asaas' fee). */
export function valorRecebido(payment: { value?: unknown }): string | null {
  const value = Number(payment.value);
  return Number.isFinite(value) && value > 0 && value < 1e10 ? value.toFixed(2) : null;
}

/** What a payment Asaas reports as received records on the charge, as Receber does (the date is paymentDate). */
export const recebimentoDoGateway = (payment: { value?: unknown; billingType?: unknown; status?: unknown }) => ({
  valorPago: valorRecebido(payment),
  formaPagamento: formaDoPagamento(payment),
  recebidoPor: 'gateway' as const,
});

/** A charge no longer received keeps no amount, method or who. */
export const semRecebimento = { valorPago: null, formaPagamento: null, recebidoPor: null } as const;

/** An event the app acts on: the charge status it leads to, and from which statuses. */
const { EM_ABERTO, RECEBIDA, VENCIDA, CANCELADA } = COBRANCA_STATUS;
const TRANSITIONS: Record<string, { to: number; from: readonly number[]; label: string }> = {
  PAYMENT_RECEIVED: { to: RECEBIDA, from: [EM_ABERTO, VENCIDA, CANCELADA], label: 'Pagamento recebido' },
  PAYMENT_CONFIRMED: { to: RECEBIDA, from: [EM_ABERTO, VENCIDA, CANCELADA], label: 'Pagamento confirmado' },
  // Staff's Receber told to Asaas comes back as a receipt: the charge is already received (ignored, its amount and method kept).
  PAYMENT_RECEIVED_IN_CASH: { to: RECEBIDA, from: [EM_ABERTO, VENCIDA, CANCELADA], label: 'Pagamento recebido em dinheiro' },
  PAYMENT_OVERDUE: { to: VENCIDA, from: [EM_ABERTO], label: 'Pagamento vencido' },
  // Paid through the negativação (DESIGN 11): the charge is received; its negativação is read again (cobrancas.ts).
  PAYMENT_DUNNING_RECEIVED: { to: RECEBIDA, from: [EM_ABERTO, VENCIDA, CANCELADA], label: 'Pagamento recebido pela negativação' },
  PAYMENT_DELETED: { to: CANCELADA, from: [EM_ABERTO, VENCIDA], label: 'Cobrança removida no gateway' },
  PAYMENT_REFUNDED: { to: CANCELADA, from: [EM_ABERTO, RECEBIDA, VENCIDA], label: 'Pagamento estornado' },
};

const isCalendarDateText = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * A handler of the events beyond a payment's transitions (PAYMENT_CREATED of a subscription's
 * payment, the NFS-e's INVOICE_*): declared with the queue's handlers, in their one table (workers.ts).
 */
export type EventHandler = (tx: DbOrTx, event: GatewayEvent, effects: Effects) => Promise<string>;
export type EventHandlers = Readonly<Record<string, EventHandler>>;

async function findCharge(tx: DbOrTx, payment: GatewayPayment) {
  const reference = Number(payment.externalReference);
  const byReference = Number.isInteger(reference) && reference > 0 && reference <= 2_147_483_647;
  const [row] = await tx
    .select()
    .from(cobrancas)
    .where(
      payment.id
        ? byReference
          ? or(eq(cobrancas.gatewayId, payment.id), eq(cobrancas.id, reference))
          : eq(cobrancas.gatewayId, payment.id)
        : sql`false`,
    )
    .orderBy(sql`${cobrancas.gatewayId} = ${payment.id ?? ''} DESC`)
    .limit(1)
    .for('update');
  return row;
}

async function apply(
  tx: DbOrTx,
  event: GatewayEvent,
  effects: Effects,
  handlers: EventHandlers,
): Promise<{ status: 'aplicado' | 'ignorado'; resultado: string }> {
  const extra = Object.hasOwn(handlers, event.event) ? handlers[event.event] : undefined;
  if (extra) return { status: 'aplicado', resultado: await extra(tx, event, effects) };
  // Staff's receipt stands: Asaas undoing its receipt in cash (the app's own undo, or someone in its panel) changes no charge.
  if (event.event === 'PAYMENT_RECEIVED_IN_CASH_UNDONE')
    return { status: 'ignorado', resultado: 'Recebimento em dinheiro desfeito no Asaas; a cobrança segue o registro da equipe.' };
  const transition = TRANSITIONS[event.event];
  if (!transition) return { status: 'ignorado', resultado: `Evento ${event.event} não tratado.` };
  const payment = event.payment ?? {};
  const existing = await findCharge(tx, payment);
  // A card payment of a subscription collected by card: its card is ativo (DESIGN 11), whatever the
  // charge's state (locked after the charge, as the other card events lock them).
  const cartao = transition.to === COBRANCA_STATUS.RECEBIDA ? await cartaoDoPagamento(tx, payment) : '';
  if (!existing) {
    // The immediate QR code of a Pix Automático authorization, paid: the subscription's oldest open charge (DESIGN 11).
    const imediato =
      transition.to === COBRANCA_STATUS.RECEBIDA ? await pagamentoDoQrImediato(tx, payment, effects, recebimentoDoGateway(payment)) : null;
    if (imediato) return { status: 'aplicado', resultado: imediato };
    return { status: cartao ? 'aplicado' : 'ignorado', resultado: `Cobrança não encontrada.${cartao}` };
  }
  if (existing.status === transition.to)
    return { status: cartao ? 'aplicado' : 'ignorado', resultado: `A cobrança já estava nessa situação.${cartao}` };
  // Asaas's echo of staff's receipt in cash (PAYMENT_RECEIVED of a payment RECEIVED_IN_CASH) that
  // arrives after an administrator undid that receipt: the undo stands, the echo changes nothing.
  if (transition.to === COBRANCA_STATUS.RECEBIDA && payment.status === 'RECEIVED_IN_CASH' && existing.recebimentoDesfeitoEm)
    return { status: 'ignorado', resultado: 'Recebimento em dinheiro que a equipe desfez; a cobrança segue o registro da equipe.' };
  if (!transition.from.includes(existing.status)) {
    return { status: 'ignorado', resultado: `A cobrança está na situação ${existing.status}; evento não aplicado.` };
  }
  const today = appToday();
  const paid = transition.to === COBRANCA_STATUS.RECEBIDA;
  const paymentDate = paid
    ? ([payment.paymentDate, payment.clientPaymentDate].find(isCalendarDateText) ?? today)
    : transition.to === COBRANCA_STATUS.CANCELADA
      ? null
      : existing.paymentDate;
  // Paid: the amount and method too, as Receber records them; no longer paid (refunded): neither.
  const recebimento = paid ? recebimentoDoGateway(payment) : existing.status === COBRANCA_STATUS.RECEBIDA ? semRecebimento : {};
  const [saved] = await tx
    .update(cobrancas)
    .set({
      status: transition.to,
      paymentDate,
      ...recebimento,
      gatewayId: existing.gatewayId ?? payment.id ?? null,
      updatedAt: new Date(),
    })
    .where(eq(cobrancas.id, existing.id))
    .returning();
  await cobrancaAlterada(tx, existing, saved, effects, 'gateway');
  if (paid) {
    await audit(tx, {
      acao: ACAO.pagamento,
      idcliente: saved.idcliente,
      idcobranca: saved.id,
      descricao: `${transition.label} pelo gateway (${event.event}): cobrança ${formatNumero(saved.id)} de ${formatMoney(saved.valor)}${
        saved.valorPago === null ? '' : `, ${formatMoney(saved.valorPago)} recebidos`
      }${saved.formaPagamento ? ` (${FORMA_PAGAMENTO_LABEL[saved.formaPagamento as FormaPagamento] ?? saved.formaPagamento})` : ''}.`,
      resultado: 'Cobrança paga; cliente reconciliado',
    });
  }
  return { status: 'aplicado', resultado: `${transition.label}: cobrança ${formatNumero(saved.id)} → situação ${transition.to}.${cartao}` };
}

/** The queue's handler: applies one stored event, once (`handlers`: the events beyond a payment's transitions). */
export async function processGatewayEvent(db: Db, effects: Effects, id: number, handlers: EventHandlers): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(webhookEventos).where(eq(webhookEventos.id, id)).for('update');
    if (!row || row.status !== 'recebido') return 'já processado';
    const outcome = await apply(tx, row.payload as unknown as GatewayEvent, effects, handlers);
    await tx
      .update(webhookEventos)
      .set({ status: outcome.status, resultado: outcome.resultado, processedAt: new Date() })
      .where(eq(webhookEventos.id, id));
    return outcome.resultado;
  });
}
