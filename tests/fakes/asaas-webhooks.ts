/**
 * Asaas -> app webhooks for the fake: the configured webhooks, every event emitted (kept for replay),
 * and deliveries POSTed one at a time in order (sendType SEQUENTIALLY) with `asaas-access-token`.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { brasilia, error, type AsaasError, type AsaasPayment } from './asaas-model';

export interface AsaasWebhook {
  id: string;
  name: string | null;
  url: string;
  email: string | null;
  enabled: boolean;
  interrupted: boolean;
  apiVersion: number;
  authToken: string | null;
  sendType: string;
  events: string[];
  penalizedRequestsCount: number;
}

export interface AsaasEvent {
  id: string;
  event: string;
  dateCreated: string;
  /** The resource key follows the event family: `payment` for PAYMENT_*, `invoice` for INVOICE_* (NFS-e). */
  payment: AsaasPayment;
  invoice?: { id: string } & Record<string, unknown>;
}

export interface AsaasDelivery {
  eventId: string;
  event: string;
  paymentId: string;
  url: string;
  /** HTTP status of the receiver's answer; 0 when it could not be reached. */
  status: number;
  error: string | null;
  replay: boolean;
  at: string;
}

/** As the API shows a webhook: `hasAuthToken`, never the token. */
export const publicWebhook = ({ authToken, ...hook }: AsaasWebhook) => ({ object: 'webhook', ...hook, hasAuthToken: !!authToken });

/** A webhook from a POST /v3/webhooks body, or the validation error. */
export function webhookFrom(input: Record<string, any>): AsaasWebhook | AsaasError {
  if (typeof input.url !== 'string' || !/^https?:\/\/\S+$/.test(input.url)) return error('invalid_url', 'Informe uma URL válida.');
  if (input.authToken != null && (typeof input.authToken !== 'string' || !/^\S{32,255}$/.test(input.authToken)))
    return error('invalid_authToken', 'O token de autenticação deve ter entre 32 e 255 caracteres, sem espaços.');
  return {
    id: randomUUID(),
    name: typeof input.name === 'string' ? input.name : null,
    url: input.url,
    email: typeof input.email === 'string' ? input.email : null,
    enabled: input.enabled !== false,
    interrupted: input.interrupted === true,
    apiVersion: 3,
    authToken: input.authToken ?? null,
    sendType: input.sendType === 'NON_SEQUENTIALLY' ? 'NON_SEQUENTIALLY' : 'SEQUENTIALLY',
    events: Array.isArray(input.events) ? input.events.map(String) : [],
    penalizedRequestsCount: 0,
  };
}

export function webhookDispatcher() {
  const webhooks: AsaasWebhook[] = [];
  const events = new Map<string, AsaasEvent>();
  const deliveries: AsaasDelivery[] = [];
  const failures = new Map<string, number>();
  let queue = Promise.resolve();

  async function deliver(hook: AsaasWebhook, payload: AsaasEvent, replay: boolean): Promise<void> {
    const delivery: AsaasDelivery = {
      eventId: payload.id,
      event: payload.event,
      paymentId: payload.payment?.id ?? payload.invoice?.id ?? '',
      url: hook.url,
      status: 0,
      error: null,
      replay,
      at: brasilia(),
    };
    try {
      const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'Asaas_Hmlg_API' };
      if (hook.authToken) headers['asaas-access-token'] = hook.authToken;
      const answer = await fetch(hook.url, { method: 'POST', headers, body: JSON.stringify(payload), signal: AbortSignal.timeout(10_000) });
      delivery.status = answer.status;
      await answer.arrayBuffer().catch(() => undefined);
    } catch (cause) {
      delivery.error = (cause as Error).message;
    }
    // Asaas pauses the queue after 15 consecutive answers other than 200.
    const failed = delivery.status === 200 ? 0 : (failures.get(hook.id) ?? 0) + 1;
    failures.set(hook.id, failed);
    if (failed > 0) hook.penalizedRequestsCount += 1;
    if (failed >= 15) hook.interrupted = true;
    deliveries.push(delivery);
  }

  function send(payload: AsaasEvent, replay: boolean): void {
    for (const hook of webhooks) {
      if (!hook.enabled || hook.interrupted || (hook.events.length > 0 && !hook.events.includes(payload.event))) continue;
      queue = queue.then(() => deliver(hook, payload, replay));
    }
  }

  return {
    webhooks,
    events,
    deliveries,
    /** Records the event (the payment as it is now) and queues its delivery. */
    emit(event: string, payment: AsaasPayment): void {
      const payload = { id: `evt_${randomBytes(16).toString('hex')}`, event, dateCreated: brasilia(), payment: structuredClone(payment) };
      events.set(payload.id, payload);
      send(payload, false);
    },
    /** An event of another family (INVOICE_*: key `invoice`; PIX_AUTOMATIC_*: `authorization`), recorded and queued the same way. */
    emitAs(event: string, key: 'invoice' | 'authorization' | 'paymentInstruction', resource: { id: string }): void {
      const payload = {
        id: `evt_${randomBytes(16).toString('hex')}`,
        event,
        dateCreated: brasilia(),
        [key]: structuredClone(resource),
      } as unknown as AsaasEvent;
      events.set(payload.id, payload);
      send(payload, false);
    },
    replay(eventId: string): void {
      const payload = events.get(eventId);
      if (!payload) throw new Error(`asaas fake: no event ${eventId}`);
      send(payload, true);
    },
    /** Replaces every webhook with this one (all events). */
    setWebhook(url: string, authToken: string | null = null): void {
      const hook = webhookFrom({ url, name: 'fake' }) as AsaasWebhook;
      webhooks.splice(0, webhooks.length, { ...hook, url, authToken });
    },
    idle: () => queue,
  };
}
