/**
 * JSON bodies with a bounded shape: no request may nest deeper than MAX_JSON_DEPTH levels. Deeply
 * nested JSON costs recursion everywhere it goes (zod, jsonb): 1,500 levels crashed the embedded
 * database's WebAssembly stack, 5,000 overflowed PostgreSQL's. Our bodies nest 4 levels at most
 * (an upload batch, a client's contacts, company settings), so the limit is generous. The depth
 * is counted in one pass over the text before anything is parsed; the parsing itself is Fastify's
 * own (prototype poisoning refused), and the body must be an object or an array. A body of the
 * API carrying card data (domain/forma-cobranca.ts) is refused.
 */
import type { FastifyInstance } from 'fastify';
import { MSG_FORMA, temDadosDeCartao } from '../../domain/forma-cobranca';
import { MSG } from '../../domain/messages';
import { HttpError } from '../regras/http-errors';

export const MAX_JSON_DEPTH = 8;

/** The deepest nesting of `[` and `{` outside strings. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > deepest) deepest = depth;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return deepest;
}

export function registerJsonParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  // JSON is the only body of the API (form bodies: POST /v1/session alone, routes/auth.ts); Fastify's text/plain parser goes.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonDepth(body as string) > MAX_JSON_DEPTH) return done(new HttpError(400, MSG.tooDeep), undefined);
    // Every body of the API is an object or an array: a bare `null`, number, string or boolean is
    // refused here, so a route that takes no input (semCorpo: no body reaches it as null) cannot
    // mistake a literal `null` for no body.
    return parse(request, body as string, (error, value) => {
      if (error) return done(error, undefined);
      if (value === null || typeof value !== 'object') return done(new HttpError(400, MSG.bodyNotObject), undefined);
      // Card data never reaches the product (DESIGN 11): the client types the card on Asaas's page.
      // Only the gateway's own events (/webhook/…) carry a card's last digits and brand.
      if (request.url.startsWith('/v1/') && temDadosDeCartao(value)) return done(new HttpError(400, MSG_FORMA.dadosCartao), undefined);
      return done(null, value);
    });
  });
}
