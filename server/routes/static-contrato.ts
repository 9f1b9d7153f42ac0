/**
 * The public contract page's calls (SPEC 2.12 and 7, DESIGN 4, 6 and 9), with no session: the
 * contract's unguessable token is the credential. `GET /v1/static/contrato?token=` gives the
 * contract with its client (personal data and address only), its plan copy and the company's
 * header; `GET /v1/static/veiculos?idCliente=&token=` the vehicles of that client, only with a
 * token of one of its contracts. A wrong token is a 404. Both are held to the public limit of 60
 * calls a minute per address, with every /v1/static call.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { PUBLIC_RATE_PER_MINUTE } from '../../domain/constants';
import { MSG } from '../../domain/messages';
import { text } from '../../domain/schemas/common';
import type { Db } from '../db/client';
import { clientes, contratos, veiculos } from '../db/schema';
import { badRequest, notFound } from '../regras/http-errors';
import { getCompany } from '../regras/company';
import { limitPerAddress } from '../seguranca/rate-limit';
import { contratoClienteColumns } from '../resources/contratos';
import { veiculoDocumentoColumns } from '../resources/veiculos';

/** Tokens are base64url (regras/passwords.ts `randomToken`). */
const TOKEN = /^[A-Za-z0-9_-]{1,100}$/;
/** Vehicles a public contract page lists at most. */
const MAX_VEICULOS = 1000;

const contratoQuery = z.object({ token: text(200) });
const veiculosQuery = z.object({
  // SPEC writes idCliente; idcliente is taken too.
  idCliente: z.preprocess((v) => (v === undefined || v === '' ? undefined : v), text(12).optional()),
  idcliente: z.preprocess((v) => (v === undefined || v === '' ? undefined : v), text(12).optional()),
  token: text(200),
});

export function registerStaticContratoRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['público'];
  // The same counter as every /v1/static call (routes/precadastro.ts): 60 a minute per address.
  const limited = limitPerAddress(db, 'static', PUBLIC_RATE_PER_MINUTE);

  const contratoOf = async (token: string) => {
    if (!TOKEN.test(token)) throw notFound(MSG.contratoToken);
    const [contrato] = await db
      .select({
        id: contratos.id,
        idcliente: contratos.idcliente,
        idplano: contratos.idplano,
        plano: contratos.plano,
        informacoes: contratos.informacoes,
        status: contratos.status,
        token: contratos.token,
        createdAt: contratos.createdAt,
      })
      .from(contratos)
      .where(eq(contratos.token, token))
      .limit(1);
    if (!contrato) throw notFound(MSG.contratoToken);
    return contrato;
  };

  r.get(
    '/v1/static/contrato',
    {
      schema: { tags, summary: 'Contrato público: o contrato, o cliente, o plano e a empresa', querystring: contratoQuery },
      config: { access: 'public' },
      onRequest: [limited],
    },
    async (request) => {
      const contrato = await contratoOf(request.query.token);
      const [cliente] = await db.select(contratoClienteColumns).from(clientes).where(eq(clientes.id, contrato.idcliente));
      const { nome, cnpj, contato } = (await getCompany(db)).dadosempresa;
      return { ...contrato, cliente: cliente ?? null, dadosempresa: { nome, cnpj, contato } };
    },
  );

  r.get(
    '/v1/static/veiculos',
    {
      schema: { tags, summary: 'Veículos do cliente de um contrato público', querystring: veiculosQuery },
      config: { access: 'public' },
      onRequest: [limited],
    },
    async (request) => {
      const given = request.query.idCliente ?? request.query.idcliente ?? '';
      if (!/^[1-9]\d{0,9}$/.test(given) || Number(given) > 2_147_483_647)
        throw badRequest(MSG.invalidInput, { idCliente: MSG.invalidCliente });
      const contrato = await contratoOf(request.query.token);
      if (contrato.idcliente !== Number(given)) throw notFound(MSG.clienteNotOfContrato);
      const Items = await db
        .select({ id: veiculos.id, category: veiculos.category, ...veiculoDocumentoColumns, cor: veiculos.cor })
        .from(veiculos)
        .where(eq(veiculos.idcliente, contrato.idcliente))
        .orderBy(asc(veiculos.id))
        .limit(MAX_VEICULOS);
      const total = Items.length;
      return { meta: { page: 1, pageSize: MAX_VEICULOS, total, totalItens: total, totalPaginas: 1 }, Items };
    },
  );
}
