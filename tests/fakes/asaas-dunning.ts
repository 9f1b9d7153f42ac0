/**
 * The fake's negativação (INTEGRATIONS.md 4.3, paymentDunnings): simulate (payment as a query
 * parameter, `isAllowed` by a flag and by the payment being overdue), create (multipart/form-data,
 * each missing required field a 400 `invalid_<field>`), read, history, cancel (400 when
 * `canBeCancelled` is false), a status lever sending PAYMENT_DUNNING_REQUESTED / _RECEIVED, and an
 * account flag "feature not enabled" answering 403 as Asaas does.
 *
 * Control API:
 *   POST /__fake/dunning/{id}/status   {status}: PROCESSED (payment DUNNING_REQUESTED, PAYMENT_DUNNING_REQUESTED),
 *                                      PAID (payment DUNNING_RECEIVED, PAYMENT_DUNNING_RECEIVED), or any other status
 *   POST /__fake/dunning/{id}/cancelable {cancelable, reason?}
 *   POST /__fake/dunning-allowed       {allowed, reason?}: the simulation's isAllowed
 *   POST /__fake/feature-off           {feature: "paymentDunnings" | "pixAutomatic", off}: 403 "not enabled"
 *   POST /__fake/authorization/{id}/{event}  CREATED | ACTIVATED | CANCELLED | EXPIRED | REFUSED: the Pix Automático
 *                                      authorization's status and its PIX_AUTOMATIC_RECURRING_AUTHORIZATION_* webhook;
 *                                      ACTIVATED first pays the immediate QR code (journey 3): a PIX payment of its
 *                                      originalValue, RECEIVED, with the QR code's conciliationIdentifier
 *                                      (PAYMENT_CREATED, PAYMENT_RECEIVED), then the authorization turns ACTIVE
 *   POST /__fake/instruction/{paymentId}/{event} {refusalReason?}  CREATED | SCHEDULED | REFUSED | CANCELLED: the
 *                                      debit's instruction and its PIX_AUTOMATIC_RECURRING_PAYMENT_INSTRUCTION_* webhook
 * Pix Automático's authorizations live here too (the same controlled-access flag): POST (CREATED, with payload and
 * encodedImage; frequency, contractId ≤ 35, startDate, immediateQrCode checked), GET, DELETE (CANCELLED).
 */
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { fail, list, notFound } from './asaas-http';
import { buildPayment, error, today, type AsaasPayment } from './asaas-model';
import { controlBody } from './control';
import { sendJson, type FakeRequest, type Router } from './http';

export interface AsaasDunning {
  id: string;
  dunningNumber: number;
  status: string;
  type: 'CREDIT_BUREAU';
  payment: string;
  requestDate: string;
  description: string | null;
  value: number;
  feeValue: number;
  netValue: number;
  receivedInCashFeeValue: number;
  denialReason: string | null;
  cancellationFeeValue: number;
  canBeCancelled: boolean;
  cannotBeCancelledReason: string | null;
  isNecessaryResendDocumentation: boolean;
  fields: Record<string, string>;
  history: Array<{ status: string; description: string; eventDate: string }>;
}

const REQUIRED = [
  'payment',
  'type',
  'customerName',
  'customerCpfCnpj',
  'customerPrimaryPhone',
  'customerPostalCode',
  'customerAddress',
  'customerAddressNumber',
  'customerProvince',
] as const;
export const DUNNING_FEE = 9.99;
export const NOT_ENABLED = 'Você não possui permissão para utilizar este recurso';

/** The text fields of a multipart/form-data body (files are not read). */
export function multipartFields(req: FakeRequest): Record<string, string> | undefined {
  const type = String(req.headers['content-type'] ?? '');
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(type);
  if (!type.startsWith('multipart/form-data') || !boundary) return undefined;
  const fields: Record<string, string> = {};
  for (const part of req.rawBody.split(`--${boundary[1] ?? boundary[2]}`)) {
    const match = /^\r\nContent-Disposition: form-data; name="([^"]+)"(?:\r\n[^\r\n]*)*?\r\n\r\n([\s\S]*)\r\n$/i.exec(part);
    if (match) fields[match[1]] = match[2];
  }
  return fields;
}

type Emit = (event: string, payment: AsaasPayment) => void;
type EmitAs = (event: string, key: 'authorization' | 'paymentInstruction', resource: { id: string }) => void;

/** A Pix Automático authorization (INTEGRATIONS.md 4.3). */
export interface AsaasAuthorization {
  id: string;
  status: 'CREATED' | 'ACTIVE' | 'CANCELLED' | 'REFUSED' | 'EXPIRED';
  payload: string;
  encodedImage: string;
  immediateQrCode: { conciliationIdentifier: string; expirationDate: string; originalValue: number };
  frequency: string;
  startDate: string;
  finishDate: string | null;
  value: number | null;
  minLimitValue: number | null;
  customerId: string;
  contractId: string;
  description: string | null;
  originType: string;
  subscriptionId: string | null;
  paymentCreationMode: string;
  retryPolicy: string;
  cancellationDate: string | null;
  cancellationReason: string | null;
}
const FREQUENCIES = ['WEEKLY', 'MONTHLY', 'QUARTERLY', 'SEMIANNUALLY', 'ANNUALLY'];
const AUTHORIZATION_STATUS: Record<string, AsaasAuthorization['status']> = {
  CREATED: 'CREATED',
  ACTIVATED: 'ACTIVE',
  CANCELLED: 'CANCELLED',
  EXPIRED: 'EXPIRED',
  REFUSED: 'REFUSED',
};

export function addDunningRoutes(
  router: Router,
  state: {
    payments: Map<string, AsaasPayment>;
    emit: Emit;
    emitAs: EmitAs;
    customerExists: (id: unknown) => boolean;
    png: (text: string) => string;
  },
) {
  const authorizations = new Map<string, AsaasAuthorization>();
  const dunnings = new Map<string, AsaasDunning>();
  const featuresOff = new Set<string>();
  let allowed = { allowed: true, reason: '' };
  let sequence = 0;

  /** A 403 already sent when the account lacks the feature. */
  const off = (feature: string, res: ServerResponse) => {
    if (!featuresOff.has(feature)) return false;
    fail(res, 403, error('forbidden', NOT_ENABLED));
    return true;
  };
  const dunning = (id: string) => {
    const found = dunnings.get(id);
    if (!found) throw new Error(`asaas fake: no dunning ${id}`);
    return found;
  };
  const publicDunning = ({ fields: _fields, history: _history, ...rest }: AsaasDunning) => rest;

  function setStatus(id: string, status: string) {
    const found = dunning(id);
    found.status = status;
    found.history.push({ status, description: `Status alterado para ${status}.`, eventDate: today() });
    const payment = state.payments.get(found.payment);
    if (payment && status === 'PROCESSED') {
      payment.status = 'DUNNING_REQUESTED';
      state.emit('PAYMENT_DUNNING_REQUESTED', payment);
    }
    if (payment && status === 'PAID') {
      Object.assign(payment, { status: 'DUNNING_RECEIVED', paymentDate: today(), clientPaymentDate: today() });
      state.emit('PAYMENT_DUNNING_RECEIVED', payment);
    }
    return publicDunning(found);
  }

  router
    .on('POST', '/v3/paymentDunnings/simulate', (req, res) => {
      if (off('paymentDunnings', res)) return;
      const payment = state.payments.get(req.query.get('payment') ?? '');
      if (!payment || payment.deleted) return fail(res, 400, error('invalid_payment', 'Cobrança não encontrada.'));
      const overdue = payment.status === 'OVERDUE';
      const isAllowed = overdue && allowed.allowed;
      sendJson(res, 200, {
        payment: payment.id,
        value: payment.value,
        typeSimulations: [
          {
            type: 'CREDIT_BUREAU',
            isAllowed,
            notAllowedReason: isAllowed
              ? null
              : overdue
                ? allowed.reason || 'Cliente sem dados suficientes.'
                : 'A cobrança não está vencida.',
            feeValue: DUNNING_FEE,
            netValue: Math.round((payment.value - DUNNING_FEE) * 100) / 100,
            startDate: today(),
          },
        ],
      });
    })
    .on('GET', '/v3/paymentDunnings', (req, res) => {
      if (off('paymentDunnings', res)) return;
      const status = req.query.get('status');
      const payment = req.query.get('payment');
      list(
        req,
        res,
        [...dunnings.values()].filter((d) => (!status || d.status === status) && (!payment || d.payment === payment)).map(publicDunning),
      );
    })
    .on('POST', '/v3/paymentDunnings', (req, res) => {
      if (off('paymentDunnings', res)) return;
      const fields = multipartFields(req);
      if (!fields) return fail(res, 400, error('invalid_request', 'Envie os dados como multipart/form-data.'));
      const missing = REQUIRED.filter((field) => !fields[field]?.trim());
      if (missing.length)
        return fail(res, 400, ...missing.map((field) => error(`invalid_${field}`, `O campo ${field} deve ser informado.`)));
      const payment = state.payments.get(fields.payment);
      if (!payment || payment.deleted) return fail(res, 400, error('invalid_payment', 'Cobrança não encontrada.'));
      if (payment.status !== 'OVERDUE' || !allowed.allowed)
        return fail(res, 400, error('invalid_payment', 'Esta cobrança não pode ser negativada.'));
      sequence += 1;
      const created: AsaasDunning = {
        id: randomUUID(),
        dunningNumber: sequence,
        status: 'PENDING',
        type: 'CREDIT_BUREAU',
        payment: payment.id,
        requestDate: today(),
        description: fields.description ?? null,
        value: payment.value,
        feeValue: DUNNING_FEE,
        netValue: Math.round((payment.value - DUNNING_FEE) * 100) / 100,
        receivedInCashFeeValue: 0,
        denialReason: null,
        cancellationFeeValue: 0,
        canBeCancelled: true,
        cannotBeCancelledReason: null,
        isNecessaryResendDocumentation: false,
        fields,
        history: [{ status: 'PENDING', description: 'Negativação solicitada.', eventDate: today() }],
      };
      dunnings.set(created.id, created);
      sendJson(res, 200, publicDunning(created));
    })
    .on('GET', '/v3/paymentDunnings/:id', (req, res) => {
      if (off('paymentDunnings', res)) return;
      const found = dunnings.get(req.params.id);
      return found ? sendJson(res, 200, publicDunning(found)) : notFound(res);
    })
    .on('GET', '/v3/paymentDunnings/:id/history', (req, res) => {
      if (off('paymentDunnings', res)) return;
      const found = dunnings.get(req.params.id);
      return found ? list(req, res, found.history) : notFound(res);
    })
    .on('POST', '/v3/paymentDunnings/:id/cancel', (req, res) => {
      if (off('paymentDunnings', res)) return;
      const found = dunnings.get(req.params.id);
      if (!found) return notFound(res);
      if (!found.canBeCancelled)
        return fail(res, 400, error('invalid_action', found.cannotBeCancelledReason ?? 'Esta negativação não pode ser cancelada.'));
      found.status = 'CANCELLED';
      found.canBeCancelled = false;
      found.history.push({ status: 'CANCELLED', description: 'Negativação cancelada.', eventDate: today() });
      const payment = state.payments.get(found.payment);
      if (payment?.status === 'DUNNING_REQUESTED') payment.status = 'OVERDUE';
      sendJson(res, 200, publicDunning(found));
    });

  // Pix Automático (INTEGRATIONS.md 4.3): authorizations, one lever per AUTHORIZATION_* event.
  router
    .on('POST', '/v3/pix/automatic/authorizations', (req, res) => {
      if (off('pixAutomatic', res)) return;
      let input: Record<string, any>;
      try {
        input = JSON.parse(req.rawBody || '{}') as Record<string, any>;
      } catch {
        return fail(res, 400, error('invalid_object', 'O corpo da requisição não é um JSON válido.'));
      }
      const errors = [];
      if (!state.customerExists(input.customerId)) errors.push(error('invalid_customerId', 'Cliente inválido ou não informado.'));
      if (!FREQUENCIES.includes(input.frequency)) errors.push(error('invalid_frequency', `Use uma destas: ${FREQUENCIES.join(', ')}.`));
      if (typeof input.contractId !== 'string' || !input.contractId || input.contractId.length > 35)
        errors.push(error('invalid_contractId', 'Informe o contrato (até 35 caracteres).'));
      if (typeof input.startDate !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(input.startDate))
        errors.push(error('invalid_startDate', 'Informe a data de início.'));
      const qr = input.immediateQrCode as Record<string, any> | undefined;
      if (!qr || !(Number(qr.originalValue) > 0) || !(Number(qr.expirationSeconds) > 0))
        errors.push(error('invalid_immediateQrCode', 'Informe o QR Code imediato (valor e validade).'));
      if (typeof input.description === 'string' && input.description.length > 35)
        errors.push(error('invalid_description', 'A descrição deve ter no máximo 35 caracteres.'));
      if (errors.length) return fail(res, 400, ...errors);
      const id = randomUUID();
      const payload = `00020101021226900014br.gov.bcb.pix2568pix.asaas.fake/rec/${id}5204000053039865802BR5905ASAAS6009SAO PAULO6304AUTO`;
      const expiration = new Date(Date.now() + Number(qr!.expirationSeconds) * 1000);
      const created: AsaasAuthorization = {
        id,
        status: 'CREATED',
        payload,
        encodedImage: state.png(payload),
        immediateQrCode: {
          conciliationIdentifier: `conc${id.replace(/-/g, '').slice(0, 20)}`,
          expirationDate: expiration.toISOString().replace('T', ' ').slice(0, 19),
          originalValue: Number(qr!.originalValue),
        },
        frequency: input.frequency,
        startDate: input.startDate,
        finishDate: input.finishDate ?? null,
        value: typeof input.value === 'number' ? input.value : null,
        minLimitValue: typeof input.minLimitValue === 'number' ? input.minLimitValue : null,
        customerId: input.customerId,
        contractId: input.contractId,
        description: input.description ?? null,
        originType: 'IMMEDIATE_PAYMENT_AND_RECURRING_QR_CODE',
        subscriptionId: null,
        paymentCreationMode: input.paymentCreationMode ?? 'MANUAL',
        retryPolicy: input.retryPolicy ?? 'NOT_ALLOWED',
        cancellationDate: null,
        cancellationReason: null,
      };
      authorizations.set(id, created);
      state.emitAs('PIX_AUTOMATIC_RECURRING_AUTHORIZATION_CREATED', 'authorization', created);
      sendJson(res, 200, created);
    })
    .on('GET', '/v3/pix/automatic/authorizations/:id', (req, res) => {
      if (off('pixAutomatic', res)) return;
      const found = authorizations.get(req.params.id);
      return found ? sendJson(res, 200, found) : notFound(res);
    })
    .on('DELETE', '/v3/pix/automatic/authorizations/:id', (req, res) => {
      if (off('pixAutomatic', res)) return;
      const found = authorizations.get(req.params.id);
      if (!found) return notFound(res);
      sendJson(res, 200, authorizationEvent(found.id, 'CANCELLED'));
    });

  /** The lever of each AUTHORIZATION_* event: the status follows, and the webhook goes. */
  function authorizationEvent(id: string, event: string): AsaasAuthorization {
    const found = authorizations.get(id);
    if (!found) throw new Error(`asaas fake: no authorization ${id}`);
    const status = AUTHORIZATION_STATUS[event];
    if (!status) throw new Error(`asaas fake: unknown authorization event ${event}`);
    // Journey 3: the immediate QR code is paid first, then the authorization is active.
    if (status === 'ACTIVE' && found.status === 'CREATED') payImmediateQrCode(found);
    found.status = status;
    if (status === 'CANCELLED') Object.assign(found, { cancellationDate: today(), cancellationReason: 'Cancelada pelo pagador.' });
    state.emitAs(`PIX_AUTOMATIC_RECURRING_AUTHORIZATION_${event}`, 'authorization', found);
    return found;
  }

  /** The payment Asaas creates for an authorization's immediate QR code, paid. */
  function payImmediateQrCode(found: AsaasAuthorization) {
    const payment = buildPayment({
      customer: found.customerId,
      billingType: 'PIX',
      value: found.immediateQrCode.originalValue,
      dueDate: today(),
      description: found.description ?? 'Pix Automático',
      pixAutomaticAuthorizationId: found.id,
    });
    Object.assign(payment, { conciliationIdentifier: found.immediateQrCode.conciliationIdentifier });
    state.payments.set(payment.id, payment);
    state.emit('PAYMENT_CREATED', payment);
    Object.assign(payment, { status: 'RECEIVED', paymentDate: today(), clientPaymentDate: today(), confirmedDate: today() });
    state.emit('PAYMENT_RECEIVED', payment);
  }

  /** A debit's instruction (one per payment): its status and webhook. */
  const instructions = new Map<string, Record<string, unknown>>();
  const INSTRUCTION_STATUS: Record<string, string> = {
    CREATED: 'AWAITING_REQUEST',
    SCHEDULED: 'SCHEDULED',
    REFUSED: 'REFUSED',
    CANCELLED: 'CANCELLED',
  };
  function instructionEvent(paymentId: string, event: string, refusalReason?: string) {
    const payment = state.payments.get(paymentId);
    if (!payment) throw new Error(`asaas fake: no payment ${paymentId}`);
    const status = INSTRUCTION_STATUS[event];
    if (!status) throw new Error(`asaas fake: unknown instruction event ${event}`);
    const authorizationId = (payment as unknown as { pixAutomaticAuthorizationId?: string | null }).pixAutomaticAuthorizationId ?? null;
    const instruction = instructions.get(paymentId) ?? {
      id: randomUUID(),
      endToEndIdentifier: null,
      authorization: { id: authorizationId, customerId: payment.customer },
      dueDate: payment.dueDate,
      paymentId,
      purpose: 'SCHEDULE',
      retryAttempt: 0,
    };
    Object.assign(instruction, { status, refusalReason: event === 'REFUSED' ? (refusalReason ?? 'INSUFFICIENT_BALANCE') : null });
    instructions.set(paymentId, instruction);
    state.emitAs(`PIX_AUTOMATIC_RECURRING_PAYMENT_INSTRUCTION_${event}`, 'paymentInstruction', instruction as { id: string });
    return instruction;
  }
  router.on('POST', '/__fake/instruction/:paymentId/:event', (req, res) => {
    try {
      const input = controlBody(req);
      sendJson(
        res,
        200,
        instructionEvent(req.params.paymentId, req.params.event, typeof input.refusalReason === 'string' ? input.refusalReason : undefined),
      );
    } catch (cause) {
      sendJson(res, 404, { error: (cause as Error).message });
    }
  });

  const control = (fn: (req: FakeRequest) => unknown) => (req: FakeRequest, res: ServerResponse) => {
    try {
      sendJson(res, 200, fn(req));
    } catch (cause) {
      sendJson(res, 404, { error: (cause as Error).message });
    }
  };
  router.on(
    'POST',
    '/__fake/dunning/:id/status',
    control((req) => setStatus(req.params.id, String(controlBody(req).status))),
  );
  router.on(
    'POST',
    '/__fake/dunning/:id/cancelable',
    control((req) => {
      const input = controlBody(req);
      return setCancelable(req.params.id, input.cancelable !== false, typeof input.reason === 'string' ? input.reason : undefined);
    }),
  );
  router.on(
    'POST',
    '/__fake/dunning-allowed',
    control((req) => {
      const input = controlBody(req);
      allowed = { allowed: input.allowed !== false, reason: typeof input.reason === 'string' ? input.reason : '' };
      return allowed;
    }),
  );
  router.on(
    'POST',
    '/__fake/feature-off',
    control((req) => {
      const input = controlBody(req);
      setFeatureOff(String(input.feature), input.off !== false);
      return [...featuresOff];
    }),
  );

  function setCancelable(id: string, cancelable: boolean, reason = 'A negativação já foi processada pelo Serasa.') {
    const found = dunning(id);
    found.canBeCancelled = cancelable;
    found.cannotBeCancelledReason = cancelable ? null : reason;
    return publicDunning(found);
  }
  function setFeatureOff(feature: string, isOff: boolean) {
    if (isOff) featuresOff.add(feature);
    else featuresOff.delete(feature);
  }

  router.on(
    'POST',
    '/__fake/authorization/:id/:event',
    control((req) => authorizationEvent(req.params.id, req.params.event)),
  );

  return {
    authorizations,
    authorizationEvent,
    instructionEvent,
    dunnings,
    setDunningStatus: setStatus,
    setDunningCancelable: setCancelable,
    setDunningAllowed: (value: boolean, reason = '') => void (allowed = { allowed: value, reason }),
    setFeatureOff,
    featureOff: (feature: string, res: ServerResponse) => off(feature, res),
  };
}
