/**
 * The app's public address, for the links sent to clients ({{linkPagamento}}, the contract's link):
 * PUBLIC_URL when set; otherwise the origin of the last signed-in staff request this process
 * served (never a visitor's: a forged Host header on a public call must not reach a message).
 * With neither (a worker process that has served no staff yet), the link is empty and a template
 * line holding only it is left out (domain/financeiro.ts `fillTemplate`).
 */
import type { FastifyRequest } from 'fastify';

let configured: string | undefined;
let seen: string | undefined;

const clean = (url: string) => url.trim().replace(/\/+$/, '');

export function setPublicUrl(url: string | undefined): void {
  configured = url ? clean(url) : undefined;
}

/** The request's own origin, remembered when a signed-in staff member made it. */
export function rememberStaffOrigin(request: FastifyRequest): void {
  if (configured || !(request as { user?: unknown }).user) return;
  seen = clean(`${request.protocol}://${request.host}`);
}

export const publicOrigin = (): string => configured ?? seen ?? '';

/**
 * The payment page's link as staff copy it (the charge's `linkPagamento`): from PUBLIC_URL only, so
 * it is the same for every viewer and a cached list reply never carries another's address; null
 * without PUBLIC_URL, when the browser's own origin is the one the messages carry too.
 */
export const linkPagamentoConfigurado = (token: string | null | undefined): string | null =>
  configured && token ? `${configured}/static/cobranca/${token}` : null;

/** The charge's payment page, or '' when the public address is unknown. */
export const linkPagamento = (token: string): string => (publicOrigin() ? `${publicOrigin()}/static/cobranca/${token}` : '');
