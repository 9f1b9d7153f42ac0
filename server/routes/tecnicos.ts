/**
 * `GET /v1/tecnicos`: the users a service order may be assigned to.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { text, withoutControlChars } from '../../domain/schemas/common';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { pesquisaCondition } from '../resources/list-query';

/** The técnicos' list: found by name, capped (a demo base may hold 100,000 users). */
const TECNICOS_MAX = 1000;
const tecnicosQuery = z.object({
  pesquisa: z.preprocess((v) => (typeof v === 'string' ? withoutControlChars(v) : v), text(200)).optional(),
});

/**
 * `GET /v1/tecnicos`: the staff an order may be assigned to (every non-blocked user), `{ Items: [{ id, name }] }`
 * ordered by name, for every signed-in staff member (the users list is administrators' only).
 */
export function registerTecnicosRoute(app: FastifyInstance, db: Db) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/v1/tecnicos',
    {
      schema: { tags: ['ordensservicos'], summary: 'Técnicos: os usuários ativos, para as ordens de serviço', querystring: tecnicosQuery },
      config: { access: 'user' },
    },
    async (request) => {
      const Items = await db
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(and(eq(users.bloqueado, false), pesquisaCondition(users.busca, request.query.pesquisa)))
        .orderBy(asc(users.name), asc(users.id))
        .limit(TECNICOS_MAX);
      return { Items };
    },
  );
}
