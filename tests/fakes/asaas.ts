/**
 * A local Asaas API v3 (base /v3): header `access_token`, creates answer 200, errors as
 * `{errors: [{code, description}]}`, list envelope, bracket filters (`dueDate[ge]`) read from the raw
 * query, and webhooks POSTed with `asaas-access-token`, one at a time in order (sendType SEQUENTIALLY).
 * See INTEGRATIONS.md, section 3. Records and validation live in asaas-model.ts.
 *
 * Control API (no auth, besides the common one in control.ts):
 *   GET  /__fake/state                       {customers, payments, subscriptions, webhooks, deliveries}
 *   POST /__fake/pay/{paymentId}             {event?: "PAYMENT_RECEIVED" | "PAYMENT_CONFIRMED", billingType?: "PIX" | "BOLETO" | "CREDIT_CARD", value?}
 *   POST /__fake/overdue/{paymentId}, /__fake/refund/{paymentId}
 *   POST /__fake/next-payment/{subscriptionId}   the subscription's next payment
 *   POST /__fake/webhook                     {url, authToken}
 *   POST /__fake/rate-limit                  {n}: the next n API requests answer 429
 *   POST /__fake/echo-body                   {n}: the next n API writes answer 400 with a description
 *                                            repeating the body they carried (as Asaas sometimes does)
 *   POST /__fake/pix-off                     {off}: pixQrCode answers 400 (an account without a PIX key), or again 200
 *   POST /__fake/card/{paymentId}            {number?, brand?}: the payer typed a card on the invoiceUrl (INTEGRATIONS.md 4.3):
 *                                            CONFIRMED with creditCard {creditCardNumber (last 4), creditCardBrand,
 *                                            creditCardToken}, PAYMENT_CONFIRMED; a sandbox refused number
 *                                            (5184019740373151, 4916561358240741) answers 400 and changes nothing
 *   POST /__fake/capture-refused/{paymentId} the due date's capture refused: PAYMENT_CREDIT_CARD_CAPTURE_REFUSED (status kept)
 *
 * NFS-e (invoices, fiscalInfo/services, subscription invoiceSettings, INVOICE_* webhooks): asaas-fiscal.ts.
 * Negativação (paymentDunnings, PAYMENT_DUNNING_* webhooks, the "feature not enabled" 403): asaas-dunning.ts.
 * PUT /v3/payments/{id} requires billingType, value and dueDate (INTEGRATIONS.md 4.3): 400 invalid_<field> without one.
 * Beyond charges (INTEGRATIONS.md 3): `GET /v3/payments/{id}/pixQrCode` and `/identificationField`,
 * payable payments only (404 unknown or removed, 400 paid or refunded, 400 card-only); both change
 * when the payment's value or due date changes.
 */
import type { ServerResponse } from 'node:http';
import { fail, filter, list, notFound } from './asaas-http';
import {
  addCycle,
  brasilia,
  buildCustomer,
  buildPayment,
  buildSubscription,
  error,
  today,
  updatePayment,
  validateCharge,
  validateCustomer,
  type AsaasCustomer,
  type AsaasPayment,
  type AsaasSubscription,
} from './asaas-model';
import { publicWebhook, webhookDispatcher, webhookFrom, type AsaasDelivery, type AsaasEvent, type AsaasWebhook } from './asaas-webhooks';
import { addCommonControl, controlBody } from './control';
import { qrLikePngBase64 } from './png';
import { addFiscalRoutes, type AsaasInvoice } from './asaas-fiscal';
import { addDunningRoutes, type AsaasAuthorization, type AsaasDunning } from './asaas-dunning';
import { asObject, dispatch, parseJson, Router, sendJson, startFakeServer, type FakeRequest, type RequestLog } from './http';

export type { AsaasCustomer, AsaasPayment, AsaasSubscription } from './asaas-model';
export type { AsaasDelivery, AsaasEvent, AsaasWebhook } from './asaas-webhooks';
export type { AsaasInvoice } from './asaas-fiscal';
export type { AsaasAuthorization, AsaasDunning } from './asaas-dunning';

export interface AsaasFake {
  /** `http://127.0.0.1:PORT/v3`. */
  url: string;
  apiKey: string;
  customers: Map<string, AsaasCustomer>;
  payments: Map<string, AsaasPayment>;
  subscriptions: Map<string, AsaasSubscription>;
  webhooks: AsaasWebhook[];
  events: Map<string, AsaasEvent>;
  deliveries: AsaasDelivery[];
  setWebhook(url: string, authToken?: string | null): void;
  pay(paymentId: string, opts?: AsaasPayOptions): AsaasPayment;
  overdue(paymentId: string): AsaasPayment;
  refund(paymentId: string): AsaasPayment;
  deletePayment(paymentId: string): AsaasPayment;
  /** The subscription's next payment (due on its nextDueDate, which then moves one cycle on). */
  generateNextPayment(subscriptionId: string): AsaasPayment;
  /** The payer typed a card on the payment's page (a sandbox refused number throws). */
  typeCard(paymentId: string, card?: { number?: string; brand?: string }): AsaasPayment;
  /** A refused capture of a card payment: PAYMENT_CREDIT_CARD_CAPTURE_REFUSED. */
  refuseCapture(paymentId: string): AsaasPayment;
  /** POSTs a delivered event again, same id (Asaas delivers at least once). */
  replay(eventId: string): void;
  rateLimit(n: number): void;
  /** The next n API writes answer 400 repeating their body (/__fake/echo-body). */
  echoBody(n: number): void;
  /** NFS-e (asaas-fiscal.ts): the invoices, and the city hall's answer to one. */
  invoices: Map<string, AsaasInvoice>;
  invoiceSettings: Map<string, Record<string, unknown>>;
  authorizeInvoice(invoiceId: string): AsaasInvoice;
  failInvoice(invoiceId: string, description?: string): AsaasInvoice;
  setFiscalConfigured(configured: boolean): void;
  /** Negativação (asaas-dunning.ts): the dunnings, a status lever (with its PAYMENT_DUNNING_* event), cancellable or not, the simulation's isAllowed. */
  dunnings: Map<string, AsaasDunning>;
  setDunningStatus(id: string, status: string): unknown;
  setDunningCancelable(id: string, cancelable: boolean, reason?: string): unknown;
  setDunningAllowed(allowed: boolean, reason?: string): void;
  /** The account lacks a feature Asaas enables on request ("paymentDunnings", "pixAutomatic"): its routes answer 403. */
  setFeatureOff(feature: string, off: boolean): void;
  /** Pix Automático (asaas-dunning.ts): the authorizations, and the lever of each AUTHORIZATION_* event. */
  authorizations: Map<string, AsaasAuthorization>;
  authorizationEvent(id: string, event: string): AsaasAuthorization;
  /** A Pix Automático debit's instruction: PIX_AUTOMATIC_RECURRING_PAYMENT_INSTRUCTION_{event} for a payment. */
  instructionEvent(paymentId: string, event: string, refusalReason?: string): Record<string, unknown>;
  /** Resolves when every webhook delivery queued so far has been answered. */
  idle(): Promise<void>;
  requests: RequestLog[];
  stop(): Promise<void>;
  restart(): Promise<void>;
  setDelay(ms: number): void;
  /** Every API request answers `status` with the key it carried repeated in the description (0: off). */
  setEchoKey(status: number): void;
  close(): Promise<void>;
}

export const DEFAULT_ASAAS_KEY = `$aact_hmlg_${'0'.repeat(99)}`;
const PAID = ['RECEIVED', 'CONFIRMED', 'RECEIVED_IN_CASH'];
const PUT_PAYMENT_REQUIRED = ['billingType', 'value', 'dueDate'] as const;

/**
 * How the client pays, in the fake's `pay`: the billing type they chose (a payment created UNDEFINED
 * takes it; default PIX) and the amount (default the payment's value; an overdue one's with fine
 * and interest). The payment's value becomes the amount paid (originalValue keeps the charged one)
 * and netValue what is left after Asaas' fee.
 */
export interface AsaasPayOptions {
  event?: 'PAYMENT_RECEIVED' | 'PAYMENT_CONFIRMED';
  billingType?: 'PIX' | 'BOLETO' | 'CREDIT_CARD';
  value?: number;
}
const ASAAS_FEE = 1.99;
/** Cards the sandbox refuses (INTEGRATIONS.md 4.3); any other is approved. */
const REFUSED_CARDS = ['5184019740373151', '4916561358240741'];

export async function startAsaasFake(opts: { port?: number; apiKey?: string } = {}): Promise<AsaasFake> {
  const apiKey = opts.apiKey ?? DEFAULT_ASAAS_KEY;
  const customers = new Map<string, AsaasCustomer>();
  const payments = new Map<string, AsaasPayment>();
  const subscriptions = new Map<string, AsaasSubscription>();
  const outgoing = webhookDispatcher();
  const { webhooks, emit } = outgoing;
  let limited = 0;
  let echoBodies = 0;
  let pixOff = false;

  const newest = <T>(map: Map<string, T>) => [...map.values()].reverse();
  const customerExists = (id: unknown) => typeof id === 'string' && customers.get(id)?.deleted === false;

  function payment(id: string): AsaasPayment {
    const found = payments.get(id);
    if (!found) throw new Error(`asaas fake: no payment ${id}`);
    return found;
  }
  function createPayment(input: Record<string, any>, subscription: string | null): AsaasPayment {
    const created = buildPayment(input, subscription);
    payments.set(created.id, created);
    emit('PAYMENT_CREATED', created);
    return created;
  }
  function setStatus(id: string, status: string, event: string, change: Partial<AsaasPayment> = {}): AsaasPayment {
    const found = Object.assign(payment(id), { status }, change);
    emit(event, found);
    return found;
  }
  function deletePayment(id: string): AsaasPayment {
    const found = Object.assign(payment(id), { deleted: true });
    emit('PAYMENT_DELETED', found);
    return found;
  }
  function generateNextPayment(subscriptionId: string): AsaasPayment {
    const sub = subscriptions.get(subscriptionId);
    if (!sub) throw new Error(`asaas fake: no subscription ${subscriptionId}`);
    const next = createPayment({ ...sub, dueDate: sub.nextDueDate }, sub.id);
    sub.nextDueDate = addCycle(sub.nextDueDate, sub.cycle);
    return next;
  }

  /** A payment whose PIX or boleto can be read, or the error already sent. */
  function payable(req: FakeRequest, res: ServerResponse): AsaasPayment | undefined {
    const found = payments.get(req.params.id);
    if (!found || found.deleted) return void notFound(res);
    if (PAID.includes(found.status) || found.status.startsWith('REFUND'))
      return void fail(res, 400, error('invalid_action', 'Esta cobrança já foi paga ou estornada.'));
    if (found.billingType === 'CREDIT_CARD')
      return void fail(res, 400, error('invalid_billingType', 'Esta cobrança só aceita cartão de crédito.'));
    return found;
  }

  /** The PIX copia-e-cola and the boleto's line of a payment as it is now (value and due date in them). */
  function paymentCodes(found: AsaasPayment) {
    const cents = String(Math.round(found.value * 100)).padStart(10, '0');
    const due = found.dueDate.replace(/-/g, '');
    const nosso = found.nossoNumero ?? found.id.slice(4, 12).toUpperCase();
    const payload = `00020101021226820014br.gov.bcb.pix2560pix.asaas.fake/qr/${found.id}52040000530398654${String(found.value.toFixed(2)).length.toString().padStart(2, '0')}${found.value.toFixed(2)}5802BR5905ASAAS6009SAO PAULO62070503${due}6304FAKE`;
    const digits = `23793${due}${cents}${nosso}`.replace(/\D/g, '0').padEnd(47, '0').slice(0, 47);
    const identificationField = `${digits.slice(0, 5)}.${digits.slice(5, 10)} ${digits.slice(10, 15)}.${digits.slice(15, 21)} ${digits.slice(21, 26)}.${digits.slice(26, 32)} ${digits.slice(32, 33)} ${digits.slice(33)}`;
    return { payload, boleto: { identificationField, nossoNumero: nosso, barCode: digits.slice(0, 44) } };
  }

  /** The JSON body of a POST/PUT as an object, or a 400 already sent. */
  function body(req: FakeRequest, res: ServerResponse): Record<string, any> | undefined {
    const parsed = parseJson(req.rawBody);
    const object = parsed.ok ? asObject(parsed.value ?? {}) : undefined;
    if (!object) fail(res, 400, error('invalid_object', 'O corpo da requisição não é um JSON válido.'));
    return object;
  }

  /** A collection's GET: the records not removed, newest first, filtered by the query's `equal` fields and `dates`. */
  const listed =
    <T extends { deleted: boolean }>(items: Map<string, T>, equal: string[], dates?: string[]) =>
    (req: FakeRequest, res: ServerResponse) => {
      const live = newest(items).filter((item) => !item.deleted);
      list(req, res, filter(live, req.query, equal, dates));
    };

  const router = new Router()
    .on('GET', '/v3/customers', listed(customers, ['email', 'cpfCnpj', 'groupName', 'externalReference']))
    .on('POST', '/v3/customers', (req, res) => {
      const input = body(req, res);
      if (!input) return;
      const errors = validateCustomer(input, false);
      if (errors.length) return fail(res, 400, ...errors);
      const customer = buildCustomer(input);
      customers.set(customer.id, customer);
      sendJson(res, 200, customer);
    })
    .on(
      'GET',
      '/v3/payments',
      listed(
        payments,
        ['customer', 'subscription', 'installment', 'status', 'billingType', 'externalReference'],
        ['dueDate', 'paymentDate', 'dateCreated', 'estimatedCreditDate'],
      ),
    )
    .on('POST', '/v3/payments', (req, res) => {
      const input = body(req, res);
      if (!input) return;
      const errors = validateCharge(input, { partial: false, dateField: 'dueDate', customerExists });
      if (errors.length) return fail(res, 400, ...errors);
      sendJson(res, 200, createPayment(input, null));
    })
    .on('POST', '/v3/payments/:id/restore', (req, res) => {
      const found = payments.get(req.params.id);
      if (!found) return notFound(res);
      if (!found.deleted) return fail(res, 400, error('invalid_action', 'Esta cobrança não está removida.'));
      found.deleted = false;
      emit('PAYMENT_RESTORED', found);
      sendJson(res, 200, found);
    })
    .on('POST', '/v3/payments/:id/receiveInCash', (req, res) => {
      const found = payments.get(req.params.id);
      if (!found || found.deleted) return notFound(res);
      const input = body(req, res);
      if (!input) return;
      if (PAID.includes(found.status) || found.status.startsWith('REFUND'))
        return fail(res, 400, error('invalid_action', 'Esta cobrança já foi recebida.'));
      if (typeof input.paymentDate !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(input.paymentDate))
        return fail(res, 400, error('invalid_paymentDate', 'Informe a data de pagamento.'));
      if (typeof input.value !== 'number' || !(input.value > 0)) return fail(res, 400, error('invalid_value', 'Informe o valor recebido.'));
      // Marked received by hand: Asaas sends PAYMENT_RECEIVED with the status RECEIVED_IN_CASH.
      sendJson(
        res,
        200,
        setStatus(found.id, 'RECEIVED_IN_CASH', 'PAYMENT_RECEIVED', {
          paymentDate: input.paymentDate,
          clientPaymentDate: input.paymentDate,
        }),
      );
    })
    .on('POST', '/v3/payments/:id/undoReceivedInCash', (req, res) => {
      const found = payments.get(req.params.id);
      if (!found || found.deleted) return notFound(res);
      if (found.status !== 'RECEIVED_IN_CASH')
        return fail(res, 400, error('invalid_action', 'Só é possível desfazer o recebimento de cobranças recebidas em dinheiro.'));
      const status = found.dueDate < today() ? 'OVERDUE' : 'PENDING';
      sendJson(res, 200, setStatus(found.id, status, 'PAYMENT_RECEIVED_IN_CASH_UNDONE', { paymentDate: null, clientPaymentDate: null }));
    })
    .on('GET', '/v3/payments/:id/pixQrCode', (req, res) => {
      const found = payable(req, res);
      if (!found) return;
      if (pixOff) return fail(res, 400, error('invalid_action', 'Não há nenhuma chave Pix cadastrada para receber cobranças.'));
      const { payload } = paymentCodes(found);
      // Payable once, until 12 months after the due date.
      const expiration = new Date(`${found.dueDate}T23:59:59Z`);
      expiration.setUTCFullYear(expiration.getUTCFullYear() + 1);
      sendJson(res, 200, {
        encodedImage: qrLikePngBase64(payload),
        payload,
        expirationDate: `${expiration.toISOString().slice(0, 10)} 23:59:59`,
      });
    })
    .on('GET', '/v3/payments/:id/identificationField', (req, res) => {
      const found = payable(req, res);
      if (!found) return;
      sendJson(res, 200, paymentCodes(found).boleto);
    })
    .on('GET', '/v3/subscriptions', (req, res) => {
      const deletedOnly = req.query.get('deletedOnly') === 'true';
      const includeDeleted = req.query.get('includeDeleted') === 'true';
      const visible = newest(subscriptions).filter((s) => (deletedOnly ? s.deleted : includeDeleted || !s.deleted));
      list(req, res, filter(visible, req.query, ['customer', 'billingType', 'status', 'externalReference']));
    })
    .on('POST', '/v3/subscriptions', (req, res) => {
      const input = body(req, res);
      if (!input) return;
      const errors = validateCharge(input, { partial: false, dateField: 'nextDueDate', customerExists, cycle: true });
      if (errors.length) return fail(res, 400, ...errors);
      const sub = buildSubscription(input);
      subscriptions.set(sub.id, sub);
      const created = structuredClone(sub); // the answer shows the nextDueDate asked for; the first payment then moves it
      generateNextPayment(sub.id);
      sendJson(res, 200, created);
    })
    .on('GET', '/v3/subscriptions/:id/payments', (req, res) => {
      if (!subscriptions.has(req.params.id)) return notFound(res);
      const own = newest(payments).filter((p) => p.subscription === req.params.id && !p.deleted);
      list(req, res, filter(own, req.query, ['status']));
    })
    .on('GET', '/v3/webhooks', (req, res) => list(req, res, webhooks.map(publicWebhook)))
    .on('POST', '/v3/webhooks', (req, res) => {
      const input = body(req, res);
      if (!input) return;
      const hook = webhookFrom(input);
      if (!('id' in hook)) return fail(res, 400, hook);
      webhooks.push(hook);
      sendJson(res, 200, publicWebhook(hook));
    });

  const fiscal = addFiscalRoutes(router, {
    payments,
    subscriptions,
    emit: (event, key, resource) => outgoing.emitAs(event, key, resource),
  });

  const dunning = addDunningRoutes(router, {
    payments,
    emit,
    emitAs: (event, key, resource) => outgoing.emitAs(event, key, resource),
    customerExists,
    png: qrLikePngBase64,
  });

  // GET/PUT/DELETE by id, the same for the three resources.
  const resources = [
    ['customers', customers],
    ['payments', payments],
    ['subscriptions', subscriptions],
  ] as const;
  for (const [name, map] of resources) {
    router.on('GET', `/v3/${name}/:id`, (req, res) =>
      map.has(req.params.id) ? sendJson(res, 200, map.get(req.params.id)) : notFound(res),
    );
    router.on('PUT', `/v3/${name}/:id`, (req, res) => {
      const found = map.get(req.params.id);
      if (!found || found.deleted) return notFound(res);
      const input = body(req, res);
      if (!input) return;
      if (name === 'customers') {
        const errors = validateCustomer(input, true);
        if (errors.length) return fail(res, 400, ...errors);
        customers.set(found.id, buildCustomer(input, found as AsaasCustomer));
      } else if (name === 'payments') {
        const pay = found as AsaasPayment;
        if (!['PENDING', 'OVERDUE'].includes(pay.status))
          return fail(res, 400, error('invalid_action', 'Só é possível editar cobranças aguardando pagamento ou vencidas.'));
        // PaymentUpdateRequest requires billingType, value and dueDate (INTEGRATIONS.md 4.3).
        const missing = PUT_PAYMENT_REQUIRED.filter((field) => !(field in input));
        if (missing.length)
          return fail(res, 400, ...missing.map((field) => error(`invalid_${field}`, `O campo ${field} deve ser informado.`)));
        const errors = validateCharge(input, { partial: true, dateField: 'dueDate', customerExists });
        if (errors.length) return fail(res, 400, ...errors);
        updatePayment(pay, input);
        emit('PAYMENT_UPDATED', pay);
      } else {
        const errors = validateCharge(input, { partial: true, dateField: 'nextDueDate', customerExists, cycle: true });
        if (errors.length) return fail(res, 400, ...errors);
        const sub = buildSubscription(input, found as AsaasSubscription);
        subscriptions.set(sub.id, sub);
        if (input.updatePendingPayments === true)
          for (const p of payments.values())
            if (p.subscription === sub.id && p.status === 'PENDING' && !p.deleted) {
              updatePayment(p, { billingType: sub.billingType, value: sub.value, description: sub.description });
              emit('PAYMENT_UPDATED', p);
            }
      }
      sendJson(res, 200, map.get(found.id));
    });
    router.on('DELETE', `/v3/${name}/:id`, (req, res) => {
      const found = map.get(req.params.id);
      if (!found || found.deleted) return notFound(res);
      if (name === 'payments') {
        if (PAID.includes((found as AsaasPayment).status))
          return fail(res, 400, error('invalid_action', 'Não é possível remover uma cobrança já recebida.'));
        deletePayment(found.id);
      } else found.deleted = true;
      // A deleted subscription takes its pending payments with it, each with its own PAYMENT_DELETED.
      if (name === 'subscriptions')
        for (const p of payments.values()) if (p.subscription === found.id && p.status === 'PENDING' && !p.deleted) deletePayment(p.id);
      sendJson(res, 200, { deleted: true, id: found.id });
    });
  }

  const api = dispatch(router, (_req, res) => notFound(res));
  const server = await startFakeServer(
    (req, res) => {
      if (req.path === '/v3' || req.path.startsWith('/v3/')) {
        if (limited > 0) {
          limited -= 1;
          return fail(res, 429, error('rate_limit_exceeded', 'Limite de requisições excedido. Aguarde e tente novamente.'));
        }
        if (echoBodies > 0 && req.method !== 'GET' && req.headers.access_token === apiKey) {
          echoBodies -= 1;
          return fail(res, 400, error('invalid_request', `Não foi possível processar a requisição: ${req.rawBody}`));
        }
        if (req.method === 'GET' && req.rawBody.length > 0)
          return fail(res, 403, error('forbidden', 'Requisições GET não podem conter corpo (body).'));
        if (req.headers.access_token !== apiKey)
          return fail(res, 401, error('invalid_access_token', 'A chave de API fornecida é inválida'));
      }
      return api(req, res);
    },
    opts.port,
    (req, res, status) =>
      fail(res, status, error('invalid_access_token', `A chave de API ${String(req.headers.access_token ?? '')} não pode ser usada aqui.`)),
  );

  const hooks = {
    setWebhook: outgoing.setWebhook,
    pay(id: string, { event = 'PAYMENT_RECEIVED', billingType, value }: AsaasPayOptions = {}) {
      const day = today();
      const received = event === 'PAYMENT_RECEIVED';
      const found = payment(id);
      const paid = value ?? found.value;
      return setStatus(id, received ? 'RECEIVED' : 'CONFIRMED', event, {
        billingType: billingType ?? (found.billingType === 'UNDEFINED' ? 'PIX' : found.billingType),
        value: paid,
        originalValue: paid === found.value ? found.originalValue : found.value,
        interestValue: paid === found.value ? found.interestValue : Math.round((paid - found.value) * 100) / 100,
        netValue: Math.round((paid - ASAAS_FEE) * 100) / 100,
        paymentDate: day,
        clientPaymentDate: day,
        confirmedDate: day,
        creditDate: received ? day : null,
        estimatedCreditDate: day,
      });
    },
    typeCard(id: string, { number = '5162306219378829', brand = 'MASTERCARD' }: { number?: string; brand?: string } = {}) {
      const found = payment(id);
      if (REFUSED_CARDS.includes(number))
        throw new Error('Transação não autorizada. Verifique os dados do cartão de crédito e tente novamente.');
      const day = today();
      return setStatus(id, 'CONFIRMED', 'PAYMENT_CONFIRMED', {
        billingType: 'CREDIT_CARD',
        creditCard: { creditCardNumber: number.slice(-4), creditCardBrand: brand, creditCardToken: `tok_${found.id.slice(4)}` },
        paymentDate: day,
        clientPaymentDate: day,
        confirmedDate: day,
        estimatedCreditDate: day,
        netValue: Math.round((found.value - ASAAS_FEE) * 100) / 100,
      });
    },
    refuseCapture(id: string) {
      const found = payment(id);
      emit('PAYMENT_CREDIT_CARD_CAPTURE_REFUSED', found);
      return found;
    },
    overdue: (id: string) => setStatus(id, 'OVERDUE', 'PAYMENT_OVERDUE'),
    refund: (id: string) =>
      setStatus(id, 'REFUNDED', 'PAYMENT_REFUNDED', {
        refunds: [{ dateCreated: brasilia(), status: 'DONE', value: payment(id).value, description: null, transactionReceiptUrl: null }],
      }),
  };

  addCommonControl(router, server);
  const control = (fn: (req: FakeRequest) => unknown) => (req: FakeRequest, res: ServerResponse) => {
    try {
      sendJson(res, 200, fn(req));
    } catch (cause) {
      sendJson(res, 404, { error: (cause as Error).message });
    }
  };
  router.on('GET', '/__fake/state', (_req, res) =>
    sendJson(res, 200, {
      customers: [...customers.values()],
      payments: [...payments.values()],
      subscriptions: [...subscriptions.values()],
      webhooks: webhooks.map(publicWebhook),
      deliveries: outgoing.deliveries,
    }),
  );
  const actions: Record<string, (req: FakeRequest) => unknown> = {
    '/__fake/pay/:id': (req) => {
      const input = controlBody(req);
      return hooks.pay(req.params.id, {
        event: input.event === 'PAYMENT_CONFIRMED' ? 'PAYMENT_CONFIRMED' : 'PAYMENT_RECEIVED',
        billingType: ['PIX', 'BOLETO', 'CREDIT_CARD'].includes(String(input.billingType))
          ? (input.billingType as AsaasPayOptions['billingType'])
          : undefined,
        value: typeof input.value === 'number' && input.value > 0 ? input.value : undefined,
      });
    },
    '/__fake/overdue/:id': (req) => hooks.overdue(req.params.id),
    '/__fake/card/:id': (req) => {
      const input = controlBody(req);
      return hooks.typeCard(req.params.id, {
        number: typeof input.number === 'string' ? input.number.replace(/\D/g, '') : undefined,
        brand: typeof input.brand === 'string' ? input.brand : undefined,
      });
    },
    '/__fake/capture-refused/:id': (req) => hooks.refuseCapture(req.params.id),
    '/__fake/refund/:id': (req) => hooks.refund(req.params.id),
    '/__fake/next-payment/:id': (req) => generateNextPayment(req.params.id),
    '/__fake/webhook': (req) => {
      const { url, authToken } = controlBody(req);
      hooks.setWebhook(String(url), typeof authToken === 'string' ? authToken : null);
      return webhooks.map(publicWebhook);
    },
    '/__fake/rate-limit': (req) => ({ limited: (limited = Number(controlBody(req).n) || 0) }),
    '/__fake/echo-body': (req) => ({ echoBodies: (echoBodies = Number(controlBody(req).n) || 0) }),
    '/__fake/pix-off': (req) => ({ pixOff: (pixOff = controlBody(req).off !== false) }),
  };
  for (const [path, action] of Object.entries(actions)) router.on('POST', path, control(action));

  return {
    url: `${server.origin}/v3`,
    apiKey,
    customers,
    payments,
    subscriptions,
    webhooks,
    events: outgoing.events,
    deliveries: outgoing.deliveries,
    ...hooks,
    deletePayment,
    generateNextPayment,
    replay: outgoing.replay,
    rateLimit: (n) => void (limited = n),
    echoBody: (n) => void (echoBodies = n),
    invoices: fiscal.invoices,
    invoiceSettings: fiscal.invoiceSettings,
    authorizeInvoice: fiscal.authorizeInvoice,
    failInvoice: fiscal.failInvoice,
    setFiscalConfigured: fiscal.setFiscalConfigured,
    dunnings: dunning.dunnings,
    setDunningStatus: dunning.setDunningStatus,
    setDunningCancelable: dunning.setDunningCancelable,
    setDunningAllowed: dunning.setDunningAllowed,
    setFeatureOff: dunning.setFeatureOff,
    authorizations: dunning.authorizations,
    authorizationEvent: dunning.authorizationEvent,
    instructionEvent: dunning.instructionEvent,
    idle: outgoing.idle,
    requests: server.requests,
    stop: server.stop,
    restart: server.restart,
    setDelay: server.setDelay,
    setEchoKey: server.setEchoKey,
    close: server.close,
  };
}
