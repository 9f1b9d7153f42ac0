/**
 * The payment gateway's sync jobs (issue 10 point 5), enqueued in the transaction of the change
 * that causes them while the gateway is active (status 1 and a token). The queue's handler
 * (asaas/sync.ts) makes the calls; a record imported from the gateway never gets one.
 */
import type { DbOrTx } from '../db/client';
import { asaasBaseUrl, type AsaasConfig } from '../integrations/asaas';
import { QUEUES, type JobQueue } from '../queue/boss';
import { companySecrets, getCompany, integrationActive, type CompanySettings } from '../regras/company';

export type GatewayJob =
  /** The client's customer: found by CPF/CNPJ or created; updated when it has one. */
  | { kind: 'cliente'; id: number }
  /** The charge's payment, then its novacobranca alert (enqueued by effects.ts on creation). */
  | { kind: 'cobranca'; id: number }
  /** The payment of an open charge whose value or due date staff changed; then its PIX and boleto again. */
  | { kind: 'cobranca-atualizar'; id: number }
  /** The charge's NFS-e (DESIGN 10): issued now, or scheduled for its due date (`agendar`). */
  | { kind: 'nfse-emitir'; id: number; agendar?: boolean }
  /** A charge staff received by hand (Receber): Asaas's payment marked received in cash, so it stops reminding the client. */
  | { kind: 'cobranca-receber'; id: number }
  /** The administrator's undo of Receber: Asaas's receipt in cash undone. */
  | { kind: 'cobranca-desfazer-recebimento'; id: number; gatewayId: string }
  /** A card capture Asaas refused (DESIGN 11): the payment turns UNDEFINED (PIX, boleto), then the alert cartaoRecusado. */
  | { kind: 'cobranca-cartao-recusado'; id: number }
  /** Negativação (DESIGN 11): read again after a PAYMENT_DUNNING_* event, or cancelled because the charge was paid. */
  | { kind: 'negativacao-ler'; id: number }
  | { kind: 'negativacao-pago'; id: number }
  /** A Pix Automático authorization staff replaced by another forma (DESIGN 11): cancelled in Asaas. */
  | { kind: 'pix-automatico-cancelar'; id: number; authorizationId: string }
  /** The payment of a charge cancelled or removed. */
  | { kind: 'cobranca-cancelar'; id: number; gatewayId: string }
  /**
   * The subscription: created, updated, or removed when it stops being active. `manterCobrancas`
   * (a readjustment, DESIGN 11): Asaas's payments already made keep their value.
   */
  | { kind: 'assinatura'; id: number; manterCobrancas?: boolean }
  /** The subscription of a removed record. */
  | { kind: 'assinatura-remover'; id: number; gatewayId: string };

/** The gateway's call settings, when it is active (the sync, the payment page's reads, the NFS-e and the import call with them). */
export async function asaasConfig(db: DbOrTx, baseUrlOverride?: string): Promise<AsaasConfig | null> {
  const company = await getCompany(db);
  if (!integrationActive(company, 'gateway')) return null;
  const token = String(company.integrations.gateway.token);
  return { token, baseUrl: asaasBaseUrl(token, baseUrlOverride), secrets: companySecrets(company) };
}

/**
 * The gateway's settings saved: when it turns on, or its key changes while on, the sync jobs that
 * wait for a retry or gave up (a wrong key answers 401 to every call) run now, instead of at their
 * back-off's next turn or never; each is idempotent (a charge already linked only gets its alert).
 */
export async function gatewaySettingsSaved(tx: DbOrTx, queue: JobQueue, before: CompanySettings, after: CompanySettings) {
  if (!integrationActive(after, 'gateway')) return;
  if (integrationActive(before, 'gateway') && before.integrations.gateway.token === after.integrations.gateway.token) return;
  await queue.retryNow(tx, QUEUES.asaas.name);
}

/** Enqueues the jobs when the gateway is active; nothing otherwise. */
export async function enqueueGateway(tx: DbOrTx, queue: JobQueue, jobs: GatewayJob[]): Promise<void> {
  if (!jobs.length || !integrationActive(await getCompany(tx), 'gateway')) return;
  await queue.sendMany(
    tx,
    QUEUES.asaas.name,
    jobs.map((data) => ({ data })),
  );
}

/** A client's fields its Asaas customer keeps (asaas/sync.ts `customerFields`). */
const CUSTOMER_FIELDS = [
  'cadastro',
  'name',
  'razaosocial',
  'email',
  'phone',
  'mobilePhone',
  'address',
  'addressNumber',
  'complement',
  'province',
  'postalCode',
] as const;

/** The client's customer must follow (it has one, and one of its fields changed). */
export const customerChanged = (before: Record<string, unknown>, after: Record<string, unknown> & { gatewayId: string | null }) =>
  Boolean(after.gatewayId) && CUSTOMER_FIELDS.some((field) => before[field] !== after[field]);

/** A subscription's fields its Asaas subscription keeps, or whose change makes it go (status). */
const SUBSCRIPTION_FIELDS = [
  'valor',
  'description',
  'cycle',
  'enddate',
  'multa',
  'jurosmensal',
  'status',
  'formaCobranca',
  'desconto',
] as const;

/** An object as JSON with its keys sorted (jsonb keeps its own key order). */
const canonical = (value: unknown): string =>
  value && typeof value === 'object'
    ? JSON.stringify(Object.fromEntries(Object.entries(value).sort(([x], [y]) => x.localeCompare(y))))
    : JSON.stringify(value ?? null);

/** Numeric columns come back as text from an UPDATE and as numbers from a read: compared as text of numbers; jsonb (desconto) as JSON. */
const same = (a: unknown, b: unknown) =>
  a === b ||
  (typeof a === 'object' && typeof b === 'object' && canonical(a) === canonical(b)) ||
  (a !== null && b !== null && typeof a !== 'object' && typeof b !== 'object' && a !== '' && b !== '' && Number(a) === Number(b));

export const subscriptionChanged = (before: Record<string, unknown>, after: Record<string, unknown>) =>
  SUBSCRIPTION_FIELDS.some((field) => !same(before[field], after[field]));

/** A payment as the gateway's events carry it (INTEGRATIONS.md 3): the fields read, the rest kept. */
export interface GatewayPayment {
  id?: string;
  status?: string;
  value?: number;
  billingType?: string;
  paymentDate?: string | null;
  clientPaymentDate?: string | null;
  externalReference?: string | null;
  subscription?: string | null;
  [key: string]: unknown;
}

export interface GatewayEvent {
  id: string;
  event: string;
  payment?: GatewayPayment;
  /** The NFS-e events' invoice (cobrancas/nfse.ts). */
  invoice?: Record<string, unknown>;
  /** Pix Automático's PIX_AUTOMATIC_RECURRING_AUTHORIZATION_* (cobrancas/formas.ts). */
  authorization?: Record<string, unknown>;
  /** Pix Automático's PIX_AUTOMATIC_RECURRING_PAYMENT_INSTRUCTION_* (cobrancas/pix-debito.ts). */
  paymentInstruction?: Record<string, unknown>;
}
