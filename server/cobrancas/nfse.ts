/**
 * NFS-e through Asaas (DESIGN 10, INTEGRATIONS.md 3 "Beyond charges"), part of the gateway sync:
 * only these functions write a charge's `nfse` and `nfseStatus`.
 * - emitir: `POST /invoices` for the charge's payment, with the service, ISS and description of
 *   the settings; by hand (and on payment) it is issued now (`/authorize`), on the due date it is
 *   scheduled for that day. Asaas' refusal is stored as the NFS-e's error, in its pt-BR words;
 * - cancelar (administrators): `POST /invoices/{id}/cancel`;
 * - the `INVOICE_*` webhook events update the charge whose payment (or invoice) they name, applied
 *   once like payments (cobrancas/pagamentos.ts);
 * - a subscription gets Asaas' `invoiceSettings`, so Asaas invoices each of its payments.
 */
import { itensEmTexto, type Linha } from '../../domain/contratoItens';
import { eq, or, sql } from 'drizzle-orm';
import { clienteNome } from '../../domain/clientes';
import { COBRANCA_STATUS } from '../../domain/constants';
import { fillTemplate } from '../../domain/financeiro';
import { formatDate, formatMoney, formatNumero } from '../../domain/formatters';
import { MSG_NFSE, nfseFiltroDe, type Nfse, type NfseSettings } from '../../domain/nfse';
export { nfseAtiva };
import type { Db, DbOrTx } from '../db/client';
import { clientes, cobrancas } from '../db/schema';
import { conflict } from '../regras/http-errors';
import { asaas, type AsaasConfig, type AsaasInvoice } from '../integrations/asaas';
import { IntegrationError } from '../integrations/http';
import { appToday } from '../regras/clock';
import { getCompany, type CompanySettings } from '../regras/company';
import { asaasConfig } from './gateway';
import { nfseAtiva } from './nfse-config';

/** What Asaas keeps of the NFS-e settings (an invoice's or a subscription's). */
const serviceFields = (nfse: NfseSettings) => ({
  ...(nfse.municipalServiceId ? { municipalServiceId: nfse.municipalServiceId } : { municipalServiceCode: nfse.municipalServiceCode }),
  municipalServiceName: nfse.municipalServiceName,
  taxes: { retainIss: Boolean(nfse.retainIss), iss: Number(nfse.iss) || 0, cofins: 0, csll: 0, inss: 0, ir: 0, pis: 0 },
});

/** The charge's NFS-e as stored, from Asaas' invoice. */
export const nfseDe = (invoice: AsaasInvoice, erro: string | null = null): Nfse => ({
  id: invoice.id,
  status: invoice.status,
  numero: invoice.number ?? null,
  pdfUrl: invoice.pdfUrl ?? null,
  xmlUrl: invoice.xmlUrl ?? null,
  erro: invoice.status === 'ERROR' ? (invoice.statusDescription ?? erro ?? 'A prefeitura recusou a nota fiscal.') : erro,
});

async function store(db: DbOrTx, id: number, nfse: Nfse | null, filtro: string | null) {
  await db
    .update(cobrancas)
    .set({ nfse: nfse as Record<string, unknown> | null, nfseStatus: filtro })
    .where(eq(cobrancas.id, id));
}

/** How far an invoice has gone: SCHEDULED, then AUTHORIZED or ERROR, then cancellation. */
const ORDEM: Record<string, number> = {
  SCHEDULED: 0,
  AUTHORIZED: 1,
  ERROR: 1,
  PROCESSING_CANCELLATION: 2,
  CANCELLATION_DENIED: 3,
  CANCELED: 4,
};

/** A stored NFS-e that still stands (neither cancelled nor refused). */
const standing = (nfse: Nfse | null) => Boolean(nfse && nfse.status !== 'CANCELED' && nfse.status !== 'ERROR' && nfse.id);

export interface EmitirOptions {
  baseUrl?: string;
  /** Scheduled for the due date instead of issued now. */
  agendar?: boolean;
}

/** Issues (or schedules) the charge's NFS-e; a refusal by Asaas is stored and thrown as a 409 with its words. */
export async function emitirNfse(db: Db, id: number, options: EmitirOptions = {}): Promise<Nfse> {
  const company = await getCompany(db);
  const settings = nfseAtiva(company);
  const config = await asaasConfig(db, options.baseUrl);
  if (!settings || !config) throw conflict(MSG_NFSE.inativa);
  const [row] = await db
    .select({ cobranca: cobrancas, cliente: { cadastro: clientes.cadastro, name: clientes.name, razaosocial: clientes.razaosocial } })
    .from(cobrancas)
    .innerJoin(clientes, eq(clientes.id, cobrancas.idcliente))
    .where(eq(cobrancas.id, id));
  if (!row) throw conflict('Cobrança não encontrada.');
  const charge = row.cobranca;
  if (charge.status === COBRANCA_STATUS.CANCELADA) throw conflict(MSG_NFSE.cancelada);
  if (!charge.gatewayId) throw conflict(MSG_NFSE.semPagamento);
  if (standing(charge.nfse as Nfse | null)) throw conflict(MSG_NFSE.jaEmitida);
  // The alerts' placeholders (pt-BR names; a description saved with the English ones fills too).
  const descricao = fillTemplate(settings.descricao || '{{descricao}}', {
    codigo: formatNumero(charge.id),
    nome: clienteNome(row.cliente),
    descricao: charge.descricao,
    valor: formatMoney(charge.valor),
    vencimento: formatDate(charge.duedate),
    dataCriacao: formatDate(charge.datecreated),
    // A linked subscription's charge's lines (DESIGN 11): empty for a charge without them (its line is left out).
    itens: itensEmTexto(charge.itens as Linha[] | null),
  }).slice(0, 5000);
  const today = appToday();
  try {
    let invoice = await asaas.createInvoice(config, {
      payment: charge.gatewayId,
      serviceDescription: descricao || charge.descricao || `Cobrança ${formatNumero(charge.id)}`,
      observations: `Cobrança ${formatNumero(charge.id)}`,
      value: Number(charge.valor),
      deductions: 0,
      effectiveDate: options.agendar && charge.duedate > today ? charge.duedate : today,
      externalReference: String(charge.id),
      ...serviceFields(settings),
    });
    if (!options.agendar) invoice = await asaas.authorizeInvoice(config, invoice.id);
    const nfse = nfseDe(invoice);
    await store(db, id, nfse, nfseFiltroDe(invoice.status));
    return nfse;
  } catch (error) {
    if (!(error instanceof IntegrationError) || error.httpStatus !== 400) throw error;
    const nfse: Nfse = { id: '', status: 'ERROR', numero: null, pdfUrl: null, xmlUrl: null, erro: error.message };
    await store(db, id, nfse, 'erro');
    throw conflict(error.message);
  }
}

export async function cancelarNfse(db: Db, id: number, options: { baseUrl?: string } = {}): Promise<Nfse> {
  const config = await asaasConfig(db, options.baseUrl);
  if (!config) throw conflict(MSG_NFSE.inativa);
  const [charge] = await db.select({ nfse: cobrancas.nfse }).from(cobrancas).where(eq(cobrancas.id, id));
  const current = charge?.nfse as Nfse | null;
  if (!current?.id || current.status === 'CANCELED') throw conflict(MSG_NFSE.semNota);
  try {
    const invoice = await asaas.cancelInvoice(config, current.id);
    const nfse = nfseDe(invoice);
    await store(db, id, nfse, nfseFiltroDe(invoice.status));
    return nfse;
  } catch (error) {
    if (error instanceof IntegrationError && error.httpStatus === 400) throw conflict(error.message);
    throw error;
  }
}

/** Asaas' NFS-e events (INTEGRATIONS.md 3), payload key `invoice`: they arrive on the payment webhook and are applied once from the queue, like payments (workers.ts). */
export const INVOICE_EVENTS = [
  'INVOICE_CREATED',
  'INVOICE_UPDATED',
  'INVOICE_SYNCHRONIZED',
  'INVOICE_AUTHORIZED',
  'INVOICE_PROCESSING_CANCELLATION',
  'INVOICE_CANCELED',
  'INVOICE_CANCELLATION_DENIED',
  'INVOICE_ERROR',
] as const;

/** An `INVOICE_*` event, in the webhook's transaction: the charge whose payment or invoice it names follows. */
export async function aplicarEventoNfse(tx: DbOrTx, event: { event: string; invoice?: Record<string, unknown> }): Promise<string> {
  const invoice = event.invoice as unknown as AsaasInvoice | undefined;
  if (!invoice?.id || typeof invoice.status !== 'string') return 'Evento de nota fiscal sem nota: ignorado.';
  const [charge] = await tx
    .select({ id: cobrancas.id, nfse: cobrancas.nfse })
    .from(cobrancas)
    .where(
      invoice.payment
        ? or(eq(cobrancas.gatewayId, String(invoice.payment)), sql`${cobrancas.nfse}->>'id' = ${invoice.id}`)
        : sql`${cobrancas.nfse}->>'id' = ${invoice.id}`,
    )
    .limit(1)
    .for('update');
  if (!charge) return 'Nota fiscal de uma cobrança desconhecida: ignorada.';
  // Events are applied from the queue in any order: one never takes an invoice back to an earlier
  // state, nor replaces another invoice of the charge that still stands.
  const current = charge.nfse as Nfse | null;
  if (current?.id === invoice.id && (ORDEM[invoice.status] ?? 0) < (ORDEM[current.status] ?? 0))
    return `NFS-e ${invoice.id}: evento ${invoice.status} anterior ao estado ${current.status}; ignorado.`;
  if (current?.id && current.id !== invoice.id && standing(current))
    return `NFS-e ${invoice.id}: a cobrança tem outra nota (${current.id}); ignorado.`;
  await store(tx, charge.id, nfseDe(invoice), nfseFiltroDe(invoice.status));
  return `NFS-e ${invoice.id} da cobrança ${formatNumero(charge.id)}: ${invoice.status}.`;
}

const PERIODO: Record<string, string> = { pagamento: 'ON_PAYMENT_CONFIRMATION', vencimento: 'ON_PAYMENT_DUE_DATE' };

/** A subscription's invoiceSettings follow the NFS-e settings: set when issuing is automatic, removed otherwise. */
export async function syncInvoiceSettings(config: AsaasConfig, company: CompanySettings, subscriptionId: string): Promise<string> {
  const settings = nfseAtiva(company);
  // Never set up: nothing to call.
  if (!settings && !(company.integrations as unknown as { nfse?: NfseSettings }).nfse?.municipalServiceId) return '';
  if (!settings || settings.emissao === 'manual') {
    const removed = await asaas.deleteSubscriptionInvoiceSettings(config, subscriptionId);
    return removed ? 'NFS-e automática removida da assinatura.' : '';
  }
  const body = {
    ...serviceFields(settings),
    effectiveDatePeriod: PERIODO[settings.emissao],
    observations: 'Assinatura de rastreamento',
    deductions: 0,
  };
  try {
    await asaas.saveSubscriptionInvoiceSettings(config, subscriptionId, body, true);
  } catch (error) {
    if (!(error instanceof IntegrationError) || error.httpStatus !== 404) throw error;
    await asaas.saveSubscriptionInvoiceSettings(config, subscriptionId, body, false);
  }
  return 'NFS-e automática configurada na assinatura.';
}
