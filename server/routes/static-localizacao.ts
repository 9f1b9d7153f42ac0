/**
 * `GET /v1/static/localizacao/{token}` (DESIGN 11, the bot's option 2): a vehicle's position shared
 * by WhatsApp, with no session, while its link lives (1 hour); the page reads it again every 30 s.
 * An unknown or expired token, or a client blocked for billing since, is a 404. Held to the public
 * limit of 60 calls a minute per address, with every /v1/static call.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC_RATE_PER_MINUTE } from '../../domain/constants';
import { requiredText } from '../../domain/schemas/common';
import type { Db } from '../db/client';
import { localizacaoPublica } from '../atendimento/veiculo';
import { notFound } from '../regras/http-errors';
import { limitPerAddress } from '../seguranca/rate-limit';

const params = z.object({ token: requiredText(100) });

export function registerStaticLocalizacaoRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limited = limitPerAddress(db, 'static', PUBLIC_RATE_PER_MINUTE);
  r.get(
    '/v1/static/localizacao/:token',
    {
      schema: { tags: ['público'], summary: 'Posição de um veículo compartilhada pelo WhatsApp (válida por 1 hora)', params },
      config: { access: 'public' },
      onRequest: [limited],
    },
    async (request) => {
      const found = await localizacaoPublica(db, request.params.token);
      if (!found) throw notFound('Link de localização inexistente ou expirado.');
      return found;
    },
  );
}
