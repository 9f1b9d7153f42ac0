/**
 * The yardstick: what PostgREST would do for the same page, one SQL statement per request
 * (a CTE over the filter, json_agg of the page with its embedded records, count(*) of the
 * whole), through `pg`. GET /{resource}?status=0 or ?pesquisa=silva returns { total, items }
 * like our lists do, for users, clientes, veiculos, trackres, chips, planos and ordensservicos; the columns are
 * those the app lists (its resource definitions), the embeds those the app adds.
 */
import http from 'node:http';
import { getTableColumns } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import pg from 'pg';
import { normalizeSearch } from '../domain/text';
import type { AnyResource as ResourceDefinition } from '../server/resources/definition';
import {
  chipsResource,
  clientesResource,
  cobrancasResource,
  ordensservicosResource,
  planosResource,
  trackresResource,
  veiculosResource,
} from '../server/resources/registry';
import { usersResource } from '../server/resources/users';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

const device = (id: string) => `(SELECT row_to_json(d) FROM (SELECT id, imei, modelo, marca FROM trackres WHERE id = ${id}) d) AS device`;
/** The charges' six buckets (DESIGN 7) over the rows `where` selects, as `Informacoes` (today in APP_TIMEZONE, as the app). */
const informacoes = (where: string) => {
  const today = `(now() AT TIME ZONE '${process.env.APP_TIMEZONE ?? 'America/Sao_Paulo'}')::date`;
  const buckets: Record<string, string> = {
    total: 'true',
    recebidas: 'status = 1',
    canceladas: 'status = 3',
    vencidas: `(status = 2 OR (status = 0 AND duedate < ${today}))`,
    vencehoje: `(status = 0 AND duedate = ${today})`,
    avencer: `(status = 0 AND duedate > ${today})`,
  };
  const pairs = (agg: (c: string) => string) =>
    Object.entries(buckets)
      .map(([name, c]) => `'${name}', ${agg(c)}`)
      .join(', ');
  return `(SELECT json_build_object('valors', json_build_object(${pairs((c) => `coalesce(sum(valor) FILTER (WHERE ${c}), 0)`)}),
    'qnt', json_build_object(${pairs((c) => `count(*) FILTER (WHERE ${c})`)})) FROM cobrancas${where ? ` WHERE ${where}` : ''})`;
};

/** A dated list's filters, in the app's order: status, a date range on `column`, the client. */
const byStatusDatesAndClient = (column: string) => ({
  status: (p: string) => `status = ${p}::int`,
  dataInicio: (p: string) => `${column} >= ${p}::date`,
  dataFim: (p: string) => `${column} <= ${p}::date`,
  idcliente: (p: string) => `idcliente = ${p}::int`,
});

const RESOURCES: Record<
  string,
  {
    def: ResourceDefinition;
    filters?: Record<string, (param: string) => string>;
    embeds?: string;
    extras?: (whereWithoutStatus: string) => string;
  }
> = {
  users: { def: usersResource, filters: { status: (p) => `bloqueado = (${p}::int = 1)` } },
  clientes: { def: clientesResource, filters: { status: (p) => `status = ${p}::int` } },
  veiculos: {
    def: veiculosResource,
    filters: { idcliente: (p) => `idcliente = ${p}::int` },
    embeds: `(SELECT row_to_json(c) FROM (SELECT id, name, razaosocial, cadastro FROM clientes WHERE id = f.idcliente) c) AS cliente, ${device('f.device_id')}`,
  },
  trackres: {
    def: trackresResource,
    filters: { idveiculo: (p) => `idveiculo = ${p}::int`, idcliente: (p) => `idcliente = ${p}::int` },
    embeds: `(SELECT row_to_json(v) FROM (SELECT id, marca, modelo, placa FROM veiculos WHERE id = f.idveiculo) v) AS "Veiculo"`,
  },
  chips: { def: chipsResource, filters: { deviceId: (p) => `device_id = ${p}::int` }, embeds: device('f.device_id') },
  planos: { def: planosResource },
  ordensservicos: {
    def: ordensservicosResource,
    filters: byStatusDatesAndClient('agendamento'),
    embeds: [
      `(SELECT row_to_json(c) FROM (SELECT id, name, razaosocial, cadastro, cpf, cnpj, email, phone, mobile_phone AS "mobilePhone", contatos FROM clientes WHERE id = f.idcliente) c) AS cliente`,
      `(SELECT row_to_json(v) FROM (SELECT id, marca, modelo, ano, placa, renavan, chassi FROM veiculos WHERE id = f.idveiculo) v) AS veiculo`,
      `(SELECT row_to_json(d) FROM (SELECT id, imei, modelo, marca, phone, iccid FROM trackres WHERE id = f.iddevice) d) AS device`,
      `(SELECT row_to_json(t) FROM (SELECT id, name FROM users WHERE id = f.idtecnico) t) AS tecnico`,
    ].join(', '),
  },
  cobrancas: {
    def: cobrancasResource,
    filters: byStatusDatesAndClient('duedate'),
    embeds: [
      `(SELECT row_to_json(c) FROM (SELECT id, cadastro, name, razaosocial, cpf, cnpj, email, phone, mobile_phone AS "mobilePhone" FROM clientes WHERE id = f.idcliente) c) AS cliente`,
      `(SELECT row_to_json(a) FROM (SELECT id, multa, jurosmensal FROM assinaturas WHERE id = f.idassinatura) a) AS assinatura`,
    ].join(', '),
    extras: (where) => `${informacoes(where)} AS "Informacoes"`,
  },
};

/** The columns the app's list reads: all but `busca` and the resource's hidden ones. */
function listedColumns(def: ResourceDefinition) {
  const hidden = new Set(['busca', ...(def.hiddenColumns ?? [])]);
  return Object.keys(getTableColumns(def.table))
    .filter((name) => !hidden.has(name))
    .map((name) => `"${toSnakeCase(name)}"`)
    .join(', ');
}
const columns = new Map(Object.entries(RESOURCES).map(([name, r]) => [name, listedColumns(r.def)]));

function pageSql(name: string, query: URLSearchParams) {
  const resource = RESOURCES[name];
  const params: unknown[] = [];
  const conditions: string[] = [];
  // The same conditions but the status, for a summary beside the page (the charges' Informacoes).
  const withoutStatus: string[] = [];
  for (const [param, condition] of Object.entries(resource.filters ?? {})) {
    const value = query.get(param);
    // Sent as text and cast by each condition (`::int`, `::date`).
    if (value !== null) conditions.push(condition(`$${params.push(value)}`));
    if (value !== null && param !== 'status') withoutStatus.push(conditions.at(-1)!);
  }
  const pesquisa = normalizeSearch(query.get('pesquisa'));
  if (pesquisa) conditions.push(`busca LIKE $${params.push(`%${pesquisa}%`)}`);
  if (pesquisa) withoutStatus.push(conditions.at(-1)!);
  const pageSize = Number(query.get('pageSize') ?? 20);
  const offset = (Number(query.get('page') ?? 1) - 1) * pageSize;
  const text = `
WITH filtered AS (
  SELECT ${columns.get(name)} FROM ${resource.def.name}${conditions.length ? ` WHERE ${conditions.join(' AND ')}` : ''}
)
SELECT (SELECT count(*) FROM filtered) AS total,${resource.extras ? ` ${resource.extras(withoutStatus.join(' AND '))},` : ''}
       coalesce((SELECT json_agg(p) FROM (
         SELECT f.*${resource.embeds ? `, ${resource.embeds}` : ''} FROM filtered f ORDER BY f.id DESC LIMIT $${params.push(pageSize)} OFFSET $${params.push(offset)}
       ) p), '[]') AS items`;
  return { text, params };
}

const server = http.createServer(async (request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname === '/health') return response.end('ok');
  const name = url.pathname.slice(1);
  if (!RESOURCES[name]) {
    response.statusCode = 404;
    return response.end();
  }
  try {
    const { text, params } = pageSql(name, url.searchParams);
    const { rows } = await pool.query(text, params);
    response.setHeader('content-type', 'application/json');
    const { total, items, ...extras } = rows[0];
    response.end(JSON.stringify({ total: Number(total), items, ...extras }));
  } catch (error) {
    response.statusCode = 500;
    response.end(String(error));
  }
});
server.listen(Number(process.env.PORT), '127.0.0.1');
