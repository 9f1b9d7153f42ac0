/**
 * The Asaas fake's records: shapes of the contract table in INTEGRATIONS.md section 3, ids, dates in
 * Brasília time, and the field validation that answers `{errors: [{code: "invalid_<field>", description}]}`.
 */
import { randomInt } from 'node:crypto';
import { wallClock } from '../../domain/calendar';

export interface AsaasError {
  code: string;
  description: string;
}

export interface AsaasCustomer {
  object: 'customer';
  id: string;
  dateCreated: string;
  name: string;
  email: string | null;
  phone: string | null;
  mobilePhone: string | null;
  address: string | null;
  addressNumber: string | null;
  complement: string | null;
  province: string | null;
  city: number | null;
  cityName: string | null;
  state: string | null;
  country: string;
  postalCode: string | null;
  cpfCnpj: string;
  personType: 'FISICA' | 'JURIDICA';
  deleted: boolean;
  additionalEmails: string | null;
  externalReference: string | null;
  notificationDisabled: boolean;
  observations: string | null;
  foreignCustomer: boolean;
  municipalInscription: string | null;
  stateInscription: string | null;
  groupName: string | null;
  company: string | null;
  [key: string]: unknown;
}

export interface AsaasPayment {
  object: 'payment';
  id: string;
  dateCreated: string;
  customer: string;
  subscription: string | null;
  installment: string | null;
  paymentLink: string | null;
  value: number;
  netValue: number;
  originalValue: number | null;
  interestValue: number | null;
  description: string | null;
  billingType: string;
  status: string;
  dueDate: string;
  originalDueDate: string;
  paymentDate: string | null;
  clientPaymentDate: string | null;
  confirmedDate: string | null;
  invoiceUrl: string;
  invoiceNumber: string;
  bankSlipUrl: string | null;
  nossoNumero: string | null;
  externalReference: string | null;
  deleted: boolean;
  anticipated: boolean;
  anticipable: boolean;
  creditDate: string | null;
  estimatedCreditDate: string | null;
  transactionReceiptUrl: string | null;
  discount: { value: number; limitDate: string | null; dueDateLimitDays: number; type: string };
  fine: { value: number; type: string };
  interest: { value: number; type: string };
  postalService: boolean;
  refunds: unknown[] | null;
  [key: string]: unknown;
}

export interface AsaasSubscription {
  object: 'subscription';
  id: string;
  dateCreated: string;
  customer: string;
  paymentLink: string | null;
  billingType: string;
  cycle: string;
  value: number;
  nextDueDate: string;
  endDate: string | null;
  description: string | null;
  status: 'ACTIVE' | 'EXPIRED' | 'INACTIVE';
  discount: AsaasPayment['discount'];
  fine: AsaasPayment['fine'];
  interest: AsaasPayment['interest'];
  deleted: boolean;
  maxPayments: number | null;
  externalReference: string | null;
  split: unknown[] | null;
  [key: string]: unknown;
}

export const BILLING_TYPES = ['BOLETO', 'CREDIT_CARD', 'PIX', 'UNDEFINED'];
export const CYCLES = ['WEEKLY', 'BIWEEKLY', 'MONTHLY', 'BIMONTHLY', 'QUARTERLY', 'SEMIANNUALLY', 'YEARLY'];
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export const asaasId = (prefix: string) => `${prefix}_${Array.from({ length: 12 }, () => ALNUM[randomInt(ALNUM.length)]).join('')}`;
export const error = (code: string, description: string): AsaasError => ({ code, description });

/** "YYYY-MM-DD HH:mm:ss" in Brasília time, as Asaas writes dates. */
export function brasilia(date = new Date()): string {
  const wall = wallClock(date, 'America/Sao_Paulo');
  return `${wall.year}-${wall.month}-${wall.day} ${wall.hour}:${wall.minute}:${wall.second}`;
}
export const today = () => brasilia().slice(0, 10);

export function isDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export function addCycle(date: string, cycle: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  const days: Record<string, number> = { WEEKLY: 7, BIWEEKLY: 14 };
  const months: Record<string, number> = { MONTHLY: 1, BIMONTHLY: 2, QUARTERLY: 3, SEMIANNUALLY: 6, YEARLY: 12 };
  if (days[cycle]) d.setUTCDate(d.getUTCDate() + days[cycle]);
  else d.setUTCMonth(d.getUTCMonth() + (months[cycle] ?? 1));
  return d.toISOString().slice(0, 10);
}

const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
const digits = (v: unknown) => (typeof v === 'string' ? v.replace(/\D/g, '') : null);

export function validateCustomer(input: Record<string, any>, partial: boolean): AsaasError[] {
  const errors: AsaasError[] = [];
  if ((!partial || 'name' in input) && (typeof input.name !== 'string' || !input.name.trim()))
    errors.push(error('invalid_name', 'O campo nome deve ser informado.'));
  if (!partial || 'cpfCnpj' in input) {
    if (typeof input.cpfCnpj !== 'string' || !input.cpfCnpj) errors.push(error('invalid_cpfCnpj', 'O campo CPF/CNPJ deve ser informado.'));
    else if (!/^(\d{11}|\d{14})$/.test(input.cpfCnpj)) errors.push(error('invalid_cpfCnpj', 'O CPF/CNPJ informado é inválido.'));
  }
  return errors;
}

export function buildCustomer(input: Record<string, any>, old?: AsaasCustomer): AsaasCustomer {
  const pick = (field: string) => (field in input ? text(input[field]) : ((old?.[field] as string | null) ?? null));
  const cpfCnpj = (input.cpfCnpj as string | undefined) ?? old!.cpfCnpj;
  return {
    object: 'customer',
    id: old?.id ?? asaasId('cus'),
    dateCreated: old?.dateCreated ?? today(),
    name: typeof input.name === 'string' ? input.name.trim() : old!.name,
    email: pick('email'),
    phone: 'phone' in input ? digits(input.phone) || null : (old?.phone ?? null),
    mobilePhone: 'mobilePhone' in input ? digits(input.mobilePhone) || null : (old?.mobilePhone ?? null),
    address: pick('address'),
    addressNumber: pick('addressNumber'),
    complement: pick('complement'),
    province: pick('province'),
    city: null,
    cityName: null,
    state: null,
    country: 'Brasil',
    postalCode: 'postalCode' in input ? digits(input.postalCode) || null : (old?.postalCode ?? null),
    cpfCnpj,
    personType: cpfCnpj.length === 14 ? 'JURIDICA' : 'FISICA',
    deleted: old?.deleted ?? false,
    additionalEmails: pick('additionalEmails'),
    externalReference: pick('externalReference'),
    notificationDisabled: 'notificationDisabled' in input ? input.notificationDisabled === true : (old?.notificationDisabled ?? false),
    observations: pick('observations'),
    foreignCustomer: input.foreignCustomer === true || (old?.foreignCustomer ?? false),
    municipalInscription: pick('municipalInscription'),
    stateInscription: pick('stateInscription'),
    groupName: pick('groupName'),
    company: pick('company'),
    canDelete: true,
    cannotBeDeletedReason: null,
    canEdit: true,
    cannotEditReason: null,
  };
}

/** Payment and subscription fields; `dateField` is dueDate or nextDueDate. */
export function validateCharge(
  input: Record<string, any>,
  opts: { partial: boolean; dateField: 'dueDate' | 'nextDueDate'; customerExists: (id: unknown) => boolean; cycle?: boolean },
): AsaasError[] {
  const errors: AsaasError[] = [];
  const check = (field: string) => !opts.partial || field in input;
  if (!opts.partial && !opts.customerExists(input.customer)) errors.push(error('invalid_customer', 'Cliente inválido ou não informado.'));
  if (check('billingType') && !BILLING_TYPES.includes(input.billingType))
    errors.push(error('invalid_billingType', 'Informe uma forma de pagamento válida: BOLETO, CREDIT_CARD, PIX ou UNDEFINED.'));
  if (check('value') && !(typeof input.value === 'number' && Number.isFinite(input.value) && input.value > 0))
    errors.push(error('invalid_value', 'O valor da cobrança deve ser maior que zero.'));
  if (check(opts.dateField) && !isDate(input[opts.dateField]))
    errors.push(error(`invalid_${opts.dateField}`, 'Informe uma data de vencimento válida no formato AAAA-MM-DD.'));
  if (opts.cycle && check('cycle') && !CYCLES.includes(input.cycle))
    errors.push(error('invalid_cycle', `Periodicidade inválida. Use uma destas: ${CYCLES.join(', ')}.`));
  if ('description' in input && input.description !== null && (typeof input.description !== 'string' || input.description.length > 500))
    errors.push(error('invalid_description', 'A descrição deve ter no máximo 500 caracteres.'));
  return errors;
}

function charges(input: Record<string, any>, old?: Pick<AsaasPayment, 'discount' | 'fine' | 'interest'>) {
  return {
    discount: { value: 0, limitDate: null, dueDateLimitDays: 0, type: 'FIXED', ...old?.discount, ...input.discount },
    fine: { value: 0, type: 'FIXED', ...old?.fine, ...input.fine },
    interest: { value: 0, type: 'PERCENTAGE', ...old?.interest, ...input.interest },
  };
}

let invoiceSequence = 0;
export function buildPayment(input: Record<string, any>, subscription: string | null = null): AsaasPayment {
  const id = asaasId('pay');
  const suffix = id.slice(4);
  const boleto = input.billingType === 'BOLETO';
  invoiceSequence += 1;
  return {
    object: 'payment',
    id,
    dateCreated: today(),
    customer: input.customer,
    subscription,
    installment: null,
    paymentLink: null,
    value: input.value,
    netValue: input.value,
    originalValue: null,
    interestValue: null,
    description: text(input.description),
    billingType: input.billingType,
    canBePaidAfterDueDate: true,
    pixTransaction: null,
    status: 'PENDING',
    dueDate: input.dueDate,
    originalDueDate: input.dueDate,
    paymentDate: null,
    clientPaymentDate: null,
    confirmedDate: null,
    installmentNumber: null,
    invoiceUrl: `https://sandbox.asaas.com/i/${suffix}`,
    invoiceNumber: String(invoiceSequence).padStart(8, '0'),
    bankSlipUrl: boleto ? `https://sandbox.asaas.com/b/pdf/${suffix}` : null,
    nossoNumero: boleto ? String(10_000_000 + invoiceSequence) : null,
    externalReference: text(input.externalReference),
    deleted: false,
    anticipated: false,
    anticipable: false,
    creditDate: null,
    estimatedCreditDate: null,
    transactionReceiptUrl: null,
    lastInvoiceViewedDate: null,
    lastBankSlipViewedDate: null,
    ...charges(input),
    postalService: input.postalService === true,
    // A Pix Automático debit (INTEGRATIONS.md 4.3): billingType PIX with the authorization.
    pixAutomaticAuthorizationId: typeof input.pixAutomaticAuthorizationId === 'string' ? input.pixAutomaticAuthorizationId : null,
    custody: null,
    refunds: null,
  };
}

/** Applies a PUT to a payment (fields already validated). */
export function updatePayment(payment: AsaasPayment, input: Record<string, any>): void {
  for (const field of ['billingType', 'value', 'dueDate'] as const) if (field in input) (payment as any)[field] = input[field];
  if ('value' in input) payment.netValue = input.value;
  if ('description' in input) payment.description = text(input.description);
  if ('externalReference' in input) payment.externalReference = text(input.externalReference);
  Object.assign(payment, charges(input, payment));
  const suffix = payment.id.slice(4);
  payment.bankSlipUrl = payment.billingType === 'BOLETO' ? `https://sandbox.asaas.com/b/pdf/${suffix}` : null;
  if (payment.status === 'OVERDUE' && payment.dueDate >= today()) payment.status = 'PENDING';
}

export function buildSubscription(input: Record<string, any>, old?: AsaasSubscription): AsaasSubscription {
  const pick = <T>(field: string, fallback: T): T => (field in input ? input[field] : ((old?.[field] as T | undefined) ?? fallback));
  return {
    object: 'subscription',
    id: old?.id ?? asaasId('sub'),
    dateCreated: old?.dateCreated ?? today(),
    customer: old?.customer ?? input.customer,
    paymentLink: null,
    billingType: pick('billingType', 'UNDEFINED'),
    cycle: pick('cycle', 'MONTHLY'),
    value: pick('value', 0),
    nextDueDate: pick('nextDueDate', today()),
    endDate: text(pick('endDate', null)),
    description: text(pick('description', null)),
    status: input.status === 'INACTIVE' || input.status === 'ACTIVE' ? input.status : (old?.status ?? 'ACTIVE'),
    ...charges(input, old),
    deleted: old?.deleted ?? false,
    maxPayments: pick('maxPayments', null),
    externalReference: text(pick('externalReference', null)),
    split: null,
    // Asaas's own Pix Automático offer (INTEGRATIONS.md 4.3): DISABLED turns it off; kept as sent.
    pixAutomaticAuthorizationMode: pick('pixAutomaticAuthorizationMode', null),
  };
}
