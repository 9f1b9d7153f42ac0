/**
 * The list query of DESIGN section 5: pesquisa (every word, accent- and case-insensitive), status,
 * per-resource filters, order, page, and the exact total, reusing what list-cache.ts allows.
 */
import { createHash } from 'node:crypto';
import { and, asc, count, desc, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { normalizeSearch } from '../../domain/text';
import type { ListQuery } from '../../domain/schemas/list';
import type { Db, DbOrTx } from '../db/client';
import type { Item, AnyResource, ListParams } from './definition';
import type { ListCaches, PageStatement } from './list-cache';

export type { ListParams };

/** LIKE pattern of one word, with the wildcard characters escaped. */
const likeWord = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const searchWords = (pesquisa: string | undefined) => (pesquisa ? normalizeSearch(pesquisa).split(' ').filter(Boolean) : []);
/** The LIKE pattern of each word, as the parameters `w0`, `w1`, … of a reused page statement. */
const wordParams = (pesquisa: string | undefined) => Object.fromEntries(searchWords(pesquisa).map((word, i) => [`w${i}`, likeWord(word)]));

/** How a pesquisa's LIKEs are written (`pesquisaCondition`). */
export interface PesquisaOptions {
  placeholders?: boolean;
  bounded?: boolean;
}

/**
 * Every word of the pesquisa must occur in `busca`; the trigram index serves each LIKE. With
 * `placeholders` the patterns are left as parameters, so one built statement serves every term
 * with as many words (PostgreSQL still plans each run with the actual pattern). With `bounded` the
 * rows are found by other conditions (a date range), and the LIKE only tests them: it is written
 * so that no index can serve it (`COLLATE "C"`, the same byte-wise match), so a plan made without
 * the pattern never turns to the trigram index (`plannedOnce`, db/client.ts).
 */
export function pesquisaCondition(
  column: PgColumn,
  pesquisa: string | undefined,
  { placeholders = false, bounded = false }: PesquisaOptions = {},
): SQL | undefined {
  const words = searchWords(pesquisa);
  if (!words.length) return undefined;
  const tested = bounded ? sql`${column} COLLATE "C"` : sql`${column}`;
  return and(...words.map((word, i) => sql`${tested} LIKE ${placeholders ? sql.placeholder(`w${i}`) : likeWord(word)}`));
}

export function listConditions(def: AnyResource, query: ListParams, options: PesquisaOptions = {}): SQL | undefined {
  const conditions: (SQL | undefined)[] = [pesquisaCondition(def.table.busca, query.pesquisa, options)];
  if (query.status !== undefined && def.status) conditions.push(def.status.where(query.status));
  if (def.filters) conditions.push(...def.filters.where(query));
  return and(...conditions.filter(Boolean));
}

/** The list's total is cached under its resource, pesquisa and filters; its statement under the number of words instead of the words. */
export function listKeys(def: AnyResource, query: ListParams) {
  const { page: _page, pageSize: _size, sort: _sort, order: _order, pesquisa, ...filters } = query;
  const filtersKey = JSON.stringify(filters, Object.keys(filters).sort());
  const words = searchWords(pesquisa);
  const count = `${def.name}|${words.join(' ')}|${filtersKey}`;
  return {
    count,
    page: `${count}|${query.page}|${query.pageSize}|${query.sort ?? ''}|${query.order ?? ''}`,
    statement: `${def.name}|${words.length}|${filtersKey}|${query.sort ?? ''}|${query.order ?? ''}`,
  };
}

const columnsByDefinition = new WeakMap<AnyResource, Record<string, PgColumn | SQL>>();
/** What a list reads of each row: every column but `busca` and the hidden ones, and the embedded records. */
function listColumns(def: AnyResource): Record<string, PgColumn | SQL> {
  let columns = columnsByDefinition.get(def);
  if (!columns) {
    const hidden = new Set(['busca', ...(def.hiddenColumns ?? [])]);
    const tableColumns: Record<string, PgColumn> = getTableColumns(def.table);
    columns = {
      ...Object.fromEntries(Object.entries(tableColumns).filter(([name]) => !hidden.has(name))),
      ...Object.fromEntries((def.embeds ?? []).map((embedded) => [embedded.name, embedded.listColumn])),
    };
    columnsByDefinition.set(def, columns);
  }
  return columns;
}

/** Column the page query adds: the table's version, read in the page's own snapshot. */
const VERSION = '__versao';
/** Column a page that counts its list adds (`countWithPage`): the total, from the same read. */
const TOTAL = '__total';
/** Column of a list with `listSummary`: its total and extra fields, as JSON text. */
const SUMMARY = '__resumo';
/** The largest array subscript (an int4). */
const INT4_MAX = 2_147_483_647;

/** The list's order; `plainId`: by the id column itself, even where the resource has an `idOrder`. */
function orderOf(def: AnyResource, query: ListQuery, plainId = false): SQL[] {
  // `sort` was checked against the sortable fields by the query schema; hasOwn keeps it that way.
  const sorted = query.sort && Object.hasOwn(def.sortable, query.sort) ? def.sortable[query.sort] : def.table.id;
  const columns = (Array.isArray(sorted) ? sorted : [sorted]) as PgColumn[];
  const direction = query.order === 'asc' ? asc : desc;
  // The id last breaks ties, so pages never overlap.
  const id = (!plainId && def.tuning?.idOrder?.(query as ListParams)) || def.table.id;
  return [...columns.filter((column) => column !== def.table.id), id].map((column) => direction(column));
}

type Selection = Record<string, PgColumn | SQL | SQL.Aliased>;

/**
 * The rows of a page: straight, or for a resource that defers its page (`deferPage`), the page's
 * ids first, from an index alone, then only those rows with their embedded records. Given an
 * `aggregateOrder` (`countWithPage`), one aggregate over the rows `where` selects gives both their
 * count and the page's ids, sorted by it, then only those rows are read; each carries the count
 * (`TOTAL`).
 */
function selectPage(
  db: Db,
  def: AnyResource,
  columns: Selection,
  where: SQL | undefined,
  order: SQL[],
  limit: number,
  offset: number,
  aggregateOrder?: SQL[],
) {
  if (aggregateOrder) {
    // Every selected id, in the page's order; the page is the slice of it from offset + 1. An
    // aggregate never walks an index for its order, so the plain id serves (a sort of the id
    // alone, not of id and id + 0, costs a third less).
    const sorted = sql`array_agg(${def.table.id} ORDER BY ${sql.join(aggregateOrder, sql`, `)})`;
    const slice = db
      .select({
        total: sql<string>`count(*)`.as(TOTAL),
        ids: sql<number[] | null>`(${sorted})[${offset}::int + 1 : ${offset}::int + ${limit}::int]`.as('__ids'),
      })
      .from(def.table)
      .where(where)
      .as('__pagina');
    const selection = { ...columns, [TOTAL]: slice.total };
    return {
      selection,
      query: db
        .select(selection)
        .from(def.table)
        .innerJoin(slice, sql`${def.table.id} = ANY(${slice.ids})`)
        .orderBy(...order),
    };
  }
  if (!def.tuning?.deferPage) {
    const query = db
      .select(columns)
      .from(def.table)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
    return { selection: columns, query };
  }
  const ids = db
    .select({ id: def.table.id })
    .from(def.table)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return {
    selection: columns,
    query: db
      .select(columns)
      .from(def.table)
      .where(inArray(def.table.id, ids))
      .orderBy(...order),
  };
}

/** A page query built once per list shape, run on the pool or inside a transaction (list-cache.ts). */
export type { PageStatement };

type Fields = Parameters<Db['_']['session']['prepareQuery']>[1];
/**
 * A built query, run on the session of whichever handle is given, a transaction's included. On
 * PostgreSQL it is a named statement, parsed once per connection (a page's text is kilobytes:
 * parsing it cost about as much as planning and running it); the connections plan each run with
 * its values (`plan_cache_mode`, db/client.ts). Named after its text, so lists of one shape with
 * other filter values share it, and the statements a connection keeps are as many as the shapes.
 */
function reusable(built: { sql: string; params: unknown[] }, selection: Selection) {
  // The selection is flat: each field is one column of the result, in the order the SQL selects them.
  const fields = Object.entries(selection).map(([key, field]) => ({ path: [key], field })) as Fields;
  const name = `lista_${createHash('sha256').update(built.sql).digest('base64url').slice(0, 22)}`;
  return (target: DbOrTx, params: Record<string, unknown>) =>
    target._.session.prepareQuery(built, fields, name, true).execute(params) as Promise<Item[]>;
}

/**
 * The page of one list shape (filters, number of pesquisa words, order) with its table's version,
 * built once: building a query costs about as much as the rest of a cached list request. Only
 * limit, offset and the patterns are bound on each run (unnamed: PostgreSQL plans each run anew,
 * with the actual pattern). Drizzle's own prepared query belongs to the database handle it was
 * built on; this one runs on the session of whichever handle is given, a transaction's included.
 */
function buildPageStatement(db: Db, def: AnyResource, query: ListParams, counts: boolean): PageStatement {
  const summary = def.listSummary && sql<string>`${def.listSummary.sql(query)}`;
  const { selection, query: select } = selectPage(
    db,
    def,
    {
      ...listColumns(def),
      [VERSION]: sql<number | null>`(SELECT sum(versao)::bigint FROM versoes WHERE tabela = ${def.name})`,
      ...(summary ? { [SUMMARY]: summary } : {}),
    },
    listConditions(def, query, { placeholders: true, bounded: counts }),
    orderOf(def, query),
    sql.placeholder('limit') as unknown as number,
    sql.placeholder('offset') as unknown as number,
    counts ? orderOf(def, query, true) : undefined,
  );
  const run = reusable(select.toSQL(), selection);
  if (!summary) return { counts, run };
  const alone = { [SUMMARY]: summary };
  const readAlone = reusable(
    db
      .select(alone)
      .from(sql`(VALUES (1)) AS __um`)
      .toSQL(),
    alone,
  );
  return { counts, run, summary: async (target, params) => String((await readAlone(target, params))[0][SUMMARY]) };
}

/** A page of rows and the exact total of the list. */
export async function listRows(
  db: Db,
  def: AnyResource,
  query: ListParams,
  caches: ListCaches = {},
): Promise<{ rows: Item[]; total: number; extras: Item }> {
  // The conditions are built only when a query is: a reused page statement and a cached total need none.
  let conditions: { where: SQL | undefined } | undefined;
  const where = () => (conditions ??= { where: listConditions(def, query) }).where;
  const offset = (query.page - 1) * query.pageSize;
  const countRows = async () => Number((await db.select({ total: count() }).from(def.table).where(where()))[0].total);
  const { countCache, pageStatements } = caches;
  const keys = listKeys(def, query);
  // By id only: a list sorted by a column may read its page in that column's index order and stop early.
  const byId = !query.sort || def.sortable[query.sort] === def.table.id;
  const counts = byId && def.tuning?.countWithPage?.(query) === true;
  const statementKey = `${keys.statement}|${counts ? 'total' : ''}`;
  let statement = pageStatements?.get(statementKey);
  if (!statement) {
    statement = buildPageStatement(db, def, query, counts);
    pageStatements?.set(statementKey, statement);
  }
  // A page far past the end (up to 2^31 - 1) would overflow the subscript: clamped, it is still past the end.
  const slicedFrom = counts ? Math.min(offset, INT4_MAX - query.pageSize) : offset;
  const params = { limit: query.pageSize, offset: slicedFrom, ...wordParams(query.pesquisa), ...def.listSummary?.params?.() };
  // A page that counts a bounded range runs where its statement is planned once (db/client.ts).
  const page = statement.run((counts && caches.plannedOnce) || db, params);
  // The last properties first: deleting an object's last property keeps V8's fast layout (JSON.stringify's too).
  const strip = (rows: Item[]) => {
    for (const row of rows) {
      delete row[TOTAL];
      delete row[SUMMARY];
      delete row[VERSION];
    }
    return rows;
  };
  if (statement.summary) {
    // The total and the extra fields came with the page, in its snapshot (alone when there is no row).
    const rows = await page;
    const { total, ...extras } = JSON.parse(rows.length ? String(rows[0][SUMMARY]) : await statement.summary(db, params)) as Item;
    return { rows: strip(rows), total: Number(total), extras };
  }
  if (!countCache && !counts) {
    // Nothing to reuse and no total in the page: the count runs beside it.
    const [rows, total] = await Promise.all([page, countRows()]);
    return { rows: strip(rows), total, extras: {} };
  }
  // One round trip gives the page, the table's version and, with `countWithPage`, the total.
  const rows = await page;
  const version = countCache && rows.length ? Number(rows[0][VERSION] ?? 0) : undefined;
  let total = counts && rows.length ? Number(rows[0][TOTAL]) : undefined;
  strip(rows);
  if (total === undefined) {
    if (rows.length > 0 && rows.length < query.pageSize)
      total = offset + rows.length; // the last page tells its own total
    else if (rows.length === 0 && query.page === 1) total = 0;
    else if (version !== undefined) total = countCache?.get(keys.count, version);
  }
  // A page past the last one has no row to carry the total: it is counted.
  if (total === undefined) total = await countRows();
  if (version !== undefined) countCache?.set(keys.count, version, total);
  return { rows, total, extras: {} };
}

/** A list reply's `meta`: its page, and the exact total in pages. */
export function listMeta(query: Pick<ListQuery, 'page' | 'pageSize'>, total: number) {
  return { page: query.page, pageSize: query.pageSize, total, totalItens: total, totalPaginas: Math.ceil(total / query.pageSize) };
}
