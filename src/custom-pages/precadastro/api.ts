/**
 * The public pre-registration calls, without credentials: the page has no session and must not
 * send a staff member's cookie if one happens to be open in the same browser. A refusal is an
 * HttpError carrying the server's message and field errors, as everywhere else.
 */
import { apiFetch } from '../../dataProvider/http';

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

const url = (token: string) => `/v1/static/precadastro/${encodeURIComponent(token)}`;

export const loadPrecadastro = (token: string) => apiFetch<PrecadastroInfo>(url(token), { credentials: 'omit' });

export const sendPrecadastro = (token: string, body: Record<string, unknown> & { documentos: PrecadastroDocumento[] }) =>
  apiFetch<{ id: number }>(url(token), { method: 'POST', body, credentials: 'omit' });
