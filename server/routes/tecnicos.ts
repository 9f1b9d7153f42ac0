/**
 * `GET /v1/tecnicos`: the users a service order or a stock move may be assigned to: técnicos
 * (acesso 3) who are not blocked (DESIGN 11, "The técnico's phone").
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq } from 'drizzle-orm';
import { ACESSO } from '../../domain/constants';
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
 * `GET /v1/tecnicos`: the técnicos an order may be assigned to (acesso 3, not blocked), `{ Items: [{ id, name }] }`
 * ordered by name, for every signed-in staff member (the users list is administrators' only).
 */
export function registerTecnicosRoute(app: FastifyInstance, db: Db) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/v1/tecnicos',
    {
      schema: {
        tags: ['ordensservicos'],
        summary: 'Técnicos: os usuários ativos com acesso Técnico, para as ordens de serviço e o estoque',
        querystring: tecnicosQuery,
      },
      config: { access: 'user' },
    },
    async (request) => {
      const Items = await db
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(and(eq(users.acesso, ACESSO.TECNICO), eq(users.bloqueado, false), pesquisaCondition(users.busca, request.query.pesquisa)))
        .orderBy(asc(users.name), asc(users.id))
        .limit(TECNICOS_MAX);
      return { Items };
    },
  );
}
