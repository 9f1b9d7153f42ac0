/**
 * A local Evolution API v2 (WhatsApp over Baileys) shaped like v2.3.x: header `apikey` (global key
 * everywhere, an instance's token on that instance's routes), unknown instance -> 404 before the
 * key is checked, errors as `{status, error, response: {message}}`. See INTEGRATIONS.md, section 2.
 *
 * Control API (no auth, besides the common one in control.ts):
 *   GET  /__fake/                       HTML page with the instances and the messages sent
 *   GET  /__fake/sent                   the messages sent (JSON)
 *   POST /__fake/scan/{instance}        as if the QR code was scanned: state "open"
 *   POST /__fake/state/{instance}       {state: "open" | "connecting" | "close"}
 *   POST /__fake/not-on-whatsapp/{number}
 *   POST /__fake/send-delay             {ms}: sendText records at once, answers ms later (0 = off)
 *   POST /__fake/receive/{instance}     {from, text, fromMe, lid, group, id, apikey, duplicate, retry}: an
 *                                       incoming message posted to the instance's webhook (receive())
 *
 * Webhooks (INTEGRATIONS.md 4.2): POST /webhook/set/{instance} stores the config (201; 400 without
 * webhook, enabled or url; enabled false stores events []), GET /webhook/find/{instance} returns it
 * or null. `receive()` builds a `messages.upsert` payload as Evolution does and POSTs it to the stored
 * URL; sends through sendText come back as fromMe upserts with the same key.id.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { addCommonControl, controlBody, escapeHtml, sendHtml } from './control';
import { asObject, dispatch, parseJson, Router, sendJson, startFakeServer, type FakeRequest, type RequestLog } from './http';
import { qrLikePngBase64 } from './png';

export type EvolutionState = 'open' | 'connecting' | 'close';

export interface EvolutionMessage {
  id: string;
  key: { remoteJid: string; fromMe: boolean; id: string };
  pushName: string;
  status: string;
  message: { conversation: string };
  contextInfo: null;
  messageType: 'conversation';
  messageTimestamp: number;
  instanceId: string;
  source: string;
}

export interface EvolutionInstance {
  id: string;
  name: string;
  token: string;
  integration: string;
  state: EvolutionState;
  /** QR refreshes since the last close. */
  count: number;
  ownerJid: string | null;
  createdAt: string;
  messages: EvolutionMessage[];
}

export interface EvolutionSent {
  instance: string;
  number: string;
  text: string;
  id: string;
  remoteJid: string;
  at: string;
}

export interface EvolutionWebhook {
  id: string;
  url: string;
  headers: Record<string, string>;
  enabled: boolean;
  events: string[];
  webhookByEvents: boolean;
  webhookBase64: boolean;
  createdAt: string;
  updatedAt: string;
  instanceId: string;
}

export interface ReceiveOptions {
  /** The sender's phone, digits with 55 (or the chat itself in a group: the participant). */
  from: string;
  text?: string;
  /** A non-text content (`imageMessage`, `audioMessage`…) instead of the text. */
  media?: { type: string; caption?: string };
  fromMe?: boolean;
  /** The chat as a LID (`{lid}@lid`) with the phone in `remoteJidAlt`; true picks one. */
  lid?: string | boolean;
  /** A group's chat (`{group}@g.us`) with `from` as its participant; true picks one. */
  group?: string | boolean;
  /** Another chat: `status@broadcast`, `…@newsletter`. */
  remoteJid?: string;
  /** WhatsApp's message id (random by default). */
  id?: string;
  /** The payload's apikey: null (default) or a value (the instance's token when the server exposes it). */
  apikey?: string | null;
  /** Unix seconds (now by default). */
  timestamp?: number;
  pushName?: string;
  /** The event's name (`messages.upsert` by default). */
  event?: string;
  /** ≥ 2.2.1: re-post on a non-2xx other than 400, 401, 403, 404 and 422 (up to 10 tries, no waits here). */
  retry?: boolean;
  /** The same event posted twice. */
  duplicate?: boolean;
}

export interface ReceiveResult {
  /** Every POST's status, in order (several with retry or duplicate). */
  statuses: number[];
  payload: Record<string, unknown>;
}

export interface EvolutionFake {
  url: string;
  globalKey: string;
  instances: Map<string, EvolutionInstance>;
  /** Creates an instance directly (state "close") and returns its token. */
  createInstance(name: string, token?: string): string;
  scan(instance: string): void;
  setState(instance: string, state: EvolutionState): void;
  notOnWhatsApp(number: string): void;
  sent: EvolutionSent[];
  requests: RequestLog[];
  stop(): Promise<void>;
  restart(): Promise<void>;
  setDelay(ms: number): void;
  /** Every API request answers `status` with the apikey it carried repeated in the message (0: off). */
  setEchoKey(status: number): void;
  /** sendText records the message at once but answers only after `ms` (a slow Evolution; 0: off). */
  setSendDelay(ms: number): void;
  /** Every POST /webhook/set, in order, as sent. */
  webhookSets: Array<{ instance: string; body: Record<string, any> }>;
  webhooks: Map<string, EvolutionWebhook>;
  /** An incoming message posted to the instance's webhook, as Evolution posts it. */
  receive(instance: string, options: ReceiveOptions): Promise<ReceiveResult>;
  /** The payload `receive` would post (for a test that posts it itself). */
  upsertPayload(instance: string, options: ReceiveOptions): Record<string, unknown>;
  /** Echoes of the product's sends (fromMe upserts) as they were posted: their statuses. */
  echoes: number[];
  close(): Promise<void>;
}

export const DEFAULT_EVOLUTION_KEY = '429683C4C977415CAAFCCE10F7D57E11';
const INTEGRATIONS = ['WHATSAPP-BAILEYS', 'WHATSAPP-BUSINESS', 'EVOLUTION'];
const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  500: 'Internal Server Error',
};

function evolutionError(res: ServerResponse, status: number, message: unknown): void {
  sendJson(res, status, { status, error: STATUS_TEXT[status], response: { message } });
}

/** Digits only; Brazilian mobiles lose the 9th digit where WhatsApp ids still lack it (src/utils/createJid.ts). */
export function whatsappJid(number: string): string {
  const digits = number.replace(/\D/g, '');
  const br = /^(55)(\d{2})9(\d{8})$/.exec(digits);
  const legacy = br && Number(br[2]) >= 31 && Number(br[3][0]) >= 7;
  return `${legacy ? br[1] + br[2] + br[3] : digits}@s.whatsapp.net`;
}

export async function startEvolutionFake(opts: { port?: number; globalKey?: string } = {}): Promise<EvolutionFake> {
  const globalKey = opts.globalKey ?? DEFAULT_EVOLUTION_KEY;
  const instances = new Map<string, EvolutionInstance>();
  const notOnWhatsApp = new Set<string>();
  const sent: EvolutionSent[] = [];
  let sendDelay = 0;
  const webhooks = new Map<string, EvolutionWebhook>();
  const webhookSets: Array<{ instance: string; body: Record<string, any> }> = [];
  const echoes: number[] = [];

  /** Evolution's `date_time`: the local wall-clock time written with a trailing Z (not UTC). */
  const localWithZ = (date: Date) => new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString();
  const randomId = () => `3EB0${randomBytes(10).toString('hex').toUpperCase()}`;

  function upsertPayload(name: string, options: ReceiveOptions): Record<string, unknown> {
    const instance = instances.get(name);
    if (!instance) throw new Error(`evolution fake: no instance ${name}`);
    const phone = options.from.replace(/\D/g, '');
    const phoneJid = whatsappJid(phone);
    const lid = options.lid === true ? `${randomBytes(7).readBigUInt64BE(0) % 10n ** 15n}` : options.lid || '';
    const group = options.group === true ? `1203630${randomBytes(6).readUIntBE(0, 6)}` : options.group || '';
    const remoteJid = options.remoteJid ?? (group ? `${group}@g.us` : lid ? `${lid}@lid` : phoneJid);
    const key: Record<string, unknown> = { remoteJid, fromMe: options.fromMe === true, id: options.id ?? randomId() };
    if (lid && !group) Object.assign(key, { remoteJidAlt: phoneJid, addressingMode: 'lid' });
    if (group) key.participant = phoneJid;
    const message = options.media
      ? {
          [options.media.type]: {
            ...(options.media.caption ? { caption: options.media.caption } : {}),
            mimetype: 'application/octet-stream',
          },
        }
      : { conversation: options.text ?? '' };
    const webhook = webhooks.get(name);
    return {
      event: options.event ?? 'messages.upsert',
      instance: name,
      data: {
        key,
        pushName: options.pushName ?? (options.fromMe ? 'Você' : 'Cliente Teste'),
        status: options.fromMe ? 'SERVER_ACK' : 'DELIVERY_ACK',
        message,
        contextInfo: null,
        messageType: options.media ? options.media.type : 'conversation',
        messageTimestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
        instanceId: instance.id,
        source: options.fromMe ? 'web' : 'android',
      },
      destination: webhook?.url ?? '',
      date_time: localWithZ(new Date()),
      sender: instance.ownerJid ?? '5511999990000@s.whatsapp.net',
      server_url: server.origin,
      apikey: options.apikey ?? null,
    };
  }

  const NON_RETRYABLE = [400, 401, 403, 404, 422];
  async function post(url: string, payload: Record<string, unknown>, retry: boolean): Promise<number[]> {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < (retry ? 10 : 1); attempt++) {
      let status = 0;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(payload),
        });
        status = response.status;
        await response.arrayBuffer();
      } catch {
        status = 0;
      }
      statuses.push(status);
      if ((status >= 200 && status < 300) || NON_RETRYABLE.includes(status)) break;
    }
    return statuses;
  }

  async function receive(name: string, options: ReceiveOptions): Promise<ReceiveResult> {
    const webhook = webhooks.get(name);
    if (!webhook?.enabled || !webhook.events.includes('MESSAGES_UPSERT') || !/^https?:\/\//.test(webhook.url))
      throw new Error(`evolution fake: instance ${name} has no enabled MESSAGES_UPSERT webhook`);
    const payload = upsertPayload(name, options);
    const statuses = await post(webhook.url, payload, options.retry === true);
    if (options.duplicate) statuses.push(...(await post(webhook.url, payload, options.retry === true)));
    return { statuses, payload };
  }

  function createInstance(name: string, token?: string): string {
    if (instances.has(name)) throw new Error(`evolution fake: instance ${name} exists`);
    const instance: EvolutionInstance = {
      id: randomUUID(),
      name,
      token: token || randomUUID().toUpperCase(),
      integration: 'WHATSAPP-BAILEYS',
      state: 'close',
      count: 0,
      ownerJid: null,
      createdAt: new Date().toISOString(),
      messages: [],
    };
    instances.set(name, instance);
    return instance.token;
  }
  function setState(name: string, state: EvolutionState): void {
    const instance = instances.get(name);
    if (!instance) throw new Error(`evolution fake: no instance ${name}`);
    instance.state = state;
    if (state !== 'connecting') instance.count = 0;
    if (state === 'open') instance.ownerJid ??= '5511999990000@s.whatsapp.net';
  }
  function qrCode(instance: EvolutionInstance, number: string | null) {
    instance.state = 'connecting';
    instance.count += 1;
    const code = `2@${randomBytes(48).toString('base64')},${randomBytes(32).toString('base64')},${randomBytes(32).toString('base64')},${randomBytes(32).toString('base64')}`;
    const pairingCode = number ? randomBytes(4).toString('hex').toUpperCase() : null;
    return { pairingCode, code, base64: `data:image/png;base64,${qrLikePngBase64(code)}`, count: instance.count };
  }
  function body(req: FakeRequest, res: ServerResponse): Record<string, any> | undefined {
    const parsed = parseJson(req.rawBody);
    if (!parsed.ok) return void evolutionError(res, 400, [parsed.error]);
    return asObject(parsed.value) ?? {};
  }

  type InstanceHandler = (req: FakeRequest, res: ServerResponse, instance: EvolutionInstance) => void;
  /** Guard order of the real router: the instance must exist (404), then the key must fit (401). */
  const onInstance = (method: string, pattern: string, handler: InstanceHandler) =>
    router.on(method, pattern, (req, res) => {
      const instance = instances.get(req.params.instance);
      if (!instance) return evolutionError(res, 404, [`The "${req.params.instance}" instance does not exist`]);
      const key = req.headers.apikey;
      if (key !== globalKey && key !== instance.token) return evolutionError(res, 401, 'Unauthorized');
      handler(req, res, instance);
    });

  const router = new Router();
  const server = await startFakeServer(
    dispatch(router, (req, res) => evolutionError(res, 404, [`Cannot ${req.method} ${req.path}`])),
    opts.port,
    (req, res, status) => evolutionError(res, status, [`Invalid apikey ${String(req.headers.apikey ?? '')} for ${req.path}`]),
  );

  router
    .on('GET', '/', (_req, res) =>
      sendJson(res, 200, {
        status: 200,
        message: 'Welcome to the Evolution API, it is working!',
        version: '2.3.1',
        clientName: 'evolution_exchange',
        manager: `${server.origin}/manager`,
        documentation: 'https://doc.evolution-api.com',
        whatsappWebVersion: '2.3000.1023204200',
      }),
    )
    .on('POST', '/instance/create', (req, res) => {
      const input = body(req, res);
      if (!input) return;
      if (typeof input.instanceName === 'string' && instances.has(input.instanceName))
        return evolutionError(res, 403, [`This name "${input.instanceName}" is already in use.`]);
      if (req.headers.apikey !== globalKey) return evolutionError(res, 401, 'Unauthorized');
      if (typeof input.instanceName !== 'string' || !input.instanceName.trim())
        return evolutionError(res, 400, ['instance requires property "instanceName"']);
      if (!INTEGRATIONS.includes(input.integration)) return evolutionError(res, 400, ['Invalid integration']);
      createInstance(input.instanceName, typeof input.token === 'string' ? input.token : undefined);
      const instance = instances.get(input.instanceName)!;
      instance.integration = input.integration;
      const qrcode = input.qrcode === true ? { qrcode: qrCode(instance, input.number ?? null) } : {};
      sendJson(res, 201, {
        instance: {
          instanceName: instance.name,
          instanceId: instance.id,
          integration: instance.integration,
          webhookWaBusiness: null,
          accessTokenWaBusiness: '',
          status: instance.state,
        },
        hash: instance.token,
        webhook: {},
        websocket: {},
        rabbitmq: {},
        nats: {},
        sqs: {},
        settings: {
          rejectCall: false,
          msgCall: '',
          groupsIgnore: false,
          alwaysOnline: false,
          readMessages: false,
          readStatus: false,
          syncFullHistory: false,
          wavoipToken: '',
        },
        ...qrcode,
      });
    })
    .on('GET', '/instance/fetchInstances', (req, res) => {
      const key = req.headers.apikey;
      let list = [...instances.values()];
      if (key !== globalKey) {
        list = list.filter((i) => i.token === key);
        if (!list.length) return evolutionError(res, 401, 'Unauthorized');
      }
      const name = req.query.get('instanceName');
      if (name) list = list.filter((i) => i.name === name);
      sendJson(
        res,
        200,
        list.map((i) => ({
          id: i.id,
          name: i.name,
          connectionStatus: i.state,
          ownerJid: i.ownerJid,
          profileName: i.state === 'open' ? 'Rastreio' : null,
          profilePicUrl: null,
          integration: i.integration,
          number: null,
          businessId: null,
          token: i.token,
          clientName: 'evolution_exchange',
          disconnectionReasonCode: null,
          disconnectionObject: null,
          disconnectionAt: null,
          createdAt: i.createdAt,
          updatedAt: i.createdAt,
          _count: { Message: i.messages.length, Contact: 0, Chat: 0 },
        })),
      );
    });

  onInstance('GET', '/instance/connect/:instance', (req, res, instance) => {
    if (instance.state === 'open') return sendJson(res, 200, { instance: { instanceName: instance.name, state: 'open' } });
    sendJson(res, 200, qrCode(instance, req.query.get('number')));
  });
  onInstance('GET', '/instance/connectionState/:instance', (_req, res, instance) =>
    sendJson(res, 200, { instance: { instanceName: instance.name, state: instance.state } }),
  );
  onInstance('DELETE', '/instance/logout/:instance', (_req, res, instance) => {
    if (instance.state === 'close') return evolutionError(res, 400, [`The "${instance.name}" instance is not connected`]);
    setState(instance.name, 'close');
    sendJson(res, 200, { status: 'SUCCESS', error: false, response: { message: 'Instance logged out' } });
  });
  onInstance('DELETE', '/instance/delete/:instance', (_req, res, instance) => {
    instances.delete(instance.name);
    sendJson(res, 200, { status: 'SUCCESS', error: false, response: { message: 'Instance deleted' } });
  });
  onInstance('POST', '/message/sendText/:instance', (req, res, instance) => {
    const input = body(req, res);
    if (!input) return;
    const problems = ['number', 'text'].flatMap((field) =>
      input[field] === undefined
        ? [`instance requires property "${field}"`]
        : typeof input[field] !== 'string' || !input[field].trim()
          ? [`instance.${field} is not of a type(s) string or is empty`]
          : [],
    );
    if (problems.length) return evolutionError(res, 400, problems);
    if (instance.state !== 'open') return evolutionError(res, 400, ['Connection Closed']);
    // A whole JID (`…@s.whatsapp.net`, `…@lid`, `…@g.us`) passes through unchanged (src/utils/createJid.ts).
    const number = input.number.split('@')[0].replace(/\D/g, '');
    const remoteJid = input.number.includes('@') ? input.number : whatsappJid(number);
    if (notOnWhatsApp.has(number) || notOnWhatsApp.has(remoteJid.split('@')[0]))
      return evolutionError(res, 400, [{ jid: remoteJid, exists: false, number }]);
    const message: EvolutionMessage = {
      id: `cm${randomBytes(12).toString('hex')}`,
      key: { remoteJid, fromMe: true, id: `3EB0${randomBytes(10).toString('hex').toUpperCase()}` },
      pushName: '',
      status: 'PENDING',
      message: { conversation: input.text },
      contextInfo: null,
      messageType: 'conversation',
      messageTimestamp: Math.floor(Date.now() / 1000),
      instanceId: instance.id,
      source: 'unknown',
    };
    instance.messages.push(message);
    sent.push({ instance: instance.name, number, text: input.text, id: message.key.id, remoteJid, at: new Date().toISOString() });
    // Own sends come back as fromMe upserts with the same id (INTEGRATIONS.md 4.2), not awaited.
    const webhook = webhooks.get(instance.name);
    if (webhook?.enabled && webhook.events.includes('MESSAGES_UPSERT') && /^https?:\/\//.test(webhook.url)) {
      const echo = upsertPayload(instance.name, { from: '', remoteJid, fromMe: true, id: message.key.id, text: input.text });
      void post(webhook.url, echo, false).then(([status]) => echoes.push(status));
    }
    const { id: _dbId, ...reply } = message;
    // A slow Evolution: the message is out, the answer comes late (the caller may have given up).
    if (sendDelay > 0) setTimeout(() => sendJson(res, 201, reply), sendDelay);
    else sendJson(res, 201, reply);
  });
  onInstance('POST', '/webhook/set/:instance', (req, res, instance) => {
    const input = body(req, res);
    if (!input) return;
    webhookSets.push({ instance: instance.name, body: input });
    const webhook = asObject(input.webhook);
    if (!webhook) return evolutionError(res, 400, ['instance requires property "webhook"']);
    const problems = [
      ...(typeof webhook.enabled !== 'boolean' ? ['webhook requires property "enabled"'] : []),
      ...(typeof webhook.url !== 'string' || !webhook.url ? ['webhook requires property "url"'] : []),
    ];
    if (problems.length) return evolutionError(res, 400, problems);
    const now = new Date().toISOString();
    const previous = webhooks.get(instance.name);
    const stored: EvolutionWebhook = {
      id: previous?.id ?? randomUUID(),
      url: webhook.url,
      headers: asObject(webhook.headers) ?? {},
      enabled: webhook.enabled,
      // enabled: false stores no events; enabled with none subscribes to every one.
      events: webhook.enabled ? (Array.isArray(webhook.events) && webhook.events.length ? webhook.events.map(String) : ['ALL']) : [],
      webhookByEvents: webhook.byEvents === true,
      webhookBase64: webhook.base64 === true,
      createdAt: previous?.createdAt ?? now,
      updatedAt: now,
      instanceId: instance.id,
    };
    if (stored.events.includes('ALL')) stored.events = ['MESSAGES_UPSERT', 'MESSAGES_UPDATE', 'CONNECTION_UPDATE', 'SEND_MESSAGE'];
    webhooks.set(instance.name, stored);
    sendJson(res, 201, stored);
  });
  onInstance('GET', '/webhook/find/:instance', (_req, res, instance) => sendJson(res, 200, webhooks.get(instance.name) ?? null));
  onInstance('POST', '/chat/findMessages/:instance', (req, res, instance) => {
    const input = body(req, res);
    if (!input) return;
    const key = asObject(asObject(input.where)?.key) ?? {};
    const size = Number(input.offset) > 0 ? Math.floor(Number(input.offset)) : 50;
    const page = Number(input.page) > 0 ? Math.floor(Number(input.page)) : 1;
    const found = instance.messages
      .filter((m) => (key.remoteJid === undefined || m.key.remoteJid === key.remoteJid) && (key.id === undefined || m.key.id === key.id))
      .reverse();
    sendJson(res, 200, {
      messages: {
        total: found.length,
        pages: Math.ceil(found.length / size),
        currentPage: page,
        records: found.slice((page - 1) * size, page * size).map(({ status: _status, contextInfo: _context, ...record }) => record),
      },
    });
  });

  addCommonControl(router, server);
  const page = (_req: FakeRequest, res: ServerResponse) => {
    const rows = sent
      .map(
        (m) =>
          `<tr><td>${new Date(m.at).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' })}</td><td>${escapeHtml(m.instance)}</td><td>${escapeHtml(m.number)}</td><td style="white-space:pre-wrap">${escapeHtml(m.text)}</td></tr>`,
      )
      .reverse()
      .join('');
    const states = [...instances.values()].map((i) => `<li>${escapeHtml(i.name)}: <b>${i.state}</b></li>`).join('');
    sendHtml(
      res,
      'Evolution (falso): mensagens enviadas',
      `<meta http-equiv="refresh" content="5"><ul>${states}</ul><table><tr><th>Quando</th><th>Instância</th><th>Número</th><th>Texto</th></tr>${rows || '<tr><td colspan="4">Nenhuma mensagem enviada ainda.</td></tr>'}</table>`,
    );
  };
  const known = (name: string) => instances.has(name);
  router
    .on('GET', '/__fake/', page)
    .on('GET', '/__fake', page)
    .on('GET', '/__fake/sent', (_req, res) => sendJson(res, 200, sent))
    .on('POST', '/__fake/scan/:instance', (req, res) => {
      if (!known(req.params.instance)) return sendJson(res, 404, { error: 'no such instance' });
      setState(req.params.instance, 'open');
      sendJson(res, 200, { instance: req.params.instance, state: 'open' });
    })
    .on('POST', '/__fake/state/:instance', (req, res) => {
      const state = controlBody(req).state;
      if (!known(req.params.instance) || !['open', 'connecting', 'close'].includes(state))
        return sendJson(res, 400, { error: 'instance or state' });
      setState(req.params.instance, state);
      sendJson(res, 200, { instance: req.params.instance, state });
    })
    .on('POST', '/__fake/send-delay', (req, res) => {
      sendDelay = Math.max(0, Number(controlBody(req).ms) || 0);
      sendJson(res, 200, { sendDelay });
    })
    .on('POST', '/__fake/receive/:instance', (req, res) => {
      if (!known(req.params.instance)) return sendJson(res, 404, { error: 'no such instance' });
      const input = controlBody(req) as ReceiveOptions;
      receive(req.params.instance, { ...input, from: String(input.from ?? '') }).then(
        (result) => sendJson(res, 200, result),
        (error: Error) => sendJson(res, 409, { error: error.message }),
      );
    })
    .on('POST', '/__fake/not-on-whatsapp/:number', (req, res) => {
      notOnWhatsApp.add(req.params.number.replace(/\D/g, ''));
      sendJson(res, 200, { notOnWhatsApp: [...notOnWhatsApp] });
    });

  return {
    url: server.origin,
    globalKey,
    instances,
    createInstance,
    scan: (name) => setState(name, 'open'),
    setState,
    notOnWhatsApp: (number) => void notOnWhatsApp.add(number.replace(/\D/g, '')),
    sent,
    requests: server.requests,
    stop: server.stop,
    restart: server.restart,
    setDelay: server.setDelay,
    setEchoKey: server.setEchoKey,
    setSendDelay: (ms) => void (sendDelay = Math.max(0, ms)),
    webhookSets,
    webhooks,
    receive,
    upsertPayload,
    echoes,
    close: server.close,
  };
}
