/**
 * The fleet read back (DESIGN 10, "Fleet"): `GET /v1/frota` (Saúde: one row per tracker with its
 * last state and `meta.resumo`), `/v1/frota/mapa` (compact rows for the map), `/v1/frota/{id}` (a
 * marker's popup) and `/v1/frota/alarmes`; a vehicle's route is in routes/veiculos.ts and a service
 * order's live telemetry in routes/ordensservicos.ts. Every reply carries the feed's `conexao`, so
 * the screens show the data's age and a banner when Traccar is unreachable; Traccar down never
 * makes these answer 5xx: the lists read our own table.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { MSG } from '../../domain/messages';
import { id, idOrZero } from '../../domain/schemas/common';
import { idParam, listQuery } from '../../domain/schemas/list';
import { normalizeSearch } from '../../domain/text';
import { rowsOf, type Db } from '../db/client';
import { SITUACOES, type Situacao } from '../frota/estado';
import { CONEXAO_JSON, conexaoOf, FROM_JOINED, frotaItem, ITEM_COLUMNS, presentConexao } from '../frota/consultas';
import { notFound } from '../regras/http-errors';
import { listMeta } from '../resources/list-query';

const situacaoParam = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.enum(SITUACOES, { error: `Situação inválida. Valores aceitos: ${SITUACOES.join(', ')}` }).optional(),
);
const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
/** The list query's own pesquisa, page and pageSize (domain/schemas/list.ts). */
const { pesquisa, page, pageSize } = listQuery.shape;

const frotaQuery = z.object({
  situacao: situacaoParam,
  pesquisa,
  idcliente: z.preprocess(emptyToUndefined, idOrZero().optional()),
  page,
  pageSize,
});

const mapaQuery = z.object({ situacao: situacaoParam, idcliente: z.preprocess(emptyToUndefined, idOrZero().optional()) });

/** A moment of a period (`from`, `to`): ISO date and time, or none. */
export const isoDate = (label: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string({ error: `${label} inválida.` })
      .max(40, { error: `${label} inválida.` })
      .refine((v) => Number.isFinite(Date.parse(v)), {
        error: `${label} inválida: use uma data e hora ISO (ex.: 2026-05-01T00:00:00-03:00).`,
      })
      .optional(),
  );

const alarmesQuery = z.object({
  idrastreador: z.preprocess(emptyToUndefined, id().optional()),
  idveiculo: z.preprocess(emptyToUndefined, id().optional()),
  from: isoDate('Data inicial'),
  to: isoDate('Data final'),
  page,
  pageSize,
});

/** Problems first: a support desk reads the list top down (each situation newest tracker first). */
const ORDEM: readonly Situacao[] = ['alimentacao', 'silencioso', 'sem_gps', 'nunca', 'comunicando'];

/** The same order as one expression, for a page of a client's or a search's few trackers. */
const ORDEM_SQL = sql.raw(`CASE e.situacao ${ORDEM.map((s, o) => `WHEN '${s}' THEN ${o}`).join(' ')} ELSE ${ORDEM.length} END`);

/** A list request's shape: which filters it has; the values are bound on each run. */
interface Forma {
  situacao: boolean;
  idcliente: boolean;
  palavras: number;
}

/**
 * The list's filters as conditions on `e` (frota_estado, one row per tracker: migration 0014), so
 * the counts and the page read frota_estado by its situacao index; the client and the search go
 * through the tracker, its vehicle and its client.
 */
function filters(forma: Forma): SQL[] {
  const conditions: SQL[] = [];
  if (forma.idcliente)
    conditions.push(sql`e.idrastreador IN (SELECT t.id FROM trackres t WHERE t.idcliente = ${sql.placeholder('idcliente')})`);
  for (let i = 0; i < forma.palavras; i++) {
    const like = sql.placeholder(`p${i}`);
    conditions.push(
      sql`e.idrastreador IN (
        SELECT t.id FROM trackres t LEFT JOIN veiculos v ON v.id = t.idveiculo LEFT JOIN clientes c ON c.id = t.idcliente
        WHERE t.busca LIKE ${like} OR v.busca LIKE ${like} OR c.busca LIKE ${like})`,
    );
  }
  return conditions;
}

/**
 * One situation's trackers, newest first, read down the situacao index (situacao, idrastreador)
 * backwards and stopped at `limit`. Written as a range ordered by (situacao, idrastreador), which
 * only that index gives: with `situacao = x ORDER BY idrastreador` the planner may walk the primary
 * key instead, filtering the whole fleet when its statistics think x common (as right after the
 * feed's first full read, or wherever autovacuum is late).
 */
type Trecho = SQL | ReturnType<typeof sql.placeholder>;
const situacaoDesc = (situacao: Trecho, where: SQL, limit: Trecho, o: SQL) =>
  sql`SELECT e.idrastreador AS id, ${o} AS o FROM frota_estado e
    WHERE ${where} AND e.situacao BETWEEN ${situacao} AND ${situacao}
    ORDER BY e.situacao DESC, e.idrastreador DESC LIMIT ${limit}`;

/**
 * The page's tracker ids in the list's order. One situation: its index read backwards. The whole
 * fleet: the same per situation, each cut at the page's end, in ORDEM, so a page never sorts the
 * fleet (the outer sort orders at most 5 × (offset + pageSize) ids). A client or a search: their
 * trackers, sorted.
 */
function pageOf(forma: Forma, where: SQL): SQL {
  const [limit, offset] = [sql.placeholder('limit'), sql.placeholder('offset')];
  if (forma.situacao) return sql`${situacaoDesc(sql.placeholder('situacao'), where, limit, sql`0`)} OFFSET ${offset}`;
  if (forma.idcliente || forma.palavras)
    return sql`SELECT e.idrastreador AS id, ${ORDEM_SQL} AS o FROM frota_estado e WHERE ${where}
      ORDER BY 2, 1 DESC LIMIT ${limit} OFFSET ${offset}`;
  const fim = sql.placeholder('fim');
  const branches = ORDEM.map((s, o) => sql`(${situacaoDesc(sql.raw(`'${s}'`), sql`true`, fim, sql.raw(String(o)))})`);
  return sql`SELECT id, o FROM (${sql.join(branches, sql` UNION ALL `)}) u ORDER BY o, id DESC LIMIT ${limit} OFFSET ${offset}`;
}

/**
 * One statement, one snapshot, one round trip: the counts, the page and the banner agree. Without a
 * client or a search the counts are the fleet's, frota_resumo's few rows kept by frota_estado's
 * triggers (migration 0018) and exact in this snapshot; with them, they are counted here. Each of
 * the page's trackers is read by its keys (a LATERAL per row, whatever a plan thinks the page holds).
 */
function listSql(forma: Forma): SQL {
  const base = filters(forma);
  const where = base.length ? and(...base)! : sql`true`;
  const counts = base.length
    ? sql`SELECT e.situacao AS s, count(*)::int AS n FROM frota_estado e WHERE ${where} GROUP BY 1`
    : sql`SELECT situacao AS s, sum(n)::int AS n FROM frota_resumo GROUP BY 1`;
  return sql`
    WITH page AS (${pageOf(forma, where)})
    SELECT
      (SELECT json_object_agg(s, n) FROM (${counts}) x) AS resumo,
      (SELECT json_agg(i ORDER BY i.o, i.id DESC) FROM (
        SELECT x.*, p.o FROM page p CROSS JOIN LATERAL (
          SELECT ${ITEM_COLUMNS} FROM ${FROM_JOINED} WHERE t.id = p.id LIMIT 1) x) i) AS items,
      ${CONEXAO_JSON} AS conexao`;
}

interface ListRow {
  resumo: Record<string, number> | null;
  items: Record<string, unknown>[] | null;
  conexao: never;
}
type Prepared = (target: Db, params: Record<string, unknown>) => Promise<ListRow[]>;
const statements = new Map<string, Prepared>();

/**
 * The list's statement of a shape, built once and run as a named statement (parsed once per
 * connection, as the other lists: bench/README.md "One statement a list, parsed once").
 */
function listStatement(db: Db, forma: Forma): Prepared {
  const key = `${Number(forma.situacao)}${Number(forma.idcliente)}${forma.palavras}`;
  let prepared = statements.get(key);
  if (!prepared) {
    const built = (db as unknown as { dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } } }).dialect.sqlToQuery(
      listSql(forma),
    );
    const name = `frota_lista_${key}`;
    prepared = async (target, params) => {
      const result = (await target._.session.prepareQuery(built, undefined, name, false).execute(params)) as
        ListRow[] | { rows: ListRow[] };
      return Array.isArray(result) ? result : result.rows;
    };
    statements.set(key, prepared);
  }
  return prepared;
}

/**
 * `plannedOnce` (db/client.ts): the whole fleet's page and one situation's are planned once per
 * connection (every plan reads the situacao index down to the page's end and each tracker by its
 * keys); a client's or a search's are planned on each run with their values.
 */
export function registerFrotaRoutes(app: FastifyInstance, db: Db, plannedOnce?: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['frota'];

  r.get(
    '/v1/frota',
    {
      schema: { tags, summary: 'Saúde da frota: o último estado de cada rastreador, com o resumo por situação', querystring: frotaQuery },
      config: { access: 'user' },
    },
    async (request) => {
      const query = request.query;
      const palavras = normalizeSearch(query.pesquisa ?? '')
        .split(' ')
        .filter(Boolean);
      const forma: Forma = { situacao: Boolean(query.situacao), idcliente: query.idcliente !== undefined, palavras: palavras.length };
      const offset = (query.page - 1) * query.pageSize;
      const params: Record<string, unknown> = {
        situacao: query.situacao,
        idcliente: query.idcliente,
        limit: query.pageSize,
        offset,
        fim: offset + query.pageSize,
        ...Object.fromEntries(palavras.map((word, i) => [`p${i}`, `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`])),
      };
      const fleetWide = !forma.idcliente && !forma.palavras;
      const [row] = await listStatement(db, forma)(fleetWide ? (plannedOnce ?? db) : db, params);
      const resumo = Object.fromEntries(SITUACOES.map((s) => [s, 0])) as Record<Situacao, number>;
      for (const [s, n] of Object.entries(row?.resumo ?? {})) resumo[s as Situacao] = Number(n);
      const todos = Object.values(resumo).reduce((a, b) => a + b, 0);
      const total = query.situacao ? resumo[query.situacao] : todos;
      const Items = (row?.items ?? []).map(({ o: _o, ...item }) => item);
      return {
        meta: {
          ...listMeta(query, total),
          resumo: { ...resumo, total: todos },
          conexao: presentConexao(row?.conexao),
        },
        Items,
      };
    },
  );

  r.get(
    '/v1/frota/mapa',
    {
      schema: {
        tags,
        summary: 'Mapa da frota: [idrastreador, latitude, longitude, situacao, placa, curso] de cada rastreador com posição',
        querystring: mapaQuery,
      },
      config: { access: 'user' },
    },
    async (request) => {
      const { situacao, idcliente } = request.query;
      const rows = rowsOf<{ id: number; lat: number; lon: number; s: string; placa: string | null; curso: number | null }>(
        await db.execute(sql`
          SELECT t.id, e.latitude AS lat, e.longitude AS lon, e.situacao AS s, v.placa, e.curso
          FROM frota_estado e JOIN trackres t ON t.id = e.idrastreador LEFT JOIN veiculos v ON v.id = t.idveiculo
          WHERE e.latitude IS NOT NULL AND e.longitude IS NOT NULL
            ${situacao ? sql`AND e.situacao = ${situacao}` : sql``}
            ${idcliente !== undefined ? sql`AND t.idcliente = ${idcliente}` : sql``}`),
      );
      // Compact rows: 10,000 vehicles stay well under 300 KB gzipped (coordinates to ~1 m).
      const round = (n: number) => Math.round(n * 1e5) / 1e5;
      return {
        Items: rows.map((row) => [row.id, round(row.lat), round(row.lon), row.s, row.placa ?? '', Math.round(row.curso ?? 0)]),
        conexao: await conexaoOf(db),
      };
    },
  );

  r.get(
    '/v1/frota/alarmes',
    {
      schema: {
        tags,
        summary: 'Alarmes guardados dos eventos do Traccar (falta de energia, bateria, SOS, violação…)',
        querystring: alarmesQuery,
      },
      config: { access: 'user' },
    },
    async (request) => {
      const q = request.query;
      const conditions: SQL[] = [];
      if (q.idrastreador) conditions.push(sql`a.idrastreador = ${q.idrastreador}`);
      if (q.idveiculo) conditions.push(sql`t.idveiculo = ${q.idveiculo}`);
      if (q.from) conditions.push(sql`a.em >= ${new Date(q.from).toISOString()}::timestamptz`);
      if (q.to) conditions.push(sql`a.em <= ${new Date(q.to).toISOString()}::timestamptz`);
      const where = conditions.length ? and(...conditions)! : sql`true`;
      const [{ n }] = rowsOf<{ n: number }>(
        await db.execute(sql`SELECT count(*)::int AS n FROM frota_alarmes a JOIN trackres t ON t.id = a.idrastreador WHERE ${where}`),
      );
      const Items = rowsOf(
        await db.execute(sql`
          SELECT a.id, a.idrastreador, a.tipo, a.em, a.latitude, a.longitude, t.imei, t.idveiculo, v.placa
          FROM frota_alarmes a JOIN trackres t ON t.id = a.idrastreador LEFT JOIN veiculos v ON v.id = t.idveiculo
          WHERE ${where} ORDER BY a.em DESC, a.id DESC
          LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`),
      );
      return { meta: listMeta(q, Number(n)), Items };
    },
  );

  r.get(
    '/v1/frota/:id',
    { schema: { tags, summary: 'O último estado de um rastreador', params: idParam }, config: { access: 'user' } },
    async (request) => {
      const item = await frotaItem(db, sql`t.id = ${request.params.id}`);
      if (!item) throw notFound(MSG.rastreadorNotFound);
      return item;
    },
  );
}
