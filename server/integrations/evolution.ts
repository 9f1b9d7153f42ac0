/**
 * Evolution API v2 (WhatsApp), the calls of INTEGRATIONS.md section 2: the header `apikey`,
 * errors `{ status, error, response: { message } }` with `message` a string or an array.
 */
import { baseUrl, callApi, excerpt, IntegrationError } from './http';

export interface WhatsConfig {
  server: string;
  instance: string;
  token: string;
  /** Every secret the company holds: cleaned out of Evolution's error texts (http.ts). */
  secrets?: readonly string[];
  /** The calls' timeout (http.ts' default when absent). */
  timeoutMs?: number;
}

export type WhatsState = 'open' | 'connecting' | 'close';

/** Evolution's error in our words; its own text (`response.message`) only as the log's detail. */
function readError(status: number, text: string) {
  let detail = '';
  try {
    const body = JSON.parse(text) as { response?: { message?: unknown } };
    const message = body.response?.message;
    const first = Array.isArray(message) ? message[0] : message;
    if (first && typeof first === 'object' && (first as { exists?: boolean }).exists === false) {
      return { code: 'not_on_whatsapp', message: 'O número do cliente não tem WhatsApp.' };
    }
    detail = excerpt(typeof first === 'string' ? first : text);
  } catch {
    detail = excerpt(text);
  }
  if (status === 401) return { code: 'unauthorized', message: 'WhatsApp recusou o token (apikey) configurado.', detail };
  if (status === 404) return { code: 'not_found', message: 'Instância do WhatsApp não encontrada no servidor Evolution.', detail };
  if (/connection closed/i.test(detail))
    return { code: 'connection_closed', message: 'WhatsApp desconectado: conecte a instância lendo o QR code.', detail };
  return {
    code: `http_${status}`,
    message:
      status >= 500
        ? `O servidor do WhatsApp (Evolution) falhou (erro ${status}).`
        : `O WhatsApp (Evolution) recusou a requisição (erro ${status}).`,
    detail,
  };
}

/** The call's own key and every other the company holds. */
const secretsOf = (config: WhatsConfig) => [config.token, ...(config.secrets ?? [])];

const call = (config: WhatsConfig, method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) =>
  callApi({
    service: 'WhatsApp',
    url: `${baseUrl(config.server)}${path}`,
    method,
    headers: { apikey: config.token },
    body,
    timeoutMs: config.timeoutMs,
    readError,
    secrets: secretsOf(config),
  });

const instancePath = (config: WhatsConfig) => encodeURIComponent(config.instance);

export async function connectionState(config: WhatsConfig): Promise<WhatsState> {
  const { data } = await call(config, 'GET', `/instance/connectionState/${instancePath(config)}`);
  const state = (data as { instance?: { state?: string } })?.instance?.state;
  return state === 'open' || state === 'connecting' ? state : 'close';
}

/** Starts (or continues) a connection: a QR code as a data URL, or the state once connected. */
export async function connect(config: WhatsConfig): Promise<{ qr?: string; status?: WhatsState }> {
  const { data } = await call(config, 'GET', `/instance/connect/${instancePath(config)}`);
  const body = (data ?? {}) as { base64?: string; instance?: { state?: string }; error?: boolean; message?: string };
  // connect catches its own errors and answers 200 { error: true, message } (INTEGRATIONS.md).
  if (body.error)
    throw new IntegrationError('WhatsApp', 200, 'connect_failed', 'WhatsApp não gerou o QR code: tente novamente.', true, {
      detail: excerpt(String(body.message ?? '')),
      secrets: secretsOf(config),
    });
  if (body.instance?.state === 'open') return { status: 'open' };
  if (body.base64) return { qr: body.base64 };
  throw new IntegrationError('WhatsApp', 200, 'no_qr', 'O QR code ainda não foi gerado: tente novamente em alguns segundos.', true);
}

export async function logout(config: WhatsConfig): Promise<void> {
  await call(config, 'DELETE', `/instance/logout/${instancePath(config)}`);
}

export async function sendText(config: WhatsConfig, number: string, text: string): Promise<{ id: string }> {
  const { data } = await call(config, 'POST', `/message/sendText/${instancePath(config)}`, { number, text });
  return { id: String((data as { key?: { id?: string } })?.key?.id ?? '') };
}

interface FoundMessage {
  key?: { id?: string; fromMe?: boolean };
  message?: { conversation?: string; extendedTextMessage?: { text?: string } };
  messageTimestamp?: number | string;
}

/**
 * Whether this text already went to this number since `since` (findMessages, Evolution v2): how an
 * in-doubt send (the app stopped during the call, or the call got no answer) is settled without
 * sending it twice. `taken`: ids other messages already own (the same text sent twice on purpose).
 */
export async function findSent(
  config: WhatsConfig,
  number: string,
  text: string,
  since: Date,
  taken: ReadonlySet<string> = new Set(),
): Promise<string | null> {
  const fromSeconds = Math.floor(since.getTime() / 1000) - 60;
  for (const jid of jidsOf(number)) {
    const { data } = await call(config, 'POST', `/chat/findMessages/${instancePath(config)}`, { where: { key: { remoteJid: jid } } });
    const body = data as { messages?: { records?: FoundMessage[] } } | FoundMessage[];
    const records = Array.isArray(body) ? body : (body?.messages?.records ?? []);
    const found = records.find(
      (record) =>
        record.key?.fromMe !== false &&
        !taken.has(String(record.key?.id ?? '')) &&
        (record.message?.conversation ?? record.message?.extendedTextMessage?.text) === text &&
        Number(record.messageTimestamp ?? 0) >= fromSeconds,
    );
    if (found) return String(found.key?.id ?? '');
  }
  return null;
}

/**
 * The chats a Brazilian mobile may be stored under: WhatsApp keeps numbers of area codes 31 and
 * up without the ninth digit (55 31 9xxxx-xxxx → 55 31 xxxx-xxxx), so both are asked.
 */
export function jidsOf(number: string): string[] {
  // A whole JID (a reply to a chat, `…@lid` included) is its own chat.
  if (number.includes('@')) return [number];
  const jids = [`${number}@s.whatsapp.net`];
  const mobile = /^55(\d{2})9(\d{8})$/.exec(number);
  if (mobile) jids.push(`55${mobile[1]}${mobile[2]}@s.whatsapp.net`);
  return jids;
}

export interface WebhookConfig {
  url: string;
  enabled: boolean;
  events: string[];
}

/**
 * Sets the instance's webhook (INTEGRATIONS.md 4.2): always the events' list (an empty one with
 * enabled subscribes to every event), byEvents and base64 off.
 */
export async function setWebhook(config: WhatsConfig, webhook: WebhookConfig): Promise<void> {
  await call(config, 'POST', `/webhook/set/${instancePath(config)}`, {
    webhook: { enabled: webhook.enabled, url: webhook.url, events: webhook.events, byEvents: false, base64: false },
  });
}

/** The instance's webhook as Evolution keeps it, or null when none was set. */
export async function findWebhook(config: WhatsConfig): Promise<WebhookConfig | null> {
  const { data } = await call(config, 'GET', `/webhook/find/${instancePath(config)}`);
  if (!data || typeof data !== 'object') return null;
  const found = data as { url?: unknown; enabled?: unknown; events?: unknown };
  return {
    url: String(found.url ?? ''),
    enabled: found.enabled === true,
    events: Array.isArray(found.events) ? found.events.map(String) : [],
  };
}
