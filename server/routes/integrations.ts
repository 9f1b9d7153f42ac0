/**
 * The integration calls of the screens (SPEC 7, DESIGN 9): WhatsApp's state, connection (QR code)
 * and disconnection, the gateway's webhook token, and the municipal services the Asaas account may
 * invoice (the NFS-e settings).
 * `{id}` in connect/desconnect is the caller's own id (403 otherwise); a WhatsApp not configured
 * or inactive gives 409; Evolution failing gives 502 with its reason (plugins/errors.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { MSG } from '../../domain/messages';
import { text } from '../../domain/schemas/common';
import { idParam } from '../../domain/schemas/list';
import type { Db } from '../db/client';
import { companySettings } from '../db/schema';
import { conflict } from '../regras/http-errors';
import { asaas } from '../integrations/asaas';
import { connect, connectionState, logout } from '../integrations/evolution';
import { IntegrationError } from '../integrations/http';
import { getCompany, integrationActive } from '../regras/company';
import { whatsConfig } from '../mensagens/mensagens';
import { randomToken } from '../regras/passwords';
import { asaasConfig } from '../cobrancas/gateway';
import { estadoDoWebhook } from '../atendimento/configuracao';

const servicosQuery = z.object({ descricao: text(100).optional() });

export interface IntegrationRoutesOptions {
  /** ASAAS_BASE_URL: Asaas at another address than the key's environment (a fake in tests). */
  asaasBaseUrl?: string;
}

export function registerIntegrationRoutes(app: FastifyInstance, db: Db, options: IntegrationRoutesOptions = {}) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['integrações'];

  /** The WhatsApp settings, when configured and active. */
  const activeWhats = async () => {
    const company = await getCompany(db);
    const config = whatsConfig(company);
    if (!integrationActive(company, 'whats')) throw conflict(MSG.whatsNotConfigured);
    return config;
  };

  r.get(
    '/v1/integrations/whats/status',
    { schema: { tags, summary: 'Estado da conexão do WhatsApp (open, connecting, close ou apiOff)' }, config: { access: 'user' } },
    async () => {
      const company = await getCompany(db);
      const config = whatsConfig(company);
      if (!integrationActive(company, 'whats')) return { status: 'apiOff' };
      try {
        return { status: await connectionState(config) };
      } catch (error) {
        if (error instanceof IntegrationError) return { status: 'apiOff', message: error.message };
        throw error;
      }
    },
  );

  r.get(
    '/v1/integrations/atendimento/status',
    {
      schema: { tags, summary: 'Estado do webhook do atendimento pelo WhatsApp (ok, erro ou inativo)' },
      config: { access: 'user' },
    },
    async () => estadoDoWebhook(db),
  );

  r.get(
    '/v1/integrations/whats/connect/:id',
    {
      schema: { tags, summary: 'Conecta o WhatsApp: QR code (data URL) ou o estado quando já conectado', params: idParam },
      config: { access: 'adminSelf' },
    },
    async () => connect(await activeWhats()),
  );

  r.delete(
    '/v1/integrations/whats/desconnect/:id',
    { schema: { tags, summary: 'Desconecta o WhatsApp', params: idParam }, config: { access: 'adminSelf' } },
    async () => {
      const config = await activeWhats();
      if ((await connectionState(config)) !== 'close') await logout(config);
      return { status: 'close', message: MSG.whatsDisconnected };
    },
  );

  r.post(
    '/v1/integrations/gateway/webhook-token',
    {
      schema: {
        tags,
        summary: 'Gera um novo token do webhook do gateway de pagamento',
        body: z.object({ confirmar: z.literal(true, { error: MSG.confirmRequired }) }),
      },
      config: { access: 'admin' },
    },
    async () => {
      const webhookToken = randomToken(24);
      await db.transaction(async (tx) => {
        const company = await getCompany(tx);
        const integrations = { ...company.integrations, gateway: { ...company.integrations.gateway, webhookToken } };
        await tx.update(companySettings).set({ integrations, updatedAt: new Date() }).where(eq(companySettings.id, 1));
      });
      return { webhookToken, message: MSG.webhookTokenRegenerated };
    },
  );

  r.get(
    '/v1/integrations/nfse/servicos',
    {
      schema: { tags, summary: 'Serviços municipais que a conta Asaas pode faturar', querystring: servicosQuery },
      config: { access: 'admin' },
    },
    async (request) => {
      const config = await asaasConfig(db, options.asaasBaseUrl);
      if (!config) throw conflict('Ative o Asaas em Integrações → Gateway de pagamento antes de configurar a NFS-e.');
      try {
        const Items = await asaas.municipalServices(config, request.query.descricao ?? '');
        return { Items: Items.map((s) => ({ id: String(s.id), description: String(s.description), issTax: s.issTax ?? null })) };
      } catch (error) {
        // Asaas' refusal or absence, in pt-BR, as a 409/502 the screen shows: never a 500.
        if (error instanceof IntegrationError) {
          request.log.warn({ code: error.code, detail: error.detail }, `Serviços municipais: ${error.message}`);
          throw conflict(error.message);
        }
        throw error;
      }
    },
  );
}
