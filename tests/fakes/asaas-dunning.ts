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
 * Pix Automático's authorizations and instructions (the same controlled-access flag) are in asaas-pix.ts.
 */
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { fail, list, notFound } from './asaas-http';
import { error, today, type AsaasPayment } from './asaas-model';
import { addPixAutomaticoRoutes } from './asaas-pix';
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
export type { AsaasAuthorization } from './asaas-pix';

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

  // Pix Automático (asaas-pix.ts): the same controlled-access flag.
  const pix = addPixAutomaticoRoutes(router, { ...state, off, control });

  return {
    ...pix,
    dunnings,
    setDunningStatus: setStatus,
    setDunningCancelable: setCancelable,
    setDunningAllowed: (value: boolean, reason = '') => void (allowed = { allowed: value, reason }),
    setFeatureOff,
    featureOff: (feature: string, res: ServerResponse) => off(feature, res),
  };
}
