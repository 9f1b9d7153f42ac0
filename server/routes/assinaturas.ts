/**
 * A subscription's calls beyond its resource (DESIGN 11): `POST /v1/assinaturas/{id}/pix-automatico`
 * → 201 `{ status, payload, encodedImage, expiraEm }`, the Pix Automático authorization's QR code
 * (asaas/pix-automatico.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '../../domain/schemas/list';
import type { Db } from '../db/client';
import { ativarPixAutomatico } from '../asaas/pix-automatico';

export function registerAssinaturaRoutes(app: FastifyInstance, db: Db, options: { asaasBaseUrl?: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/v1/assinaturas/:id/pix-automatico',
    {
      schema: {
        tags: ['assinaturas'],
        summary: 'Pix Automático: pede a autorização ao Asaas (QR code e copia e cola, reutilizados até expirar)',
        params: idParam,
      },
      config: { access: 'user' },
    },
    async (request, reply) => {
      const result = await ativarPixAutomatico(db, request.params.id, options.asaasBaseUrl);
      reply.code(201);
      return result;
    },
  );
}
