/**
 * Cross-site refusal by Fetch Metadata (DESIGN section 6) and a few response headers. Browsers
 * send Sec-Fetch-Site on every request; a cross-site one is refused before any handler runs,
 * except for the public pages' calls and the gateway webhook.
 */
import type { FastifyInstance } from 'fastify';
import { MSG } from '../../domain/messages';

const EXEMPT = ['/v1/static/', '/webhook/'];

export function registerSecurity(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    const url = request.url;
    if (url.startsWith('/v1/') && !EXEMPT.some((prefix) => url.startsWith(prefix))) {
      if (request.headers['sec-fetch-site'] === 'cross-site') {
        return reply.code(403).send({ message: MSG.crossSite });
      }
    }
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    if (!url.startsWith('/docs')) reply.header('X-Frame-Options', 'DENY');
  });
}
