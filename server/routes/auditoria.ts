/** The audit log (DESIGN 7): `GET /v1/auditoria`, newest first, for administrators, by action, client or vehicle. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { ACOES_AUDITORIA } from '../../domain/auditoria';
import { MSG } from '../../domain/messages';
import { int } from '../../domain/schemas/common';
import { listQuery } from '../../domain/schemas/list';
import type { Db } from '../db/client';
import { auditoria } from '../db/schema';
import { listMeta } from '../resources/list-query';

const auditQuery = listQuery.pick({ page: true, pageSize: true }).extend({
  acao: z.enum(ACOES_AUDITORIA, { error: MSG.invalidInput }).optional(),
  idcliente: int().optional(),
  idveiculo: int().optional(),
});

export function registerAuditoriaRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v1/auditoria',
    {
      schema: { tags: ['integrações'], summary: 'Registro de auditoria (administradores)', querystring: auditQuery },
      config: { access: 'admin' },
    },
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
          return { meta: listMeta(request.query, Number(n)), Items };
        },
        { accessMode: 'read only', isolationLevel: 'repeatable read' },
      );
    },
  );
}
