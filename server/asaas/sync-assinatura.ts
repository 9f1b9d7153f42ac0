/**
 * The Asaas sync of a subscription (sync.ts dispatches the job): created, updated with its forma's
 * billing type and its discount, or removed once inactive; the payments a new one generates become
 * charges; a card not typed yet is asked for. No transaction is held during a call: each result
 * is stored conditionally afterwards, so a retry or a second process never makes a second one.
 */
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { ASSINATURA_STATUS } from '../../domain/constants';
import { assinaturas, cobrancas } from '../db/schema';
import { asaas, type AsaasConfig } from '../integrations/asaas';
import { IntegrationError } from '../integrations/http';
import { assinaturaReference, chargeFromPayment } from './charges';
import { rateFields } from './campos';
import { getCompany } from '../regras/company';
import { syncInvoiceSettings } from '../cobrancas/nfse';
import { asaasDiscount } from '../../domain/desconto';
import { billingTypeDaForma } from '../../domain/forma-cobranca';
import { descontoDaAssinatura } from '../cobrancas/formas';
import { enqueueAlertas } from '../mensagens/alertas';
import { cobrancaAbertaSql } from '../../domain/cobranca';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Effects } from '../cobrancas/effects';

type AssinaturaRow = typeof assinaturas.$inferSelect;

/** The subscription is debited by an active Pix Automático authorization. */
export const pixAutomaticoAtivo = (sub: { formaCobranca: string | null; pixAutomatico: unknown }) =>
  sub.formaCobranca === 'pix_automatico' && (sub.pixAutomatico as { status?: unknown } | null)?.status === 'ativa';

export function createAssinaturaSync({
  db,
  effects,
  log,
  ensureCustomer,
}: {
  db: Db;
  effects: Effects;
  log: FastifyBaseLogger;
  /** The client's customer id (sync.ts): stored, found by CPF/CNPJ, or created. */
  ensureCustomer: (config: AsaasConfig, idcliente: number) => Promise<string | null>;
}) {
  /** The subscription's NFS-e settings in Asaas (DESIGN 10); a refusal is logged, the subscription stays synced. */
  async function invoiceSettingsOf(config: AsaasConfig, subscriptionId: string): Promise<string> {
    try {
      const done = await syncInvoiceSettings(config, await getCompany(db), subscriptionId);
      return done ? ` ${done}` : '';
    } catch (error) {
      if (!(error instanceof IntegrationError) || error.httpStatus !== 400) throw error;
      log.warn({ subscriptionId, code: error.code, detail: error.detail }, `Asaas recusou a NFS-e da assinatura: ${error.message}`);
      return ` NFS-e da assinatura recusada: ${error.message}`;
    }
  }

  /**
   * What Asaas keeps of a subscription: with its forma's billingType (a card: CREDIT_CARD, the
   * client types it on the payment's page) and its discount (its own or its plan's; DESIGN 11).
   */
  const subscriptionFields = async (sub: AssinaturaRow) => ({
    value: Number(sub.valor),
    cycle: sub.cycle,
    description: sub.description.slice(0, 500),
    ...(sub.enddate ? { endDate: sub.enddate } : {}),
    ...rateFields({ multa: Number(sub.multa), jurosmensal: Number(sub.jurosmensal) }),
    billingType: billingTypeDaForma(sub.formaCobranca),
    discount: asaasDiscount(await descontoDaAssinatura(db, sub.id)),
    // An active Pix Automático: the product creates each charge with the authorization (DESIGN 11).
    status: pixAutomaticoAtivo(sub) ? 'INACTIVE' : 'ACTIVE',
  });

  /**
   * A subscription collected by card whose card is not typed yet: the alert formaPagamento for its
   * oldest open charge with a payment, whose page (invoiceUrl) takes the card. Once per charge.
   */
  async function pedirCartao(sub: AssinaturaRow): Promise<string> {
    if (sub.formaCobranca !== 'cartao' || (sub.cartao as { status?: unknown } | null)?.status !== 'aguardando') return '';
    return db.transaction(async (tx) => {
      const [open] = await tx
        .select({ id: cobrancas.id })
        .from(cobrancas)
        .where(and(eq(cobrancas.idassinatura, sub.id), isNotNull(cobrancas.gatewayId), cobrancaAbertaSql(sql, cobrancas.status)))
        .orderBy(cobrancas.duedate, cobrancas.id)
        .limit(1);
      if (!open) return '';
      await enqueueAlertas(tx, effects.queue, [{ idcobranca: open.id, kind: 'formaPagamento' }]);
      return ` Pedido do cartão enviado com a cobrança ${open.id}.`;
    });
  }

  /** The payments a new subscription generated (the first at once), as charges: whichever of this and PAYMENT_CREATED comes first. */
  async function chargesOfSubscription(config: AsaasConfig, gatewayId: string) {
    let created = 0;
    for await (const page of asaas.subscriptionPayments(config, gatewayId)) {
      await db.transaction(async (tx) => {
        for (const payment of page) if ((await chargeFromPayment(tx, payment, effects)).includes('criada')) created++;
      });
    }
    return created;
  }

  async function syncAssinatura(config: AsaasConfig, id: number, manterCobrancas = false): Promise<string> {
    const [sub] = await db.select().from(assinaturas).where(eq(assinaturas.id, id));
    if (!sub) return 'Assinatura removida antes da sincronização.';
    if (sub.status !== ASSINATURA_STATUS.ATIVA) {
      if (!sub.gatewayId) return 'Assinatura inativa: nada a sincronizar.';
      await asaas.deleteSubscription(config, sub.gatewayId);
      await db
        .update(assinaturas)
        .set({ gatewayId: null })
        .where(and(eq(assinaturas.id, id), eq(assinaturas.gatewayId, sub.gatewayId)));
      return 'Assinatura inativa: removida do Asaas.';
    }
    if (sub.gatewayId) {
      try {
        await asaas.updateSubscription(config, sub.gatewayId, {
          ...(await subscriptionFields(sub)),
          updatePendingPayments: !manterCobrancas,
        });
        return `Assinatura atualizada no Asaas.${await invoiceSettingsOf(config, sub.gatewayId)}${await pedirCartao(sub)}`;
      } catch (error) {
        if (!(error instanceof IntegrationError) || error.httpStatus !== 404) throw error;
        // Removed in Asaas: made again.
        await db
          .update(assinaturas)
          .set({ gatewayId: null })
          .where(and(eq(assinaturas.id, id), eq(assinaturas.gatewayId, sub.gatewayId)));
      }
    }
    const customer = await ensureCustomer(config, sub.idcliente);
    if (!customer) return 'Cliente da assinatura não encontrado.';
    const reference = assinaturaReference(id);
    const remote =
      (await asaas.findSubscriptionByReference(config, reference)) ??
      (await asaas.createSubscription(config, {
        customer,
        nextDueDate: sub.nextduedate,
        externalReference: reference,
        ...(await subscriptionFields(sub)),
        // Asaas's own Pix Automático offer stays off: the product offers it (DESIGN 11).
        pixAutomaticAuthorizationMode: 'DISABLED',
      }));
    const [saved] = await db
      .update(assinaturas)
      .set({ gatewayId: remote.id })
      .where(and(eq(assinaturas.id, id), isNull(assinaturas.gatewayId)))
      .returning({ id: assinaturas.id });
    if (!saved) {
      const [now] = await db.select({ gatewayId: assinaturas.gatewayId }).from(assinaturas).where(eq(assinaturas.id, id));
      if (now?.gatewayId !== remote.id) await asaas.deleteSubscription(config, remote.id);
      return 'Assinatura alterada durante a sincronização; a do Asaas foi descartada.';
    }
    const created = await chargesOfSubscription(config, remote.id);
    return `Assinatura ${remote.id} criada no Asaas (${created} cobrança(s)).${await invoiceSettingsOf(config, remote.id)}${await pedirCartao(sub)}`;
  }

  return { syncAssinatura };
}
