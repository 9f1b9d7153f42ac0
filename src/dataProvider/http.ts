/** fetch wrapper for /v1: JSON in and out, the session cookie rides along (same origin). */
import { HttpError } from 'ra-core';
import { NETWORK_ERROR } from '../../domain/messages-rede';

export interface ApiErrorBody {
  message?: string;
  errors?: Record<string, string>;
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  /** Form-encoded body (POST /v1/session). */
  form?: Record<string, string>;
  signal?: AbortSignal;
  /** 'same-origin' (the session cookie) unless a public page says 'omit'. */
  credentials?: RequestCredentials;
}

/**
 * A reply's text is shown as the message (SPEC 8) when it is a short plain text; a proxy's HTML
 * error page (502, 504) is not: the server could not be reached, and the message says so.
 */
function plainText(text: string): string {
  const trimmed = text.trim();
  return trimmed.length <= 300 && !trimmed.startsWith('<') ? trimmed : '';
}

export async function apiFetch<T = unknown>(url: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(url, {
    method: options.method ?? 'GET',
    headers,
    body,
    credentials: options.credentials ?? 'same-origin',
    signal: options.signal,
  });
  const text = await response.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  // Success is decided by the HTTP status only (DESIGN section 9).
  if (!response.ok) {
    const errorBody = (json && typeof json === 'object' ? json : {}) as ApiErrorBody;
    const message = errorBody.message || plainText(text) || NETWORK_ERROR;
    throw new HttpError(message, response.status, errorBody);
  }
  return json as T;
}
