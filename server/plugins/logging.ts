/**
 * What a logged request shows (DESIGN 6: logs never hold query parameters, passwords, hashes,
 * tokens or secrets): the method and the path, without the query string, and with the tokens
 * that public paths carry (pre-registration, contract) replaced. Errors are logged through
 * plugins/errors.ts `loggableError`, which leaves SQL parameters out.
 */
import type { FastifyRequest } from 'fastify';

/** Public paths whose last segment is a secret. */
const TOKEN_PATHS = [/^(\/v1\/static\/precadastro\/)[^/?#]+/, /^(\/v1\/static\/contrato\/)[^/?#]+/, /^(\/static\/contrato\/)[^/?#]+/];

export function redactUrl(url: string): string {
  let path = url.split('?')[0];
  for (const pattern of TOKEN_PATHS) path = path.replace(pattern, '$1[oculto]');
  return url.includes('?') ? `${path}?[oculto]` : path;
}

export const logSerializers = {
  req(request: FastifyRequest) {
    return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
  },
};
