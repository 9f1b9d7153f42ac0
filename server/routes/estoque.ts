/**
 * Stock routes (DESIGN 10, "Stock and imports"), for every staff member:
 * - `POST /v1/{trackres|chips}/{id}/movimentos` `{ situacao, idtecnico?, motivo? }` moves a unit;
 * - `GET` of the same path lists its moves, newest first;
 * - `GET /v1/chips/custos`: count and monthly cost per operator, active and idle apart.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc, sql } from 'drizzle-orm';
import { RECURSOS_ESTOQUE } from '../../domain/estoque';
import { idParam } from '../../domain/schemas/list';
import { movimentoSchema } from '../../domain/schemas/estoque';
import type { Db } from '../db/client';
import { chips } from '../db/schema';
import { autorDe, movimentosDe, moverUnidade } from '../estoque/estoque';
import { findById, presentItems } from '../resources/records';
import type { AnyResource } from '../resources/definition';

const BODY_LIMIT = 4 * 1024;

export function registerEstoqueRoutes(app: FastifyInstance, db: Db, resources: readonly AnyResource[]) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const recurso of RECURSOS_ESTOQUE) {
    const def = resources.find((d) => d.name === recurso)!;
    r.post(
      `/v1/${recurso}/:id/movimentos`,
      {
        schema: { tags: [recurso], summary: 'Move a unidade no estoque', params: idParam, body: movimentoSchema },
        config: { access: 'user' },
        bodyLimit: BODY_LIMIT,
      },
      async (request, reply) => {
        const user = request.user!;
        const row = await db.transaction((tx) => moverUnidade(tx, recurso, request.params.id, request.body, autorDe(user)));
        reply.code(201);
        const [item] = await presentItems(def, [row], { db, request, user, effects: app.effects }, true);
        return item;
      },
    );
    r.get(
      `/v1/${recurso}/:id/movimentos`,
      { schema: { tags: [recurso], summary: 'Movimentos da unidade', params: idParam }, config: { access: 'user' } },
      async (request) => {
        await findById(db, def, request.params.id);
        return { Items: await movimentosDe(db, recurso, request.params.id) };
      },
    );
  }

  r.get(
    '/v1/chips/custos',
    { schema: { tags: ['chips'], summary: 'Custo dos chips por operadora: ativos e ociosos' }, config: { access: 'user' } },
    async () => {
      const ociosa = sql`${chips.deviceId} = 0`;
      const rows = await db
        .select({
          operadora: chips.operadora,
          quantidade: sql<number>`count(*)::int`,
          ativos: sql<number>`(count(*) FILTER (WHERE NOT (${ociosa})))::int`,
          ociosos: sql<number>`(count(*) FILTER (WHERE ${ociosa}))::int`,
          custoMensal: sql<string>`coalesce(sum(${chips.custoMensal}), 0)`,
          custoOcioso: sql<string>`coalesce(sum(${chips.custoMensal}) FILTER (WHERE ${ociosa}), 0)`,
        })
        .from(chips)
        .where(sql`${chips.situacao} <> 'baixado'`)
        .groupBy(chips.operadora)
        .orderBy(asc(chips.operadora));
      return { Items: rows.map((row) => ({ ...row, custoMensal: Number(row.custoMensal), custoOcioso: Number(row.custoOcioso) })) };
    },
  );
}
