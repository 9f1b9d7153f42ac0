/**
 * Pix Automático's money (DESIGN 11, "Collecting without chasing"; INTEGRATIONS.md 4.3):
 * - the authorization's immediate QR code is a first PIX payment Asaas creates on its own (no
 *   subscription, no externalReference), carrying the QR code's `conciliationIdentifier`: when it
 *   is paid it settles the subscription's oldest open charge, which takes that payment as its own
 *   (the charge's first payment is removed from Asaas by the gateway's job);
 * - PIX_AUTOMATIC_RECURRING_PAYMENT_INSTRUCTION_{CREATED, SCHEDULED, REFUSED, CANCELLED} (key
 *   `paymentInstruction`): the debit's instruction on its charge (`debitoPix`). A refused or
 *   cancelled debit leaves the charge to the normal dunning: the payment page offers PIX and boleto
 *   again, vencehoje and vencida go, and the client gets its novacobranca (once).
 * Both are applied once: the event row is marked in the same transaction (pagamentos.ts), and a
 * replay finds the charge already in that state.
 */
import { and, eq, sql } from 'drizzle-orm';
import { cobrancaAberta, cobrancaAbertaSql } from '../../domain/cobranca';
import { COBRANCA_STATUS } from '../../domain/financeiro';
import { debitoPixFalhou, type DebitoPixStatus } from '../../domain/forma-cobranca';
import { formatMoney, formatNumero } from '../../domain/formatters';
import type { DbOrTx } from '../db/client';
import { assinaturas, cobrancas } from '../db/schema';
import { enqueueAlertas } from '../mensagens/alertas';
import { QUEUES } from '../queue/boss';
import { ACAO, audit } from '../regras/auditoria';
import { appToday } from '../regras/clock';
import { cobrancaAlterada } from './cobrancas';
import type { Effects } from './effects';
import type { GatewayEvent, GatewayPayment } from './gateway';

const isCalendarDateText = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * A paid payment the app does not know: the immediate QR code of a subscription's Pix Automático
 * authorization (its conciliationIdentifier) settles that subscription's oldest open charge.
 * Returns what it did, or null when the payment is not one.
 */
export async function pagamentoDoQrImediato(
  tx: DbOrTx,
  payment: GatewayPayment,
  effects: Effects,
  recebimento: { valorPago: string | null; formaPagamento: string | null; recebidoPor: 'gateway' },
): Promise<string | null> {
  const conciliacao = typeof payment.conciliationIdentifier === 'string' ? payment.conciliationIdentifier.trim() : '';
  if (!conciliacao || !payment.id) return null;
  const [sub] = await tx
    .select({ id: assinaturas.id })
    .from(assinaturas)
    .where(sql`${assinaturas.pixAutomatico}->>'conciliacao' = ${conciliacao}`)
    .limit(1)
    .for('update');
  if (!sub) return null;
  const [open] = await tx
    .select()
    .from(cobrancas)
    .where(and(eq(cobrancas.idassinatura, sub.id), cobrancaAbertaSql(sql, cobrancas.status)))
    .orderBy(cobrancas.duedate, cobrancas.id)
    .limit(1)
    .for('update');
  if (!open) return `QR Code do Pix Automático pago sem cobrança em aberto na assinatura ${sub.id}: nada a baixar.`;
  const paymentDate = [payment.paymentDate, payment.clientPaymentDate].find(isCalendarDateText) ?? appToday();
  const [saved] = await tx
    .update(cobrancas)
    .set({ status: COBRANCA_STATUS.RECEBIDA, paymentDate, ...recebimento, gatewayId: payment.id, updatedAt: new Date() })
    .where(eq(cobrancas.id, open.id))
    .returning();
  await cobrancaAlterada(tx, open, saved, effects, 'gateway');
  // The charge's own payment would stay open in Asaas (and its dunning go on): removed.
  if (open.gatewayId && open.gatewayId !== payment.id)
    await effects.queue.send(tx, QUEUES.asaas.name, { kind: 'cobranca-cancelar', id: open.id, gatewayId: open.gatewayId });
  await audit(tx, {
    acao: ACAO.pagamento,
    idcliente: saved.idcliente,
    idcobranca: saved.id,
    descricao: `Pagamento do QR Code do Pix Automático pelo gateway: cobrança ${formatNumero(saved.id)} de ${formatMoney(saved.valor)}${
      saved.valorPago === null ? '' : `, ${formatMoney(saved.valorPago)} recebidos`
    } (PIX).`,
    resultado: 'Cobrança paga; cliente reconciliado',
  });
  return `QR Code do Pix Automático pago: cobrança ${formatNumero(saved.id)} → situação ${COBRANCA_STATUS.RECEBIDA}.`;
}

const INSTRUCAO: Record<string, DebitoPixStatus> = {
  CREATED: 'criada',
  SCHEDULED: 'agendada',
  REFUSED: 'recusada',
  CANCELLED: 'cancelada',
};
export const INSTRUCAO_EVENTS = Object.keys(INSTRUCAO).map((name) => `PIX_AUTOMATIC_RECURRING_PAYMENT_INSTRUCTION_${name}`);

/** Why a debit was refused, in pt-BR (Asaas's refusalReason codes; the code itself otherwise). */
const RECUSA: Record<string, string> = {
  MAXIMUM_AMOUNT_EXCEEDED: 'o valor passou do limite que o cliente autorizou',
  INSUFFICIENT_BALANCE: 'saldo insuficiente',
  AUTHORIZATION_CANCELLED: 'a autorização foi cancelada',
};
const motivoDe = (status: DebitoPixStatus, reason: unknown) => {
  if (status === 'cancelada') return 'Débito cancelado: pague por PIX ou boleto.';
  if (status !== 'recusada') return null;
  const code = typeof reason === 'string' ? reason.slice(0, 120) : '';
  return `Débito recusado pelo banco${code ? ` (${RECUSA[code] ?? code})` : ''}: pague por PIX ou boleto.`;
};

/**
 * PIX_AUTOMATIC_RECURRING_PAYMENT_INSTRUCTION_*: the debit's instruction on its charge. A refused
 * or cancelled one is final for that instruction (an earlier step arriving late changes nothing),
 * and the charge goes to the normal dunning (its novacobranca, once).
 */
export async function instrucaoEvento(tx: DbOrTx, event: GatewayEvent, effects: Effects): Promise<string> {
  const instrucao = (event.paymentInstruction ?? {}) as Record<string, unknown>;
  const status = INSTRUCAO[event.event.replace('PIX_AUTOMATIC_RECURRING_PAYMENT_INSTRUCTION_', '')];
  const paymentId =
    typeof instrucao.paymentId === 'string' ? instrucao.paymentId : typeof instrucao.payment === 'string' ? instrucao.payment : '';
  if (!status || !paymentId) return 'Instrução sem pagamento: ignorada.';
  const [charge] = await tx
    .select({ id: cobrancas.id, status: cobrancas.status, debitoPix: cobrancas.debitoPix })
    .from(cobrancas)
    .where(eq(cobrancas.gatewayId, paymentId))
    .for('update');
  if (!charge) return 'Cobrança não encontrada.';
  const id = typeof instrucao.id === 'string' ? instrucao.id.slice(0, 120) : null;
  const antes = (charge.debitoPix ?? null) as { id?: unknown; status?: unknown } | null;
  if (antes && antes.id === id && debitoPixFalhou(antes) && !debitoPixFalhou({ status }))
    return `O débito da cobrança ${formatNumero(charge.id)} já estava ${String(antes.status)}: evento não aplicado.`;
  if (antes?.id === id && antes?.status === status) return `O débito da cobrança ${formatNumero(charge.id)} já estava ${status}.`;
  const debitoPix = { id, status, motivo: motivoDe(status, instrucao.refusalReason), em: new Date().toISOString() };
  await tx.update(cobrancas).set({ debitoPix, updatedAt: new Date() }).where(eq(cobrancas.id, charge.id));
  if (debitoPixFalhou(debitoPix) && cobrancaAberta(charge))
    await enqueueAlertas(tx, effects.queue, [{ idcobranca: charge.id, kind: 'novacobranca' }]);
  return `Débito do Pix Automático da cobrança ${formatNumero(charge.id)}: ${status}.`;
}
