/**
 * `GET /v1/cep/{cep}` (DESIGN 10): an address from its CEP, read from ViaCEP (integrations/viacep.ts,
 * with a timeout and a cache), answered as `{ logradouro, bairro, cidade, uf }`, or 404 for a CEP
 * that does not exist. A ViaCEP that fails or is slow is a 502 with a pt-BR message: the address
 * forms then leave the fields as they are, to be typed. The public pre-registration reads the same
 * at `GET /v1/static/cep/{cep}`, limited per address.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC_RATE_PER_MINUTE } from '../../domain/constants';
import type { Db } from '../db/client';
import { HttpError, notFound } from '../regras/http-errors';
import { limitPerAddress } from '../seguranca/rate-limit';
import { cepReader, type Endereco } from '../integrations/viacep';

export const MSG_CEP = {
  invalid: 'CEP inválido: informe os 8 dígitos.',
  notFound: 'CEP não encontrado. Preencha o endereço.',
  unavailable: 'Não foi possível consultar o CEP agora. Preencha o endereço.',
} as const;

const cepParam = z.object({
  cep: z
    .string()
    .transform((value) => value.replace(/[\s.-]/g, ''))
    .pipe(z.string().regex(/^\d{8}$/, { error: MSG_CEP.invalid })),
});

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
