/**
 * The atendimento's settings (DESIGN 11) and Evolution's webhook. Saving the atendimento or the
 * WhatsApp settings enqueues, in the save's transaction, a job that sets the instance's webhook:
 * url `{origin}/webhook/whats/{userId}/{webhookToken}`, events ["MESSAGES_UPSERT"], enabled =
 * ativo (INTEGRATIONS.md 4.2). The job carries the origin and the saver's id, never the token: it
 * is read from the settings when the job runs. The status asks Evolution what it keeps.
 */
import { DEFAULT_ATENDIMENTO_MENSAGENS, DEFAULT_HORARIO, type AtendimentoSettings } from '../../domain/atendimento';
import type { DbOrTx } from '../db/client';
import { findWebhook, setWebhook } from '../integrations/evolution';
import { IntegrationError } from '../integrations/http';
import { whatsConfig } from '../mensagens/mensagens';
import { QUEUES, type JobQueue } from '../queue/boss';
import { getCompany, integrationActive, type CompanySettings } from '../regras/company';

export const WEBHOOK_EVENTS = ['MESSAGES_UPSERT'];

/** The settings with every text and day filled (a company edits them one by one). */
export function atendimentoDe(company: Pick<CompanySettings, 'integrations'>): AtendimentoSettings {
  const stored = company.integrations.atendimento;
  return {
    ...stored,
    horario: { ...DEFAULT_HORARIO, ...(stored.horario ?? {}) },
    mensagens: { ...DEFAULT_ATENDIMENTO_MENSAGENS, ...(stored.mensagens ?? {}) },
  };
}

export const webhookPath = (userId: number | string, token: string) => `/webhook/whats/${userId}/${token}`;

/** After a save: the webhook follows a change of the atendimento or WhatsApp settings. */
export async function atendimentoSettingsSaved(
  tx: DbOrTx,
  queue: JobQueue,
  before: CompanySettings,
  after: CompanySettings,
  job: { origin: string; userId: number },
): Promise<void> {
  const same = (key: 'atendimento' | 'whats') => JSON.stringify(before.integrations[key]) === JSON.stringify(after.integrations[key]);
  if (same('atendimento') && same('whats')) return;
  if (!integrationActive(after, 'whats')) return;
  await queue.send(tx, QUEUES.atendimentoWebhook.name, job);
}

/** The job: sets Evolution's webhook from the settings as they are now. */
export async function definirWebhook(db: DbOrTx, data: { origin?: unknown; userId?: unknown }): Promise<string> {
  const company = await getCompany(db);
  if (!integrationActive(company, 'whats')) return 'WhatsApp inativo';
  const origin = String(data.origin ?? '').replace(/\/+$/, '');
  if (!/^https?:\/\//.test(origin)) return 'sem endereço público';
  const atendimento = atendimentoDe(company);
  await setWebhook(whatsConfig(company), {
    url: `${origin}${webhookPath(Number(data.userId), atendimento.webhookToken)}`,
    enabled: atendimento.ativo === true,
    events: WEBHOOK_EVENTS,
  });
  return atendimento.ativo ? 'webhook ativo' : 'webhook desativado';
}

export type WebhookEstado = { webhook: 'ok' | 'erro' | 'inativo'; mensagem: string };

/** `GET /v1/integrations/atendimento/status`: what Evolution keeps, against what the settings say. */
export async function estadoDoWebhook(db: DbOrTx): Promise<WebhookEstado> {
  const company = await getCompany(db);
  const atendimento = atendimentoDe(company);
  if (!atendimento.ativo) return { webhook: 'inativo', mensagem: 'O atendimento pelo WhatsApp está desativado.' };
  if (!integrationActive(company, 'whats')) return { webhook: 'inativo', mensagem: 'A integração com o WhatsApp não está ativa.' };
  try {
    const found = await findWebhook(whatsConfig(company));
    if (!found) return { webhook: 'erro', mensagem: 'O webhook ainda não foi configurado no Evolution: salve as configurações de novo.' };
    const suffix = `/${atendimento.webhookToken}`;
    const ours = /\/webhook\/whats\/\d+\/[^/]+$/.test(found.url) && found.url.endsWith(suffix);
    if (!ours) return { webhook: 'erro', mensagem: 'O webhook do Evolution aponta para outro endereço: salve as configurações de novo.' };
    if (!found.enabled || !WEBHOOK_EVENTS.every((event) => found.events.includes(event)))
      return { webhook: 'erro', mensagem: 'O webhook do Evolution está desativado ou sem o evento de mensagens.' };
    return { webhook: 'ok', mensagem: 'Recebendo mensagens do WhatsApp.' };
  } catch (error) {
    if (error instanceof IntegrationError) return { webhook: 'erro', mensagem: error.message };
    throw error;
  }
}
