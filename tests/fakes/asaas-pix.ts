/**
 * The fake's Pix Automático (INTEGRATIONS.md 4.3), behind the same controlled-access flag as the
 * negativação (asaas-dunning.ts): authorizations (POST answers CREATED with payload and
 * encodedImage; frequency, contractId ≤ 35, startDate, immediateQrCode checked; GET; DELETE
 * cancels), a lever per PIX_AUTOMATIC_RECURRING_AUTHORIZATION_* event (ACTIVATED first pays the
 * immediate QR code: a PIX payment of its originalValue, RECEIVED, with the QR code's
 * conciliationIdentifier, PAYMENT_CREATED and PAYMENT_RECEIVED), and a lever per debit
 * instruction's PIX_AUTOMATIC_RECURRING_PAYMENT_INSTRUCTION_* event.
 */
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { fail, notFound } from './asaas-http';
import { buildPayment, error, today, type AsaasPayment } from './asaas-model';
import { controlBody } from './control';
import { sendJson, type FakeRequest, type Router } from './http';

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

export function addPixAutomaticoRoutes(
  router: Router,
  state: {
    payments: Map<string, AsaasPayment>;
    emit: (event: string, payment: AsaasPayment) => void;
    emitAs: (event: string, key: 'authorization' | 'paymentInstruction', resource: { id: string }) => void;
    customerExists: (id: unknown) => boolean;
    png: (text: string) => string;
    off: (feature: string, res: ServerResponse) => boolean;
    control: (fn: (req: FakeRequest) => unknown) => (req: FakeRequest, res: ServerResponse) => void;
  },
) {
  const { off, control } = state;
  const authorizations = new Map<string, AsaasAuthorization>();
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
  router.on(
    'POST',
    '/__fake/authorization/:id/:event',
    control((req) => authorizationEvent(req.params.id, req.params.event)),
  );

  return { authorizations, authorizationEvent, instructionEvent };
}
