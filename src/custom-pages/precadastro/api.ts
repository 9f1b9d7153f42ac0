/**
 * The public pre-registration calls. Plain fetch without credentials: the page has no session and
 * must not send a staff member's cookie if one happens to be open in the same browser.
 */
export interface PrecadastroInfo {
  valid: boolean;
  empresa: string;
}

export interface PrecadastroDocumento {
  name: string;
  type: string;
  /** A data URL. */
  base64: string;
}

/** A reply that was not 2xx: the server's pt-BR message and its field errors (DESIGN section 4). */
export class PrecadastroError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors: Record<string, string> = {},
  ) {
    super(message);
  }
}

const url = (token: string) => `/v1/static/precadastro/${encodeURIComponent(token)}`;

async function call<T>(input: string, init: RequestInit): Promise<T> {
  const response = await fetch(input, { ...init, credentials: 'omit', headers: { Accept: 'application/json', ...init.headers } });
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    const body = (json && typeof json === 'object' ? json : {}) as { message?: string; errors?: Record<string, string> };
    throw new PrecadastroError(
      body.message || text || response.statusText || `Erro ${response.status}`,
      response.status,
      body.errors ?? {},
    );
  }
  return json as T;
}

export const loadPrecadastro = (token: string) => call<PrecadastroInfo>(url(token), { method: 'GET' });

export const sendPrecadastro = (token: string, body: Record<string, unknown> & { documentos: PrecadastroDocumento[] }) =>
  call<{ id: number }>(url(token), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
