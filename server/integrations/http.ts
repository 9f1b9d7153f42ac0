/**
 * Every outgoing call (DESIGN 8): a timeout, and one error type whatever the API. Each API's
 * adapter reads its own error shape (Traccar text/plain, Evolution `response.message`, Asaas
 * `errors[]`) into `{ httpStatus, code, message, detail }`: `message` is a pt-BR summary in our
 * words (what staff and the API show), `detail` a short excerpt of the service's own text (logs).
 * Nothing here logs a header, a URL query or a body, and both texts are cleaned of the company's
 * secrets when the error is built (`IntegrationError`, the one place): a service that repeats the
 * key in its error body never gets it stored, logged or shown.
 */

export type Service = 'Traccar' | 'WhatsApp' | 'Asaas';

/** What a secret becomes in a text (the same mark as the log's hidden URL tokens). */
export const HIDDEN = '[oculto]';

/**
 * The text without any of the secrets, as typed, URL-encoded or JSON-escaped. Secrets shorter than
 * 4 characters are no real keys and are left alone (they would only garble the text).
 */
export function redactSecrets(text: string, secrets: readonly string[] = []): string {
  let clean = text;
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (typeof secret !== 'string' || secret.length < 4) continue;
    forms.add(secret);
    forms.add(encodeURIComponent(secret));
    forms.add(JSON.stringify(secret).slice(1, -1));
  }
  // Longest first: a form that contains another is replaced whole.
  for (const form of [...forms].sort((a, b) => b.length - a.length)) clean = clean.split(form).join(HIDDEN);
  return clean;
}

export interface IntegrationErrorExtra {
  /** The service's own words (an excerpt), for the log: never shown to a Usuario. */
  detail?: string;
  /** The secrets to clean out of the message and the detail. */
  secrets?: readonly string[];
  /** No answer came after the request may have arrived (timeout, connection cut): it may have been carried out. */
  inDoubt?: boolean;
}

export class IntegrationError extends Error {
  /** The service's own words, cleaned of secrets ('' when none). */
  readonly detail: string;
  readonly inDoubt: boolean;

  constructor(
    readonly service: Service,
    /** 0 when no HTTP answer came (refused, timed out). */
    readonly httpStatus: number,
    readonly code: string,
    message: string,
    /** Worth retrying later: no answer, 429 or 5xx. */
    readonly transient: boolean,
    extra: IntegrationErrorExtra = {},
  ) {
    // Cleaned before super(): the stack's first line is built from the message.
    super(redactSecrets(message, extra.secrets));
    this.name = 'IntegrationError';
    this.detail = redactSecrets(extra.detail ?? '', extra.secrets);
    this.inDoubt = extra.inDoubt ?? false;
  }
}

export const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * Connection errors after the request may have been sent (undici's cause codes): the socket cut
 * or closed by the other side, or its answer too slow. Anything else (refused, unknown host, a
 * port or address fetch will not use) happens before a byte goes out.
 */
const CUT_AFTER_SENDING = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

export interface CallOptions {
  service: Service;
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  /** JSON body (objects), a form (URLSearchParams) or a multipart form (FormData: fetch sets its boundary). */
  body?: unknown;
  timeoutMs?: number;
  /**
   * Reads a non-2xx answer (already cleaned of `secrets`) into a code, a pt-BR message in our words
   * and, optionally, the service's own words for the log.
   */
  readError(status: number, text: string): { code: string; message: string; detail?: string };
  /** The secrets a reply might repeat (the call's own key and every other the company holds). */
  secrets?: readonly string[];
}

export interface CallResult {
  status: number;
  /** The parsed JSON, the text when not JSON, or null when empty. */
  data: unknown;
}

/** Normalises a user-typed server address: no trailing slash. */
export const baseUrl = (server: string) => server.trim().replace(/\/+$/, '');

export async function callApi(options: CallOptions): Promise<CallResult> {
  const { service } = options;
  const headers: Record<string, string> = { Accept: 'application/json', 'User-Agent': 'Rastreio', ...options.headers };
  let body: string | FormData | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body instanceof URLSearchParams) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = options.body.toString();
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(options.url, {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      redirect: 'error',
    });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    const cause = (error as { cause?: { code?: unknown } }).cause?.code;
    // Refused before any byte was sent: certainly not carried out. A timeout or a connection cut
    // later leaves it in doubt: the request may have arrived and been carried out.
    const cut = !timedOut && typeof cause === 'string' && CUT_AFTER_SENDING.has(cause);
    throw new IntegrationError(
      service,
      0,
      timedOut ? 'timeout' : cut ? 'dropped' : 'unreachable',
      timedOut
        ? `${service} não respondeu a tempo.`
        : cut
          ? `A conexão com o ${service} caiu antes da resposta.`
          : `Não foi possível conectar ao ${service}: verifique o endereço do servidor.`,
      true,
      { inDoubt: timedOut || cut, secrets: options.secrets },
    );
  }
  const raw = await response.text().catch(() => '');
  if (!response.ok) {
    const cleaned = redactSecrets(raw, options.secrets);
    const { code, message, detail } = options.readError(response.status, cleaned);
    throw new IntegrationError(service, response.status, code, message, response.status === 429 || response.status >= 500, {
      detail: detail ?? excerpt(cleaned),
      secrets: options.secrets,
    });
  }
  let data: unknown = null;
  if (raw) {
    try {
      data = JSON.parse(raw);
    } catch {
      data = raw;
    }
  }
  return { status: response.status, data };
}

/** A short, single-line excerpt of a foreign error text (never a whole stack trace). */
export function excerpt(text: string, max = 160): string {
  const line = text.split('\n')[0].trim();
  return line.length > max ? `${line.slice(0, max)}…` : line;
}
