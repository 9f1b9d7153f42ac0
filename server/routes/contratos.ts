/**
 * A contract's calls beyond the generic resource (DESIGN sections 5 and 9): `POST` (and `GET`, as
 * SPEC calls it) `/v1/contratos/enviar/{id}` sends the contract's public link to its client through
 * the messaging channel (mensagens/envio.ts says when it may not).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { formatNumero } from '../../domain/formatters';
import { idParam } from '../../domain/schemas/list';
import type { Db } from '../db/client';
import { contratos } from '../db/schema';
import { enviarAoCliente } from '../mensagens/envio';
import type { JobQueue } from '../queue/boss';
import { getCompany } from '../regras/company';

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
    enviarAoCliente(db, options.queue, {
      find: async (tx) => (await tx.select().from(contratos).where(eq(contratos.id, request.params.id)))[0],
      compose: async (tx, contrato, nome) => {
        const link = `${originOf(request)}/static/contrato/${contrato.token}`;
        const empresa = (await getCompany(tx)).dadosempresa.nome;
        return `Olá, ${nome}! Segue o seu contrato nº ${formatNumero(contrato.id)}${empresa ? ` com ${empresa}` : ''}: ${link}`;
      },
      kind: 'contratos',
    });

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
