/**
 * Asaas (issue 10 points 4 and 5, DESIGN 9): the import calls
 * `GET /v1/{clientes|assinaturas|cobrancas}/imports/{id}/asaas` → `{ imported, updated, skipped, message }`
 * (POST accepted too, as for the other calls with side effects), `{id}` the caller's own (403
 * otherwise), 409 while the gateway is not configured or inactive, 502/504 when Asaas fails. The
 * queue's Asaas handler and the webhook's PAYMENT_CREATED handler are in the one handler table (workers.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG } from '../../domain/messages';
import { idParam } from '../../domain/schemas/list';
import type { Db } from '../db/client';
import { conflict, forbidden } from '../regras/http-errors';
import { importAssinaturas, importClientes, importCobrancas, type ImportContext, type ImportCounts } from '../asaas/import';
import { asaasConfig } from '../cobrancas/gateway';

export interface AsaasRouteOptions {
  /** ASAAS_BASE_URL: another address than the key's environment (a fake, a proxy). */
  baseUrl?: string;
}

const IMPORTS: Array<{
  name: 'clientes' | 'assinaturas' | 'cobrancas';
  run: (ctx: ImportContext) => Promise<ImportCounts>;
  message: string;
  what: string;
}> = [
  { name: 'clientes', run: importClientes, message: MSG.clientesImportados, what: 'os clientes (customers)' },
  { name: 'assinaturas', run: importAssinaturas, message: MSG.assinaturasImportadas, what: 'as assinaturas (subscriptions)' },
  { name: 'cobrancas', run: importCobrancas, message: MSG.cobrancasImportadas, what: 'as cobranças (payments)' },
];

export function registerAsaasRoutes(app: FastifyInstance, db: Db, options: AsaasRouteOptions = {}) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { effects } = app;

  for (const { name, run, message, what } of IMPORTS) {
    const handler = async (request: FastifyRequest<{ Params: { id: number } }>) => {
      if (request.params.id !== request.user!.id) throw forbidden();
      const config = await asaasConfig(db, options.baseUrl);
      if (!config) throw conflict(MSG.gatewayNotConfigured);
      const counts = await run({ db, config, userId: request.user!.id, effects });
      return { ...counts, message };
    };
    for (const method of ['GET', 'POST'] as const) {
      r.route({
        method,
        url: `/v1/${name}/imports/:id/asaas`,
        schema: { tags: [name], summary: `Importa do Asaas ${what}, sem duplicar (pelo id do Asaas)`, params: idParam },
        config: { access: 'adminSelf' },
        handler,
      });
    }
  }
}
