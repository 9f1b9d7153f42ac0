/**
 * Every outgoing call (DESIGN 8): a timeout, and one error type whatever the API. Each API's
 * adapter reads its own error shape (Traccar text/plain, Evolution `response.message`, Asaas
 * `errors[]`) into `{ httpStatus, code, message }` with a clear pt-BR message. Nothing here logs
 * a header, a URL query or a body: tokens travel in headers and never reach a log.
 */

export type Service = 'Traccar' | 'WhatsApp' | 'Asaas';

export class IntegrationError extends Error {
  constructor(
    readonly service: Service,
    /** 0 when no HTTP answer came (refused, timed out). */
    readonly httpStatus: number,
    readonly code: string,
    message: string,
    /** Worth retrying later: no answer, 429 or 5xx. */
    readonly transient: boolean,
  ) {
    super(message);
    this.name = 'IntegrationError';
  }
}

export const DEFAULT_TIMEOUT_MS = 10_000;

export interface CallOptions {
  service: Service;
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  /** JSON body (objects) or a form (URLSearchParams). */
  body?: unknown;
  timeoutMs?: number;
  /** Reads a non-2xx answer into a code and a pt-BR message. */
  readError(status: number, text: string): { code: string; message: string };
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
  let body: string | undefined;
  if (options.body instanceof URLSearchParams) {
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
    throw new IntegrationError(
      service,
      0,
      timedOut ? 'timeout' : 'unreachable',
      timedOut ? `${service} não respondeu a tempo.` : `Não foi possível conectar ao ${service}: verifique o endereço do servidor.`,
      true,
    );
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) {
    const { code, message } = options.readError(response.status, text);
    throw new IntegrationError(service, response.status, code, message, response.status === 429 || response.status >= 500);
  }
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  return { status: response.status, data };
}

/** A short, single-line excerpt of a foreign error text (never a whole stack trace). */
export function excerpt(text: string, max = 160): string {
  const line = text.split('\n')[0].trim();
  return line.length > max ? `${line.slice(0, max)}…` : line;
}
