/**
 * Collecting without chasing (DESIGN 11): a subscription's forma de cobrança and its card on
 * file, and the early-payment discount its charges copy.
 * - formaCobranca: boleto_pix (Asaas UNDEFINED), cartao (Asaas CREDIT_CARD: the client types the
 *   card on the open charge's invoiceUrl, alert formaPagamento), pix_automatico (its own route).
 *   Without the gateway only boleto_pix (409).
 * - The card: a paid payment with `creditCard` sets it ativo (last 4 digits, brand);
 *   PAYMENT_CREDIT_CARD_CAPTURE_REFUSED sets it recusado, that payment turns UNDEFINED (PIX,
 *   boleto) by the gateway's job, then the alert cartaoRecusado goes; the next cycle tries the card.
 * - The discount: a subscription's own, else its plan's (the plan of its client's newest active
 *   contract), copied onto each charge when it is created (the billing run, a subscription's
 *   payment from Asaas).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { descontoDaCobranca } from '../../domain/desconto';
import { type CartaoEstado, type FormaCobranca, MSG_FORMA } from '../../domain/forma-cobranca';
import { cobrancaAbertaSql } from '../../domain/cobranca';
import { enqueueAlertas } from '../mensagens/alertas';
import { CONTRATO_STATUS } from '../../domain/constants';
import type { DbOrTx } from '../db/client';
import { assinaturas, cobrancas } from '../db/schema';
import { conflict } from '../regras/http-errors';
import { getCompany, integrationActive } from '../regras/company';
import { QUEUES } from '../queue/boss';
import type { Effects } from './effects';
import type { GatewayEvent, GatewayPayment } from './gateway';
import { negativacaoEmCurso } from '../../domain/negativacao';
import { enqueueGateway } from './gateway';

type AssinaturaRow = typeof assinaturas.$inferSelect;

/**
 * The columns of a subscription's forma as staff save it: 409 for a card or Pix Automático without
 * the gateway, and for Pix Automático asked in the body (it has its own route); the card waits
 * (aguardando) from the moment it is chosen until Asaas reports a payment with it.
 */
export async function formaDaAssinatura(
  tx: DbOrTx,
  forma: FormaCobranca | undefined,
  existing?: Pick<AssinaturaRow, 'formaCobranca' | 'cartao' | 'pixAutomatico'>,
): Promise<{ formaCobranca?: FormaCobranca; cartao?: CartaoEstado | null; pixAutomatico?: Record<string, unknown> }> {
  const atual = (existing?.formaCobranca ?? 'boleto_pix') as FormaCobranca;
  if (forma === undefined || forma === atual) return {};
  if (forma === 'pix_automatico') throw conflict(MSG_FORMA.pixAutomaticoPelaRota, { formaCobranca: MSG_FORMA.pixAutomaticoPelaRota });
  if (forma === 'cartao' && !integrationActive(await getCompany(tx), 'gateway'))
    throw conflict(MSG_FORMA.semGateway, { formaCobranca: MSG_FORMA.semGateway });
  // Leaving Pix Automático: its authorization ends (cancelled in Asaas by the resource's job: pixAutomaticoDeixado).
  const pix = existing?.pixAutomatico as { id?: unknown; expiraEm?: unknown } | null | undefined;
  const saindoDoPix = atual === 'pix_automatico' && pix?.id;
  return {
    formaCobranca: forma,
    cartao: forma === 'cartao' ? { status: 'aguardando', final: null, bandeira: null } : null,
    ...(saindoDoPix
      ? { pixAutomatico: { id: pix.id, status: 'cancelada', motivo: MSG_FORMA.pixTrocado, expiraEm: pix.expiraEm ?? null } }
      : {}),
  };
}

/** The authorization of a subscription staff moved off Pix Automático: cancelled in Asaas (a job). */
export async function pixAutomaticoDeixado(
  tx: DbOrTx,
  before: Pick<AssinaturaRow, 'id' | 'formaCobranca' | 'pixAutomatico'>,
  after: Pick<AssinaturaRow, 'formaCobranca'>,
  effects: Pick<Effects, 'queue'>,
) {
  const id = (before.pixAutomatico as { id?: unknown } | null)?.id;
  if (before.formaCobranca !== 'pix_automatico' || after.formaCobranca === 'pix_automatico' || typeof id !== 'string') return;
  await enqueueGateway(tx, effects.queue, [{ kind: 'pix-automatico-cancelar', id: before.id, authorizationId: id }]);
}

/** A subscription as replies show it: the Pix Automático authorization without its QR code (the payment page carries it). */
export function presentFormaCobranca(item: Record<string, unknown>) {
  const pix = item.pixAutomatico as Record<string, unknown> | null | undefined;
  item.pixAutomatico = pix ? { status: pix.status ?? null, motivo: pix.motivo ?? null, expiraEm: pix.expiraEm ?? null } : null;
  item.cartao ??= null;
  item.desconto ??= null;
}

/** A charge's discount as its reads show it ({ valor, valorComDesconto, ate }), from the rule it copied. */
export function presentDesconto(item: Record<string, unknown>) {
  item.desconto = descontoDaCobranca(item.desconto, Number(item.valor), String(item.duedate));
}

/**
 * The discount rule of subscription `a` (a SQL alias of assinaturas): its own, else the plan's of
 * its client's newest active contract.
 */
export const descontoEfetivoSql = (a: SQL): SQL =>
  sql`COALESCE(${a}.desconto, (SELECT p.desconto FROM contratos c JOIN planos p ON p.id = c.idplano
      WHERE c.idcliente = ${a}.idcliente AND c.status = ${sql.raw(String(CONTRATO_STATUS.ATIVO))} ORDER BY c.id DESC LIMIT 1))`;

/** The discount rule a subscription's charges take now (descontoEfetivoSql), or null. */
export async function descontoDaAssinatura(tx: DbOrTx, idassinatura: number): Promise<Record<string, unknown> | null> {
  const result = (await tx.execute(
    sql`SELECT ${descontoEfetivoSql(sql`a`)} AS desconto FROM assinaturas a WHERE a.id = ${idassinatura}`,
  )) as unknown as { rows: Array<{ desconto: unknown }> };
  const value = result.rows[0]?.desconto;
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
}

/** The subscription an Asaas payment belongs to, locked. */
async function assinaturaDoPagamento(tx: DbOrTx, payment: GatewayPayment) {
  if (!payment.subscription) return undefined;
  const [row] = await tx
    .select({ id: assinaturas.id, formaCobranca: assinaturas.formaCobranca, cartao: assinaturas.cartao })
    .from(assinaturas)
    .where(eq(assinaturas.gatewayId, String(payment.subscription)))
    .for('update');
  return row;
}

/**
 * A payment paid by card (`payment.creditCard`) of a subscription collected by card: its card is
 * ativo, with the last 4 digits and the brand Asaas reports. Returns what it did, or ''.
 */
export async function cartaoDoPagamento(tx: DbOrTx, payment: GatewayPayment): Promise<string> {
  const card = payment.creditCard as { creditCardNumber?: unknown; creditCardBrand?: unknown } | undefined | null;
  if (!card || typeof card !== 'object') return '';
  const assinatura = await assinaturaDoPagamento(tx, payment);
  if (!assinatura || assinatura.formaCobranca !== 'cartao') return '';
  const final = String(card.creditCardNumber ?? '')
    .replace(/\D/g, '')
    .slice(-4);
  const cartao: CartaoEstado = { status: 'ativo', final: final || null, bandeira: String(card.creditCardBrand ?? '').slice(0, 40) || null };
  await tx.update(assinaturas).set({ cartao, updatedAt: new Date() }).where(eq(assinaturas.id, assinatura.id));
  return ` Cartão da assinatura ${assinatura.id} ativo${cartao.final ? ` (final ${cartao.final})` : ''}.`;
}

/**
 * PAYMENT_CREDIT_CARD_CAPTURE_REFUSED: the subscription's card is recusado, and the gateway's job
 * turns that payment UNDEFINED (PIX, boleto) and then sends the alert cartaoRecusado.
 */
export async function capturaRecusada(tx: DbOrTx, event: GatewayEvent, effects: Effects): Promise<string> {
  const payment = event.payment ?? {};
  if (!payment.id) return 'Evento sem pagamento: ignorado.';
  const [charge] = await tx
    .select({ id: cobrancas.id, idassinatura: cobrancas.idassinatura, status: cobrancas.status })
    .from(cobrancas)
    .where(eq(cobrancas.gatewayId, payment.id))
    .for('update');
  if (!charge) return 'Cobrança não encontrada.';
  const assinatura = await assinaturaDoPagamento(tx, payment);
  if (assinatura) {
    const antes = (assinatura.cartao ?? {}) as Partial<CartaoEstado>;
    const cartao: CartaoEstado = { status: 'recusado', final: antes.final ?? null, bandeira: antes.bandeira ?? null };
    await tx
      .update(assinaturas)
      .set({ cartao, updatedAt: new Date() })
      .where(and(eq(assinaturas.id, assinatura.id), eq(assinaturas.formaCobranca, 'cartao')));
  }
  await effects.queue.send(tx, QUEUES.asaas.name, { kind: 'cobranca-cartao-recusado', id: charge.id });
  return `Cartão recusado: a cobrança ${charge.id} passa a boleto ou PIX.`;
}

/** A charge just paid whose negativação is under way: the gateway's job cancels it (asaas/negativacao.ts). */
export async function negativacaoDoPagamento(tx: DbOrTx, id: number, effects: Effects): Promise<void> {
  const [row] = await tx.select({ status: cobrancas.negativacaoStatus }).from(cobrancas).where(eq(cobrancas.id, id));
  if (negativacaoEmCurso(row?.status)) await enqueueGateway(tx, effects.queue, [{ kind: 'negativacao-pago', id }]);
}

/** PAYMENT_DUNNING_REQUESTED: the charge's negativação is read again from Asaas (its status). */
export async function negativacaoEvento(tx: DbOrTx, event: GatewayEvent, effects: Effects): Promise<string> {
  const paymentId = event.payment?.id;
  if (!paymentId) return 'Evento sem pagamento: ignorado.';
  const [row] = await tx
    .select({ id: cobrancas.id, negativacao: cobrancas.negativacao })
    .from(cobrancas)
    .where(eq(cobrancas.gatewayId, paymentId));
  if (!row?.negativacao) return 'Cobrança sem negativação: ignorado.';
  await enqueueGateway(tx, effects.queue, [{ kind: 'negativacao-ler', id: row.id }]);
  return `Negativação da cobrança ${row.id}: situação lida de novo no Asaas.`;
}

/** The subscription's Pix Automático as the authorization's events leave it. */
const PIX_EVENTOS: Record<string, { status: string; volta: boolean }> = {
  PIX_AUTOMATIC_RECURRING_AUTHORIZATION_ACTIVATED: { status: 'ativa', volta: false },
  PIX_AUTOMATIC_RECURRING_AUTHORIZATION_CANCELLED: { status: 'cancelada', volta: true },
  PIX_AUTOMATIC_RECURRING_AUTHORIZATION_EXPIRED: { status: 'expirada', volta: true },
  PIX_AUTOMATIC_RECURRING_AUTHORIZATION_REFUSED: { status: 'recusada', volta: true },
};
export const PIX_AUTOMATICO_EVENTS = [...Object.keys(PIX_EVENTOS), 'PIX_AUTOMATIC_RECURRING_AUTHORIZATION_CREATED'];

/**
 * PIX_AUTOMATIC_RECURRING_AUTHORIZATION_*: ACTIVATED → ativa (the Asaas subscription goes INACTIVE:
 * the product creates each charge, debited with the authorization); CANCELLED, EXPIRED, REFUSED →
 * boleto_pix with why, the Asaas subscription ACTIVE again and the alert formaAlterada with the
 * open charge. CREATED changes nothing (the route stored it).
 */
export async function autorizacaoEvento(tx: DbOrTx, event: GatewayEvent, effects: Effects): Promise<string> {
  const id = String(event.authorization?.id ?? '');
  const efeito = PIX_EVENTOS[event.event];
  if (!id || !efeito) return 'Autorização registrada.';
  const [sub] = await tx
    .select({ id: assinaturas.id, pixAutomatico: assinaturas.pixAutomatico, formaCobranca: assinaturas.formaCobranca })
    .from(assinaturas)
    .where(sql`${assinaturas.pixAutomatico}->>'id' = ${id}`)
    .for('update');
  if (!sub) return 'Autorização desconhecida: ignorada.';
  const antes = (sub.pixAutomatico ?? {}) as Record<string, unknown>;
  // Already ended here (staff moved the subscription to another forma): nothing more.
  if (sub.formaCobranca !== 'pix_automatico') return `A assinatura ${sub.id} já não usa o Pix Automático.`;
  const motivo = efeito.volta ? (MSG_FORMA.pixMotivo[event.event.replace('PIX_AUTOMATIC_RECURRING_AUTHORIZATION_', '')] ?? null) : null;
  // Its QR code is no longer needed once answered.
  // (the immediate QR code's conciliationIdentifier stays: its payment may arrive after this event, pix-debito.ts).
  const pixAutomatico = { id, status: efeito.status, motivo, expiraEm: antes.expiraEm ?? null, conciliacao: antes.conciliacao ?? null };
  await tx
    .update(assinaturas)
    .set({ pixAutomatico, ...(efeito.volta ? { formaCobranca: 'boleto_pix' } : {}), updatedAt: new Date() })
    .where(eq(assinaturas.id, sub.id));
  await enqueueGateway(tx, effects.queue, [{ kind: 'assinatura', id: sub.id }]);
  if (efeito.volta) {
    const [open] = await tx
      .select({ id: cobrancas.id })
      .from(cobrancas)
      .where(and(eq(cobrancas.idassinatura, sub.id), cobrancaAbertaSql(sql, cobrancas.status)))
      .orderBy(cobrancas.duedate, cobrancas.id)
      .limit(1);
    if (open) {
      const [{ n }] = (
        (await tx.execute(
          sql`SELECT count(*)::int AS n FROM mensagens WHERE idcobranca = ${open.id} AND kind = 'formaAlterada'`,
        )) as unknown as { rows: Array<{ n: number }> }
      ).rows;
      await enqueueAlertas(tx, effects.queue, [{ idcobranca: open.id, kind: 'formaAlterada', occurrence: Number(n) }]);
    }
  }
  return `Pix Automático da assinatura ${sub.id}: ${efeito.status}.`;
}

/** SQL: whether the charge `c` (an alias of cobrancas) is debited by an active Pix Automático. */
export const debitoAutomaticoSql = (idassinatura: SQL): SQL =>
  sql`EXISTS (SELECT 1 FROM assinaturas pa WHERE pa.id = ${idassinatura} AND pa.forma_cobranca = 'pix_automatico' AND pa.pix_automatico->>'status' = 'ativa')`;
