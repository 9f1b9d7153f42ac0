/**
 * `GET /v1/busca?q=` (DESIGN 10, "One page per client, one search box"): the top bar's search over
 * every resource's `busca` text, at most 5 results per kind, within the caller's roles (users only
 * for administrators). One statement, one round trip and one snapshot: each kind is a subquery
 * that returns its rows as JSON.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { clienteDocumento, clienteNome, type ClienteIdentity } from '../../domain/clientes';
import { isAdmin } from '../../domain/permissions';
import { text, withoutControlChars } from '../../domain/schemas/common';
import { normalizeSearch } from '../../domain/text';
import type { Db } from '../db/client';
import { chips, clientes, cobrancas, contratos, ordensservicos, trackres, users, veiculos } from '../db/schema';
import { pesquisaCondition } from '../resources/list-query';

/** Results per kind. */
export const BUSCA_LIMITE = 5;
/**
 * The fewest characters one word of the text needs: a trigram index cannot serve a shorter LIKE,
 * which would read every row of seven tables. A number (a charge's, a contract's, an order's) is found
 * by its id at any length.
 */
export const BUSCA_MINIMO = 3;
const INT4_MAX = 2_147_483_647;

export const buscaQuery = z.object({
  q: z.preprocess((v) => (typeof v === 'string' ? withoutControlChars(v) : v), text(200)).optional(),
});

/** A record's number as typed: `123`, `#123`, `nº 123`. */
function numberOf(q: string): number | undefined {
  const match = /^(?:#|n[º°o]\.?)?\s*(\d{1,10})$/i.exec(q.trim());
  if (!match) return undefined;
  const n = Number(match[1]);
  return n > 0 && n <= INT4_MAX ? n : undefined;
}

type ClienteJson = ClienteIdentity & { id: number };

interface Term {
  /** The pesquisa's LIKEs over `busca`, when the text is long enough. */
  text?: string;
  /** The number typed, matched against the id of the kinds found by their number. */
  numero?: number;
}

/** The client of a row, as the screens name it: `{ id, nome }`. */
const clienteJson = (idcliente: PgColumn) =>
  sql`(SELECT json_build_object('id', c.id, 'cadastro', c.cadastro, 'name', c.name, 'razaosocial', c.razaosocial) FROM clientes c WHERE c.id = ${idcliente})`;

/**
 * One kind's rows as a JSON array: those whose `busca` holds every word (and the record numbered
 * so, first), newest first.
 */
function kind(table: SQL, id: PgColumn, busca: PgColumn, term: Term, fields: SQL, byNumber: boolean): SQL {
  const conditions: SQL[] = [];
  const textual = term.text ? pesquisaCondition(busca, term.text) : undefined;
  if (textual) conditions.push(sql`(${textual})`);
  const numero = byNumber ? term.numero : undefined;
  if (numero !== undefined) conditions.push(sql`${id} = ${numero}`);
  if (!conditions.length) return sql`'[]'::json`;
  const order = numero !== undefined ? sql`(${id} = ${numero}) DESC, ${id} DESC` : sql`${id} DESC`;
  return sql`(SELECT coalesce(json_agg(r), '[]'::json) FROM (SELECT ${fields} FROM ${table} WHERE ${sql.join(conditions, sql` OR `)} ORDER BY ${order} LIMIT ${BUSCA_LIMITE}) r)`;
}

const nomeDe = (cliente: ClienteJson | null | undefined) => (cliente ? { id: cliente.id, nome: clienteNome(cliente) } : null);

type Row = Record<string, unknown>;
const withCliente = (rows: Row[]) => rows.map(({ cliente, ...row }) => ({ ...row, cliente: nomeDe(cliente as ClienteJson | null) }));

/** The search of one caller: `{ clientes, veiculos, trackres, chips, cobrancas, contratos, ordensservicos[, users] }`. */
export async function buscar(db: Db, q: string, admin: boolean) {
  const normalized = normalizeSearch(q);
  const term: Term = {
    text: normalized.split(' ').some((word) => word.length >= BUSCA_MINIMO) ? normalized : undefined,
    numero: numberOf(q),
  };
  // A number alone (a document, a phone, an IMEI, a record's number) finds charges, contracts and
  // orders by their number only: their text holds the client's document, which finds the client
  // itself, and reading a million charges' trigrams for it cost more than the rest of the search.
  const digits = /^\d+$/.test(normalized) ? normalized.length : 0;
  const byNumberOnly: Term = digits ? { numero: term.numero } : term;
  // A run of more digits than any number a client or a vehicle holds (a CNPJ's 14; a chassi's 17)
  // cannot be in their text: an IMEI or an ICCID is looked for in trackers and chips only.
  const notClient: Term = digits > 14 ? { numero: term.numero } : term;
  const notVehicle: Term = digits > 17 ? {} : term;
  const selection = {
    clientes: kind(
      sql`clientes`,
      clientes.id,
      clientes.busca,
      notClient,
      sql`${clientes.id} AS id, ${clientes.cadastro} AS cadastro, ${clientes.name} AS name, ${clientes.razaosocial} AS razaosocial, ${clientes.cpf} AS cpf, ${clientes.cnpj} AS cnpj, ${clientes.status} AS status, ${clientes.revisao} AS revisao`,
      true,
    ),
    veiculos: kind(
      sql`veiculos`,
      veiculos.id,
      veiculos.busca,
      notVehicle,
      sql`${veiculos.id} AS id, ${veiculos.placa} AS placa, ${veiculos.marca} AS marca, ${veiculos.modelo} AS modelo, ${veiculos.renavan} AS renavan, ${veiculos.chassi} AS chassi, ${clienteJson(veiculos.idcliente)} AS cliente`,
      false,
    ),
    trackres: kind(
      sql`trackres`,
      trackres.id,
      trackres.busca,
      term,
      sql`${trackres.id} AS id, ${trackres.imei} AS imei, ${trackres.marca} AS marca, ${trackres.modelo} AS modelo, ${trackres.iccid} AS iccid, (SELECT v.placa FROM veiculos v WHERE v.id = ${trackres.idveiculo}) AS placa`,
      false,
    ),
    chips: kind(
      sql`chips`,
      chips.id,
      chips.busca,
      term,
      sql`${chips.id} AS id, ${chips.iccid} AS iccid, ${chips.phone} AS phone, ${chips.operadora} AS operadora, (SELECT t.imei FROM trackres t WHERE t.id = ${chips.deviceId}) AS imei`,
      false,
    ),
    cobrancas: kind(
      sql`cobrancas`,
      cobrancas.id,
      cobrancas.busca,
      byNumberOnly,
      sql`${cobrancas.id} AS id, ${cobrancas.descricao} AS descricao, ${cobrancas.valor} AS valor, ${cobrancas.duedate} AS duedate, ${cobrancas.status} AS status, ${clienteJson(cobrancas.idcliente)} AS cliente`,
      true,
    ),
    contratos: kind(
      sql`contratos`,
      contratos.id,
      contratos.busca,
      byNumberOnly,
      sql`${contratos.id} AS id, ${contratos.status} AS status, ${contratos.plano}->>'descricao' AS plano, ${clienteJson(contratos.idcliente)} AS cliente`,
      true,
    ),
    ordensservicos: kind(
      sql`ordensservicos`,
      ordensservicos.id,
      ordensservicos.busca,
      byNumberOnly,
      sql`${ordensservicos.id} AS id, ${ordensservicos.descricao} AS descricao, ${ordensservicos.agendamento} AS agendamento, ${ordensservicos.status} AS status, ${clienteJson(ordensservicos.idcliente)} AS cliente`,
      true,
    ),
    ...(admin
      ? {
          users: kind(
            sql`users`,
            users.id,
            users.busca,
            term,
            sql`${users.id} AS id, ${users.name} AS name, ${users.email} AS email, ${users.login} AS login`,
            false,
          ),
        }
      : {}),
  };
  const columns = Object.fromEntries(Object.entries(selection).map(([name, value]) => [name, sql<Row[]>`${value}`]));
  const [row] = await db
    .select(columns)
    .from(sql`(VALUES (1)) AS __um`)
    .then((rows) => rows as Record<string, unknown>[]);
  const read = (name: string) => {
    const value = row[name];
    return (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as Row[];
  };
  const reply: Record<string, Row[]> = {
    clientes: read('clientes').map((c) => ({
      id: c.id,
      nome: clienteNome(c as ClienteIdentity),
      documento: clienteDocumento(c as ClienteIdentity),
      cadastro: c.cadastro,
      status: c.status,
      revisao: c.revisao,
    })),
    veiculos: withCliente(read('veiculos')),
    trackres: read('trackres'),
    chips: read('chips'),
    cobrancas: withCliente(read('cobrancas')),
    contratos: withCliente(read('contratos')),
    ordensservicos: withCliente(read('ordensservicos')),
  };
  if (admin) reply.users = read('users');
  return reply;
}

export function registerBuscaRoute(app: FastifyInstance, db: Db) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/v1/busca',
    {
      schema: {
        tags: ['busca'],
        summary: 'Busca global: clientes, veículos, rastreadores, chips, cobranças, contratos e ordens (até 5 de cada)',
        querystring: buscaQuery,
      },
      config: { access: 'user' },
    },
    async (request) => buscar(db, request.query.q ?? '', isAdmin(request.user)),
  );
}
