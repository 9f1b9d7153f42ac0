/**
 * Asaas API v3 (payments), the calls of INTEGRATIONS.md section 3: the header `access_token` (the
 * key, `$aact_prod_…` or `$aact_hmlg_…` for the sandbox), a `User-Agent`, errors as
 * `{ errors: [{ code, description }] }` whose description is already pt-BR, lists in the envelope
 * `{ hasMore, limit, offset, data }` (at most 100 a page). Creates answer 200.
 */
import { baseUrl, callApi, excerpt, IntegrationError } from './http';

export const ASAAS_PRODUCTION_URL = 'https://api.asaas.com/v3';
export const ASAAS_SANDBOX_URL = 'https://api-sandbox.asaas.com/v3';

export interface AsaasConfig {
  token: string;
  baseUrl: string;
  /** Every secret the company holds: cleaned out of Asaas' error texts (http.ts). */
  secrets?: readonly string[];
}

/** ASAAS_BASE_URL when set (a fake, a proxy); otherwise the key's own environment. */
export function asaasBaseUrl(token: string, override?: string): string {
  if (override) return baseUrl(override);
  return token.startsWith('$aact_hmlg_') ? ASAAS_SANDBOX_URL : ASAAS_PRODUCTION_URL;
}

export interface AsaasCustomer {
  id: string;
  name: string;
  cpfCnpj: string;
  personType?: 'FISICA' | 'JURIDICA';
  email?: string | null;
  phone?: string | null;
  mobilePhone?: string | null;
  address?: string | null;
  addressNumber?: string | null;
  complement?: string | null;
  province?: string | null;
  postalCode?: string | null;
  cityName?: string | null;
  state?: string | null;
  externalReference?: string | null;
  deleted?: boolean;
}

export interface AsaasRates {
  fine?: { value?: number; type?: string } | null;
  interest?: { value?: number; type?: string } | null;
}

export interface AsaasPayment extends AsaasRates {
  id: string;
  customer: string;
  subscription?: string | null;
  /** What the client pays; once paid, what they paid (an overdue one's fine and interest in it). */
  value: number;
  /** The charged value, when the payment was paid with fine and interest (value is then the amount paid). */
  originalValue?: number | null;
  description?: string | null;
  /** BOLETO, CREDIT_CARD, PIX, UNDEFINED (the client chooses); a paid one may also show DEBIT_CARD, TRANSFER, DEPOSIT. */
  billingType?: string | null;
  status: string;
  dueDate: string;
  dateCreated?: string;
  paymentDate?: string | null;
  clientPaymentDate?: string | null;
  invoiceUrl?: string | null;
  bankSlipUrl?: string | null;
  externalReference?: string | null;
  deleted?: boolean;
}

export interface AsaasSubscription extends AsaasRates {
  id: string;
  customer: string;
  value: number;
  cycle: string;
  nextDueDate: string;
  endDate?: string | null;
  description?: string | null;
  status: string;
  dateCreated?: string;
  externalReference?: string | null;
  deleted?: boolean;
}

/** GET /payments/{id}/pixQrCode (INTEGRATIONS.md 3, "Beyond charges"). */
export interface AsaasPixQrCode {
  encodedImage: string;
  payload: string;
  expirationDate?: string | null;
}

/** GET /payments/{id}/identificationField: the boleto's linha digitável. */
export interface AsaasIdentificationField {
  identificationField: string;
  nossoNumero?: string | null;
  barCode?: string | null;
}

/** An NFS-e (`inv_…`): scheduled, then issued on its effectiveDate. */
export interface AsaasInvoice {
  id: string;
  status: string;
  payment?: string | null;
  number?: string | null;
  pdfUrl?: string | null;
  xmlUrl?: string | null;
  statusDescription?: string | null;
  effectiveDate?: string | null;
  value?: number;
  externalReference?: string | null;
}

/** A Pix Automático authorization (INTEGRATIONS.md 4.3). */
export interface AsaasAuthorization {
  id: string;
  status: string;
  payload?: string;
  encodedImage?: string;
  immediateQrCode?: { conciliationIdentifier?: string; expirationDate?: string } | null;
  cancellationReason?: string | null;
}

/** POST /paymentDunnings/simulate (INTEGRATIONS.md 4.3). */
export interface AsaasDunningSimulation {
  payment?: string;
  value?: number;
  typeSimulations?: Array<{
    type?: string;
    isAllowed?: boolean;
    notAllowedReason?: string | null;
    feeValue?: number | null;
    netValue?: number | null;
    startDate?: string | null;
  }>;
}

/** A PaymentDunning (INTEGRATIONS.md 4.3). */
export interface AsaasDunning {
  id: string;
  status: string;
  payment?: string;
  requestDate?: string | null;
  feeValue?: number | null;
  denialReason?: string | null;
  canBeCancelled?: boolean;
  cannotBeCancelledReason?: string | null;
}

/** A municipal service the account may invoice (GET /fiscalInfo/services). */
export interface AsaasMunicipalService {
  id: string;
  description: string;
  issTax?: number | null;
}

interface AsaasList<T> {
  hasMore?: boolean;
  limit?: number;
  offset?: number;
  data?: T[];
}

/**
 * The first error of Asaas' `errors` array, in our words where the code says more than the text;
 * a refusal's description (pt-BR, written by Asaas for people) is kept, cleaned of secrets by http.ts.
 */
export function readAsaasError(status: number, text: string): { code: string; message: string; detail: string } {
  let code = `http_${status}`;
  let description = '';
  try {
    const first = (JSON.parse(text) as { errors?: Array<{ code?: unknown; description?: unknown }> }).errors?.[0];
    if (typeof first?.code === 'string' && first.code) code = first.code;
    if (typeof first?.description === 'string') description = excerpt(first.description, 300);
  } catch {
    // Not JSON (a proxy's page): only the status speaks.
  }
  const detail = description || excerpt(text);
  if (status === 401)
    return {
      code,
      message: 'O Asaas recusou a chave de API configurada: confira o token e o ambiente (produção ou sandbox).',
      detail,
    };
  if (status === 429) return { code, message: 'Limite de requisições do Asaas atingido: tente novamente em instantes.', detail };
  if (status === 404) return { code, message: 'Registro não encontrado no Asaas.', detail };
  if (status >= 500) return { code, message: `O Asaas está indisponível no momento (erro ${status}): tente novamente mais tarde.`, detail };
  return { code, message: description ? `Asaas: ${description}` : `O Asaas recusou a requisição (erro ${status}).`, detail };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function call<T>(config: AsaasConfig, method: Method, path: string, body?: unknown, timeoutMs?: number): Promise<T> {
  const { data } = await callApi({
    timeoutMs,
    service: 'Asaas',
    url: `${baseUrl(config.baseUrl)}${path}`,
    method,
    // GET must carry no body (Asaas answers 403).
    body: method === 'GET' || method === 'DELETE' ? undefined : body,
    headers: { access_token: config.token },
    readError: readAsaasError,
    secrets: [config.token, ...(config.secrets ?? [])],
  });
  return data as T;
}

const query = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
};

/** The largest page Asaas serves. */
export const ASAAS_PAGE_SIZE = 100;

/** A list, page by page (limit 100, offset moving on while `hasMore`). */
export async function* asaasPages<T>(
  config: AsaasConfig,
  path: string,
  params: Record<string, string | number | undefined> = {},
): AsyncGenerator<T[]> {
  let offset = 0;
  // A list that keeps saying hasMore with empty pages would loop for ever: an empty page ends it.
  for (;;) {
    const page = await call<AsaasList<T>>(config, 'GET', `${path}${query({ ...params, limit: ASAAS_PAGE_SIZE, offset })}`);
    const data = page?.data ?? [];
    if (data.length) yield data;
    if (!page?.hasMore || !data.length) return;
    offset += data.length;
  }
}

async function first<T extends { deleted?: boolean }>(config: AsaasConfig, path: string, params: Record<string, string>) {
  const page = await call<AsaasList<T>>(config, 'GET', `${path}${query({ ...params, limit: 10 })}`);
  return (page?.data ?? []).find((item) => !item.deleted);
}

/** DELETE that treats 404 (already gone) as done. */
async function remove(config: AsaasConfig, path: string): Promise<boolean> {
  try {
    await call(config, 'DELETE', path);
    return true;
  } catch (error) {
    if (error instanceof IntegrationError && error.httpStatus === 404) return false;
    throw error;
  }
}

const id = (value: string) => encodeURIComponent(value);

export const asaas = {
  findCustomerByCpfCnpj: (config: AsaasConfig, cpfCnpj: string) => first<AsaasCustomer>(config, '/customers', { cpfCnpj }),
  createCustomer: (config: AsaasConfig, body: Record<string, unknown>) => call<AsaasCustomer>(config, 'POST', '/customers', body),
  updateCustomer: (config: AsaasConfig, customerId: string, body: Record<string, unknown>) =>
    call<AsaasCustomer>(config, 'PUT', `/customers/${id(customerId)}`, body),

  findPaymentByReference: (config: AsaasConfig, externalReference: string) =>
    first<AsaasPayment>(config, '/payments', { externalReference }),
  createPayment: (config: AsaasConfig, body: Record<string, unknown>) => call<AsaasPayment>(config, 'POST', '/payments', body),
  deletePayment: (config: AsaasConfig, paymentId: string) => remove(config, `/payments/${id(paymentId)}`),
  /** Money received outside Asaas (staff's Receber): the payment is closed there, the client not told. */
  receiveInCash: (config: AsaasConfig, paymentId: string, body: { paymentDate: string; value: number; notifyCustomer: false }) =>
    call<AsaasPayment>(config, 'POST', `/payments/${id(paymentId)}/receiveInCash`, body),
  undoReceivedInCash: (config: AsaasConfig, paymentId: string) =>
    call<AsaasPayment>(config, 'POST', `/payments/${id(paymentId)}/undoReceivedInCash`, {}),
  getPayment: (config: AsaasConfig, paymentId: string) => call<AsaasPayment>(config, 'GET', `/payments/${id(paymentId)}`),
  /** PUT requires billingType, value and dueDate (INTEGRATIONS.md 4.3); only while PENDING or OVERDUE. */
  updatePayment: (
    config: AsaasConfig,
    paymentId: string,
    body: { billingType: string; value: number; dueDate: string } & Record<string, unknown>,
  ) => call<AsaasPayment>(config, 'PUT', `/payments/${id(paymentId)}`, body),
  /** The payment's PIX (QR code image and copia-e-cola); `timeoutMs` short when a page waits for it. */
  pixQrCode: (config: AsaasConfig, paymentId: string, timeoutMs?: number) =>
    call<AsaasPixQrCode>(config, 'GET', `/payments/${id(paymentId)}/pixQrCode`, undefined, timeoutMs),
  identificationField: (config: AsaasConfig, paymentId: string, timeoutMs?: number) =>
    call<AsaasIdentificationField>(config, 'GET', `/payments/${id(paymentId)}/identificationField`, undefined, timeoutMs),

  createInvoice: (config: AsaasConfig, body: Record<string, unknown>) => call<AsaasInvoice>(config, 'POST', '/invoices', body),
  getInvoice: (config: AsaasConfig, invoiceId: string) => call<AsaasInvoice>(config, 'GET', `/invoices/${id(invoiceId)}`),
  authorizeInvoice: (config: AsaasConfig, invoiceId: string) =>
    call<AsaasInvoice>(config, 'POST', `/invoices/${id(invoiceId)}/authorize`, {}),
  cancelInvoice: (config: AsaasConfig, invoiceId: string) =>
    call<AsaasInvoice>(config, 'POST', `/invoices/${id(invoiceId)}/cancel`, { cancelOnlyOnAsaas: false }),
  /** The municipal services the account may invoice (at most the first 100, filtered by `description`). */
  municipalServices: async (config: AsaasConfig, description = '') =>
    (await call<AsaasList<AsaasMunicipalService>>(config, 'GET', `/fiscalInfo/services${query({ description, limit: ASAAS_PAGE_SIZE })}`))
      ?.data ?? [],
  saveSubscriptionInvoiceSettings: (config: AsaasConfig, subscriptionId: string, body: Record<string, unknown>, exists: boolean) =>
    call<Record<string, unknown>>(config, exists ? 'PUT' : 'POST', `/subscriptions/${id(subscriptionId)}/invoiceSettings`, body),
  deleteSubscriptionInvoiceSettings: (config: AsaasConfig, subscriptionId: string) =>
    remove(config, `/subscriptions/${id(subscriptionId)}/invoiceSettings`),

  findSubscriptionByReference: (config: AsaasConfig, externalReference: string) =>
    first<AsaasSubscription>(config, '/subscriptions', { externalReference }),
  /** Negativação (INTEGRATIONS.md 4.3, paymentDunnings): the simulation, `payment` as a query parameter and no body. */
  simulateDunning: (config: AsaasConfig, paymentId: string) =>
    call<AsaasDunningSimulation>(config, 'POST', `/paymentDunnings/simulate${query({ payment: paymentId })}`),
  /** A negativação request: multipart/form-data, as Asaas takes it. */
  createDunning: (config: AsaasConfig, fields: Record<string, string>) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) if (value !== '') form.set(key, value);
    return call<AsaasDunning>(config, 'POST', '/paymentDunnings', form);
  },
  getDunning: (config: AsaasConfig, dunningId: string) => call<AsaasDunning>(config, 'GET', `/paymentDunnings/${id(dunningId)}`),
  cancelDunning: (config: AsaasConfig, dunningId: string) => call<AsaasDunning>(config, 'POST', `/paymentDunnings/${id(dunningId)}/cancel`),
  /** Pix Automático (INTEGRATIONS.md 4.3): an authorization with its immediate QR code. */
  createAuthorization: (config: AsaasConfig, body: Record<string, unknown>) =>
    call<AsaasAuthorization>(config, 'POST', '/pix/automatic/authorizations', body),
  createSubscription: (config: AsaasConfig, body: Record<string, unknown>) =>
    call<AsaasSubscription>(config, 'POST', '/subscriptions', body),
  updateSubscription: (config: AsaasConfig, subscriptionId: string, body: Record<string, unknown>) =>
    call<AsaasSubscription>(config, 'PUT', `/subscriptions/${id(subscriptionId)}`, body),
  deleteSubscription: (config: AsaasConfig, subscriptionId: string) => remove(config, `/subscriptions/${id(subscriptionId)}`),
  /** Cancels a Pix Automático authorization (false when Asaas no longer has it). */
  cancelAuthorization: (config: AsaasConfig, authorizationId: string) =>
    remove(config, `/pix/automatic/authorizations/${id(authorizationId)}`),
  subscriptionPayments: (config: AsaasConfig, subscriptionId: string) =>
    asaasPages<AsaasPayment>(config, `/subscriptions/${id(subscriptionId)}/payments`),
};
