/**
 * A contract's calls beyond the generic resource (DESIGN sections 5, 9 and 11): `POST` (and `GET`, as
 * SPEC calls it) `/v1/contratos/enviar/{id}` sends the contract's public link to its client through
 * the messaging channel (mensagens/envio.ts says when it may not); `/v1/contratos/{id}/itens` are
 * its items (cobrancas/itens.ts): list, add, change, suspend and reactivate.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '../../domain/schemas/list';
import { itemCreateSchema, itemDataSchema, itemParams, itemUpdateSchema } from '../../domain/schemas/contratoItens';
import { alterarItem, criarItem, itensDoContrato, suspenderItem } from '../cobrancas/itens';
import { contratos } from '../db/schema';
import { notFound } from '../regras/http-errors';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { enviarContrato, respostaDoEnvio } from '../mensagens/envio';
import type { JobQueue } from '../queue/boss';

export interface ContratoRoutesOptions {
  /** Messages are stored with their delivery job (mensagens/mensagens.ts). */
  queue: JobQueue;
  /** The public address of the app (PUBLIC_URL), for links in messages; else the request's own. */
  publicUrl?: string;
}

export function registerContratoRoutes(app: FastifyInstance, db: Db, options: ContratoRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const originOf = (request: FastifyRequest) => (options.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');

  const sendContrato = async (request: FastifyRequest<{ Params: { id: number } }>) =>
    respostaDoEnvio(await db.transaction((tx) => enviarContrato(tx, options.queue, request.params.id, originOf(request))));

  for (const method of ['GET', 'POST'] as const) {
    r.route({
      method,
      url: '/v1/contratos/enviar/:id',
      schema: { tags: ['contratos'], summary: 'Envia o link público do contrato ao cliente (WhatsApp)', params: idParam },
      config: { access: 'user' },
      handler: sendContrato,
    });
  }

  const tags = ['contratos'];
  r.get('/v1/contratos/:id/itens', {
    schema: { tags, summary: 'Itens do contrato (veículos e serviços), com o valor efetivo', params: idParam },
    config: { access: 'user' },
    handler: async (request) =>
      db.transaction(async (tx) => {
        const [contrato] = await tx.select({ id: contratos.id }).from(contratos).where(eq(contratos.id, request.params.id));
        if (!contrato) throw notFound();
        return { Items: await itensDoContrato(tx, request.params.id) };
      }),
  });
  r.post('/v1/contratos/:id/itens', {
    schema: { tags, summary: 'Adiciona um item (veículo do cliente, ou serviço) ao contrato', params: idParam, body: itemCreateSchema },
    config: { access: 'user' },
    handler: async (request, reply) => {
      const item = await db.transaction((tx) => criarItem(tx, options.queue, request.params.id, request.body));
      reply.code(201);
      return item;
    },
  });
  r.put('/v1/contratos/:id/itens/:iditem', {
    schema: { tags, summary: 'Altera um item do contrato', params: itemParams, body: itemUpdateSchema },
    config: { access: 'user' },
    handler: async (request) =>
      db.transaction((tx) => alterarItem(tx, options.queue, request.params.id, request.params.iditem, request.body)),
  });
  for (const acao of ['suspender', 'reativar'] as const) {
    r.post(`/v1/contratos/:id/itens/:iditem/${acao}`, {
      schema: {
        tags,
        summary: acao === 'suspender' ? 'Suspende um item a partir de uma data' : 'Reativa um item suspenso a partir de uma data',
        params: itemParams,
        body: itemDataSchema,
      },
      config: { access: 'user' },
      handler: async (request) =>
        db.transaction((tx) =>
          suspenderItem(tx, options.queue, request.params.id, request.params.iditem, request.body.de!, acao === 'suspender'),
        ),
    });
  }
}
