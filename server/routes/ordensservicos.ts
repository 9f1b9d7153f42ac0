/**
 * A service order's calls beyond the generic resource:
 * - `GET /v1/ordensservicos/{id}/telemetria` (DESIGN 10, "Fleet"), the live state of the order's
 *   tracker, which Finalizar validates the installation with (frota/consultas.ts `validacaoDe`):
 *   staff, and the order's own técnico;
 * - `POST /v1/ordensservicos/{id}/aprovar` and `…/rejeitar { motivo }` (DESIGN 11): the office's
 *   answer to a técnico's Finalizar waiting for approval (status 2): Concluído, and then what a
 *   finalization moves, or back to Em Aberto with `rejeicao`; 409 unless 2; audited.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { MSG } from '../../domain/messages';
import { idParam } from '../../domain/schemas/list';
import { rejeitarSchema } from '../../domain/schemas/campo';
import { ORDEM_STATUS } from '../../domain/ordensservicos';
import type { Db } from '../db/client';
import { ACAO, audit } from '../regras/auditoria';
import { conflict } from '../regras/http-errors';
import type { RequestContext } from '../resources/definition';
import { aoFinalizar, ordensservicosResource } from '../resources/ordensservicos';
import { presentItems } from '../resources/records';
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

  const contextOf = (request: FastifyRequest): RequestContext => ({ db, request, user: request.user!, effects: app.effects });

  /** The office's answer to an order waiting for approval, in one transaction with its audit entry. */
  async function responder(request: FastifyRequest, id: number, aprovar: boolean, motivo = '') {
    const ctx = contextOf(request);
    const saved = await db.transaction(async (tx) => {
      const [ordem] = await tx.select().from(ordensservicos).where(eq(ordensservicos.id, id)).for('update');
      if (!ordem) throw notFound(MSG.ordemNotFound);
      if (ordem.status !== ORDEM_STATUS.AGUARDANDO_APROVACAO) throw conflict(MSG.ordemNaoAguardando);
      const por = { id: ctx.user.id, name: ctx.user.name };
      const [row] = await tx
        .update(ordensservicos)
        .set(
          aprovar
            ? { status: ORDEM_STATUS.CONCLUIDO, updatedAt: new Date() }
            : { status: ORDEM_STATUS.EM_ABERTO, rejeicao: { motivo, por, em: new Date().toISOString() }, updatedAt: new Date() },
        )
        .where(eq(ordensservicos.id, id))
        .returning();
      // Approved: what a finalization moves happens now (a removal order returns its tracker).
      if (aprovar) await aoFinalizar(tx, row, ctx);
      await audit(tx, {
        acao: ACAO.aprovacao,
        user: por,
        idcliente: row.idcliente,
        idveiculo: row.idveiculo,
        iddevice: row.iddevice,
        descricao: `Ordem de serviço #${id}${aprovar ? '' : `: ${motivo}`}`,
        resultado: aprovar ? 'Aprovada' : 'Reprovada',
      });
      return row;
    });
    return (await presentItems(ordensservicosResource, [{ ...saved }], ctx, true))[0];
  }

  r.post(
    '/v1/ordensservicos/:id/aprovar',
    {
      schema: { tags: ['ordensservicos'], summary: 'Aprova a finalização de um técnico (Concluído)', params: idParam },
      config: { access: 'user' },
    },
    async (request) => responder(request, request.params.id, true),
  );

  r.post(
    '/v1/ordensservicos/:id/rejeitar',
    {
      schema: {
        tags: ['ordensservicos'],
        summary: 'Reprova a finalização de um técnico, com o motivo',
        params: idParam,
        body: rejeitarSchema,
      },
      config: { access: 'user' },
    },
    async (request) => responder(request, request.params.id, false, request.body.motivo),
  );
}
