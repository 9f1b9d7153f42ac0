/**
 * `GET /v1/cep/{cep}` (DESIGN 10): an address from its CEP, read from ViaCEP
 * (`{VIACEP_URL}/{cep}/json/`) with a timeout and a cache, answered as `{ logradouro, bairro, cidade,
 * uf }`, or 404 for a CEP that does not exist. A ViaCEP that fails or is slow is a 502 with a pt-BR
 * message: the address forms then leave the fields as they are, to be typed. The public
 * pre-registration reads the same at `GET /v1/static/cep/{cep}`, limited per address.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC_RATE_PER_MINUTE } from '../../domain/constants';
import type { Db } from '../db/client';
import { HttpError, notFound } from '../regras/http-errors';
import { limitPerAddress } from '../seguranca/rate-limit';

export const VIACEP_DEFAULT_URL = 'https://viacep.com.br/ws';
/** ViaCEP answers in tens of milliseconds; a person waits at most this long before typing the address. */
export const CEP_TIMEOUT_MS = 3000;
/** Addresses change rarely: a CEP read is kept a day (a CEP that does not exist, an hour), at most this many. */
const CACHE_MAX = 10_000;
const FOUND_MS = 24 * 60 * 60 * 1000;
const MISSING_MS = 60 * 60 * 1000;

export const MSG_CEP = {
  invalid: 'CEP inválido: informe os 8 dígitos.',
  notFound: 'CEP não encontrado. Preencha o endereço.',
  unavailable: 'Não foi possível consultar o CEP agora. Preencha o endereço.',
} as const;

export interface Endereco {
  logradouro: string;
  bairro: string;
  cidade: string;
  uf: string;
}

const cepParam = z.object({
  cep: z
    .string()
    .transform((value) => value.replace(/[\s.-]/g, ''))
    .pipe(z.string().regex(/^\d{8}$/, { error: MSG_CEP.invalid })),
});

const str = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** ViaCEP's reply → our address, or null for its `{ "erro": true }` (a CEP that does not exist). */
export function fromViaCep(body: unknown): Endereco | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new Error('resposta inesperada do ViaCEP');
  const data = body as Record<string, unknown>;
  if (data.erro === true || data.erro === 'true') return null;
  const uf = str(data.uf).toUpperCase();
  if (!/^[A-Z]{2}$/.test(uf)) throw new Error('resposta sem UF do ViaCEP');
  return { logradouro: str(data.logradouro), bairro: str(data.bairro), cidade: str(data.localidade), uf };
}

/** A reader of CEPs with its cache, one per app. */
export function cepReader(baseUrl = VIACEP_DEFAULT_URL, fetcher: typeof fetch = fetch, timeoutMs = CEP_TIMEOUT_MS) {
  const cache = new Map<string, { value: Endereco | null; until: number }>();
  const pending = new Map<string, Promise<Endereco | null>>();
  const base = baseUrl.replace(/\/+$/, '');

  async function read(cep: string): Promise<Endereco | null> {
    const response = await fetcher(`${base}/${cep}/json/`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    // ViaCEP answers 400 for a malformed CEP: ours are 8 digits, so any non-200 is a failure.
    if (!response.ok) throw new Error(`ViaCEP respondeu ${response.status}`);
    return fromViaCep(await response.json());
  }

  return async function lookup(cep: string): Promise<Endereco | null> {
    const now = Date.now();
    const cached = cache.get(cep);
    if (cached && cached.until > now) return cached.value;
    let inFlight = pending.get(cep);
    if (!inFlight) {
      inFlight = read(cep).finally(() => pending.delete(cep));
      pending.set(cep, inFlight);
    }
    const value = await inFlight;
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
    cache.set(cep, { value, until: now + (value ? FOUND_MS : MISSING_MS) });
    return value;
  };
}

export function registerCepRoute(app: FastifyInstance, db: Db, options: { viacepUrl?: string; fetcher?: typeof fetch } = {}) {
  const lookup = cepReader(options.viacepUrl, options.fetcher);
  const answer = async (request: FastifyRequest) => {
    const { cep } = request.params as z.output<typeof cepParam>;
    let endereco: Endereco | null;
    try {
      endereco = await lookup(cep);
    } catch (error) {
      request.log.warn({ err: (error as Error).message }, 'consulta de CEP falhou');
      throw new HttpError(502, MSG_CEP.unavailable);
    }
    if (!endereco) throw notFound(MSG_CEP.notFound);
    return endereco;
  };
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/v1/cep/:cep',
    {
      schema: { tags: ['clientes'], summary: 'Endereço de um CEP (ViaCEP, com cache)', params: cepParam },
      config: { access: 'user' },
    },
    answer,
  );
  // The public pre-registration's address form: under /v1/static, with its limit per address.
  r.get(
    '/v1/static/cep/:cep',
    {
      schema: { tags: ['público'], summary: 'Endereço de um CEP, para o pré-cadastro', params: cepParam },
      config: { access: 'public' },
      onRequest: limitPerAddress(db, 'static', PUBLIC_RATE_PER_MINUTE),
    },
    answer,
  );
}
