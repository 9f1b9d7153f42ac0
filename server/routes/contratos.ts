/**
 * A contract's calls beyond the generic resource (DESIGN sections 5 and 9): `POST` (and `GET`, as
 * SPEC calls it) `/v1/contratos/enviar/{id}` sends the contract's public link to its client through
 * the messaging channel (mensagens/envio.ts says when it may not).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '../../domain/schemas/list';
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
}
