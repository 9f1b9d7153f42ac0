/**
 * What a logged request shows (DESIGN 6: logs never hold query parameters, passwords, hashes,
 * tokens or secrets): the method and the path, without the query string, and with the tokens
 * that public paths carry (payment page, pre-registration, contract) replaced. Errors are logged
 * through plugins/errors.ts `loggableError`, which leaves SQL parameters out.
 *
 * And what no log line holds, whoever wrote it (an Asaas error repeating the request, a job's
 * failure, a URL in a message): CPF/CNPJ and phone numbers, and the public pages' tokens.
 * `maskLogLine` runs on every line the logger writes (pino's streamWrite hook, server/app.ts).
 */
import type { FastifyRequest } from 'fastify';

/** Public paths whose last segment is a secret. */
const TOKEN_PATHS = [
  /^((?:\/v1)?\/static\/(?:cobranca|precadastro|contrato|localizacao)\/)[^/?#]+/,
  // The WhatsApp webhook's secret (atendimento): /webhook/whats/{userId}/{token}.
  /^(\/webhook\/whats\/[^/?#]*\/)[^/?#]+/,
];

export const MASK = '[oculto]';

/** The same tokens anywhere in a text (a URL quoted in a message), and a `token=` parameter. */
const TOKEN_IN_TEXT = /(\/static\/(?:cobranca|precadastro|contrato|localizacao)\/|\/webhook\/whats\/\d+\/)[^/?#\s"'<>]+/g;
const TOKEN_PARAM = /([?&;]token=)[^&#\s"'<>]+/gi;
/**
 * Documents and phones, formatted or not: CNPJ 00.000.000/0000-00, CPF 000.000.000-00, phones
 * (+55) (11) 98765-4321 in their usual spellings, and any run of 10 to 14 digits (a CPF, CNPJ or
 * phone without punctuation). Not next to another digit, nor after "_" (Asaas' ids, pay_0802…).
 * Longer runs (IMEI, ICCID, barcode) are no person's data and stay.
 */
const PERSONAL_NUMBERS = new RegExp(
  [
    String.raw`\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}`,
    String.raw`\d{3}\.\d{3}\.\d{3}-\d{2}`,
    String.raw`(?:\+?55[\s.-]?)?\(\d{2}\)[\s.-]?9?\d{4}[\s.-]?\d{4}`,
    String.raw`(?:\+?55[\s.-]?)?\d{2}[\s.-]9?\d{4}[\s.-]?\d{4}`,
    String.raw`\+?\d{10,14}`,
  ]
    .map((shape) => String.raw`(?<![\d_])${shape}(?!\d)`)
    .join('|'),
  'g',
);

/** `text` without personal numbers or public tokens. */
export function maskText(text: string): string {
  return text.replace(TOKEN_IN_TEXT, `$1${MASK}`).replace(TOKEN_PARAM, `$1${MASK}`).replace(PERSONAL_NUMBERS, MASK);
}

function maskValue(value: unknown): unknown {
  if (typeof value === 'string') return maskText(value);
  if (Array.isArray(value)) return value.map(maskValue);
  if (value && typeof value === 'object') {
    const masked: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) masked[key] = maskValue(inner);
    return masked;
  }
  return value;
}

/**
 * One line as the logger wrote it (JSON, newline-terminated), with every string in it masked; its
 * numbers (time, pid, status, response time) stay. A line that is not JSON is masked as text.
 */
export function maskLogLine(line: string): string {
  const end = line.endsWith('\n') ? '\n' : '';
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return maskText(line);
  }
  return JSON.stringify(maskValue(parsed)) + end;
}

export function redactUrl(url: string): string {
  let path = url.split('?')[0];
  for (const pattern of TOKEN_PATHS) path = path.replace(pattern, `$1${MASK}`);
  return url.includes('?') ? `${path}?${MASK}` : path;
}

export const logSerializers = {
  req(request: FastifyRequest) {
    return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
  },
};
