/**
 * A subscription's calls beyond its resource (DESIGN 11): `POST /v1/assinaturas/{id}/pix-automatico`
 * `{ enviar? }` → 201 `{ status, payload, encodedImage, expiraEm, envio }`, the Pix Automático
 * authorization's QR code, and with `enviar: true` sent to the client by WhatsApp (`envio: { status,
 * motivo }`; null when not asked) (asaas/pix-automatico.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '../../domain/schemas/list';
import { z } from 'zod';
import { MSG_FORMA } from '../../domain/forma-cobranca';
import type { Db } from '../db/client';
import { ativarPixAutomatico } from '../asaas/pix-automatico';

/** `enviar: true`: the QR code's page and the copia e cola go to the client by WhatsApp too. An absent body is `{}`. */
const pixBody = z
  .object({ enviar: z.boolean({ error: MSG_FORMA.enviarInvalido }).optional() }, { error: MSG_FORMA.enviarInvalido })
  .optional();

export function registerAssinaturaRoutes(app: FastifyInstance, db: Db, options: { asaasBaseUrl?: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/v1/assinaturas/:id/pix-automatico',
    {
      schema: {
        tags: ['assinaturas'],
        summary: 'Pix Automático: pede a autorização ao Asaas (QR code e copia e cola, reutilizados até expirar)',
        params: idParam,
        body: pixBody,
      },
      config: { access: 'user' },
    },
    async (request, reply) => {
      const result = await ativarPixAutomatico(db, request.params.id, {
        baseUrl: options.asaasBaseUrl,
        enviar: request.body?.enviar === true,
        queue: app.effects.queue,
      });
      reply.code(201);
      return result;
    },
  );
}
