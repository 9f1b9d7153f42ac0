/**
 * A service order's calls beyond the generic resource (DESIGN 10, "Fleet"):
 * `GET /v1/ordensservicos/{id}/telemetria`, the live state of the order's tracker, which Finalizar
 * validates the installation with (frota/consultas.ts `validacaoDe`).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { MSG } from '../../domain/messages';
import { idParam } from '../../domain/schemas/list';
import type { Db } from '../db/client';
import { ordensservicos } from '../db/schema';
import { telemetria } from '../frota/consultas';
import { activeTraccar } from '../frota/traccar-sync';
import { notFound } from '../regras/http-errors';

export function registerOrdemServicoRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['frota'];

  r.get(
    '/v1/ordensservicos/:id/telemetria',
    {
      schema: { tags, summary: 'O estado ao vivo do rastreador da ordem de serviço (validação da instalação)', params: idParam },
      config: { access: 'campoOrdem' },
    },
    async (request) => {
      const [ordem] = await db
        .select({ id: ordensservicos.id, iddevice: ordensservicos.iddevice, validacao: ordensservicos.validacao })
        .from(ordensservicos)
        .where(eq(ordensservicos.id, request.params.id));
      if (!ordem) throw notFound(MSG.ordemNotFound);
      // integracao false: Finalizar records "sem validação" with the reason, without asking (the panel says so).
      const [live, settings] = [await telemetria(db, ordem.iddevice ?? 0), await activeTraccar(db)];
      return { ...live, integracao: Boolean(settings) };
    },
  );
}
