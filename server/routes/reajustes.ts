/**
 * The yearly readjustments (DESIGN 11; the rules in cobrancas/reajustes.ts): `GET /v1/reajustes`
 * (staff), `PUT /v1/reajustes/{id} { percentual }` (staff type a missing figure),
 * `POST /v1/reajustes/{id}/aplicar` and `POST /v1/reajustes/aplicar { ids }` (administrators,
 * audited), `POST /v1/reajustes/{id}/descartar` (staff, audited).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { reajusteIdsSchema, reajusteListaSchema, reajustePercentualSchema } from '../../domain/reajuste';
import { idParam, semCorpo } from '../../domain/schemas/list';
import { aplicarReajuste, aplicarVarios, definirPercentual, descartarReajuste, listarReajustes } from '../cobrancas/reajustes';
import type { Db } from '../db/client';
import type { JobQueue } from '../queue/boss';

export function registerReajusteRoutes(app: FastifyInstance, db: Db, options: { queue: JobQueue }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reajustes'];
  const quem = (user: { id: number; name: string } | undefined | null) => ({ id: user!.id, name: user!.name });

  r.get('/v1/reajustes', {
    schema: { tags, summary: 'Reajustes anuais dos contratos, por competência (AAAA-MM) e status', querystring: reajusteListaSchema },
    config: { access: 'user' },
    handler: async (request) => listarReajustes(db, request.query),
  });
  r.put('/v1/reajustes/:id', {
    schema: {
      tags,
      summary: 'Informa o percentual do índice (quando não há fonte automática)',
      params: idParam,
      body: reajustePercentualSchema,
    },
    config: { access: 'user' },
    bodyLimit: 1000,
    handler: async (request) => db.transaction((tx) => definirPercentual(tx, request.params.id, request.body.percentual)),
  });
  r.post('/v1/reajustes/aplicar', {
    schema: { tags, summary: 'Aplica vários reajustes propostos (administradores)', body: reajusteIdsSchema },
    config: { access: 'admin' },
    bodyLimit: 20_000,
    handler: async (request) => aplicarVarios(db, options.queue, request.body.ids, quem(request.user)),
  });
  r.post('/v1/reajustes/:id/aplicar', {
    schema: {
      tags,
      summary: 'Aplica um reajuste proposto (administradores): itens fixos e plano × (1 + p)',
      params: idParam,
      body: semCorpo,
    },
    config: { access: 'admin' },
    bodyLimit: 1000,
    handler: async (request) => db.transaction((tx) => aplicarReajuste(tx, options.queue, request.params.id, quem(request.user))),
  });
  r.post('/v1/reajustes/:id/descartar', {
    schema: { tags, summary: 'Descarta um reajuste (não aplicado)', params: idParam, body: semCorpo },
    config: { access: 'user' },
    bodyLimit: 1000,
    handler: async (request) => db.transaction((tx) => descartarReajuste(tx, request.params.id, quem(request.user))),
  });
}
