/** The integration calls of SPEC 7 and DESIGN 9 (whats, imports) plus the Traccar test and the webhook token. */
import { apiFetch } from '../../dataProvider/http';

/** GET /v1/integrations/whats/status: 'open' is online; anything else (connecting, close, apiOff) offline. */
export type WhatsStatus = 'open' | 'connecting' | 'close' | 'apiOff';

export interface WhatsConnectReply {
  /** The QR code as a data URL (data:image/png;base64,…). */
  qr?: string;
  status?: string;
}

export interface ImportReply {
  imported: number;
  updated: number;
  message: string;
}

/** What the gateway imports bring in: GET /v1/{kind}/imports/{userId}/{gateway}. */
export type ImportKind = 'clientes' | 'assinaturas' | 'cobrancas';

const id = (userId: number | string) => encodeURIComponent(String(userId));

export const testTraccar = (body: { server: string; userId: string; token: string }) =>
  apiFetch<{ message?: string }>('/v1/integrations/traccar/test', { method: 'POST', body });

export const whatsStatus = (signal?: AbortSignal) => apiFetch<{ status?: WhatsStatus }>('/v1/integrations/whats/status', { signal });

export const whatsConnect = (userId: number | string, signal?: AbortSignal) =>
  apiFetch<WhatsConnectReply>(`/v1/integrations/whats/connect/${id(userId)}`, { signal });

/** The path's spelling (desconnect) is the API's own (SPEC 7). */
export const whatsDisconnect = (userId: number | string) =>
  apiFetch(`/v1/integrations/whats/desconnect/${id(userId)}`, { method: 'DELETE' });

export const regenerateWebhookToken = () =>
  apiFetch<{ webhookToken: string }>('/v1/integrations/gateway/webhook-token', { method: 'POST', body: { confirmar: true } });

export const importFromGateway = (kind: ImportKind, userId: number | string, gateway: string) =>
  apiFetch<ImportReply>(`/v1/${kind}/imports/${id(userId)}/${encodeURIComponent(gateway)}`);
