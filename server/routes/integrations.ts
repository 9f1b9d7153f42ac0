/**
 * The integration calls of the screens (SPEC 7, DESIGN 9): WhatsApp's state, connection (QR code)
 * and disconnection, the gateway's webhook token, each charge's message log and the audit log.
 * `{id}` in connect/desconnect is the caller's own id (403 otherwise); a WhatsApp not configured
 * or inactive gives 409; Evolution failing gives 502 with its reason (plugins/errors.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { MSG } from '../../domain/messages';
import { int } from '../../domain/schemas/common';
import { idParam, listQuery } from '../../domain/schemas/list';
import type { Db } from '../db/client';
import { auditoria, cobrancas, companySettings, mensagens } from '../db/schema';
import { conflict, notFound } from '../regras/http-errors';
import { connect, connectionState, logout } from '../integrations/evolution';
import { IntegrationError } from '../integrations/http';
import { getCompany, integrationActive } from '../regras/company';
import { whatsConfig } from '../mensagens/mensagens';
import { randomToken } from '../regras/passwords';
import { mensagemColumns } from './mensagens';

const ACOES = ['comando', 'bloqueio', 'desbloqueio', 'pagamento', 'situacao', 'seguranca', 'backup'] as const;

export function registerIntegrationRoutes(app: FastifyInstance, db: Db) {
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
    '/v1/cobrancas/:id/mensagens',
    {
      schema: { tags: ['cobrancas'], summary: 'Mensagens da cobrança: enviadas, com falha ou ignoradas', params: idParam },
      config: { access: 'user' },
    },
    async (request) => {
      const [cobranca] = await db.select({ id: cobrancas.id }).from(cobrancas).where(eq(cobrancas.id, request.params.id));
      if (!cobranca) throw notFound();
      const rows = await db
        .select(mensagemColumns)
        .from(mensagens)
        .where(eq(mensagens.idcobranca, request.params.id))
        .orderBy(desc(mensagens.id))
        .limit(200);
      return { Items: rows, meta: { total: rows.length } };
    },
  );

  const auditQuery = listQuery.pick({ page: true, pageSize: true }).extend({
    acao: z.enum(ACOES, { error: MSG.invalidInput }).optional(),
    idcliente: int().optional(),
    idveiculo: int().optional(),
  });
  r.get(
    '/v1/auditoria',
    { schema: { tags, summary: 'Registro de auditoria (administradores)', querystring: auditQuery }, config: { access: 'admin' } },
    async (request) => {
      const { page, pageSize, acao, idcliente, idveiculo } = request.query;
      const conditions: SQL[] = [];
      if (acao) conditions.push(eq(auditoria.acao, acao));
      if (idcliente) conditions.push(eq(auditoria.idcliente, idcliente));
      if (idveiculo) conditions.push(eq(auditoria.idveiculo, idveiculo));
      const where = conditions.length ? and(...conditions) : undefined;
      return db.transaction(
        async (tx) => {
          const [{ n }] = await tx.select({ n: count() }).from(auditoria).where(where);
          const Items = await tx
            .select()
            .from(auditoria)
            .where(where)
            .orderBy(desc(auditoria.id))
            .limit(pageSize)
            .offset((page - 1) * pageSize);
          const total = Number(n);
          return { meta: { page, pageSize, total, totalItens: total, totalPaginas: Math.ceil(total / pageSize) }, Items };
        },
        { accessMode: 'read only', isolationLevel: 'repeatable read' },
      );
    },
  );
}
