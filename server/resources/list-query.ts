/**
 * The list query of DESIGN section 5: pesquisa (every word, accent- and case-insensitive), status,
 * per-resource filters, order, page, and the exact total, reusing what list-cache.ts allows.
 */
import { and, asc, count, desc, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { normalizeSearch } from '../../domain/text';
import type { ListQuery } from '../../domain/schemas/list';
import type { Db } from '../db/client';
import type { Item, AnyResource } from './definition';
import type { ListCaches } from './list-cache';

export type ListParams = ListQuery & Item;

/** LIKE pattern of one word, with the wildcard characters escaped. */
const likeWord = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const searchWords = (pesquisa: string | undefined) =>
  normalizeSearch(pesquisa ?? '')
    .split(' ')
    .filter(Boolean);
/** The LIKE pattern of each word, as the parameters `w0`, `w1`, … of a reused page statement. */
const wordParams = (pesquisa: string | undefined) => Object.fromEntries(searchWords(pesquisa).map((word, i) => [`w${i}`, likeWord(word)]));

/**
 * Every word of the pesquisa must occur in `busca`; the trigram index serves each LIKE. With
 * `placeholders` the patterns are left as parameters, so one built statement serves every term
 * with as many words (PostgreSQL still plans each run with the actual pattern).
 */
export function pesquisaCondition(column: PgColumn, pesquisa: string | undefined, placeholders = false): SQL | undefined {
  const words = searchWords(pesquisa);
  if (!words.length) return undefined;
  return and(...words.map((word, i) => sql`${column} LIKE ${placeholders ? sql.placeholder(`w${i}`) : likeWord(word)}`));
}

export function listConditions(def: AnyResource, query: ListParams, placeholders = false): SQL | undefined {
  const conditions: (SQL | undefined)[] = [pesquisaCondition(def.table.busca, query.pesquisa, placeholders)];
  if (query.status !== undefined && def.status) conditions.push(def.status(query.status));
  if (def.filters) conditions.push(...def.filters.where(query));
  return and(...conditions.filter(Boolean));
}

/** The list's total is cached under its resource, pesquisa and filters; its statement under the number of words instead of the words. */
export function listKeys(def: AnyResource, query: ListParams) {
  const { page: _page, pageSize: _size, sort: _sort, order: _order, pesquisa, ...filters } = query;
  const filtersKey = JSON.stringify(filters, Object.keys(filters).sort());
  const count = `${def.name}|${normalizeSearch(pesquisa ?? '')}|${filtersKey}`;
  return {
    count,
    page: `${count}|${query.page}|${query.pageSize}|${query.sort ?? ''}|${query.order ?? ''}`,
    statement: `${def.name}|${searchWords(pesquisa).length}|${filtersKey}|${query.sort ?? ''}|${query.order ?? ''}`,
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

function orderOf(def: AnyResource, query: ListQuery): SQL[] {
  // `sort` was checked against the sortable fields by the query schema; hasOwn keeps it that way.
  const sorted = query.sort && Object.hasOwn(def.sortable, query.sort) ? def.sortable[query.sort] : def.table.id;
  const columns = (Array.isArray(sorted) ? sorted : [sorted]) as PgColumn[];
  const direction = query.order === 'asc' ? asc : desc;
  // The id last breaks ties, so pages never overlap.
  const id = def.idOrder?.(query as ListParams) ?? def.table.id;
  return [...columns.filter((column) => column !== def.table.id), id].map((column) => direction(column));
}

/**
 * The rows of a page: straight, or for a resource that defers its page (`deferPage`), the page's
 * ids first, from an index alone, then only those rows with their embedded records.
 */
function selectPage(
  db: Db,
  def: AnyResource,
  columns: Record<string, PgColumn | SQL>,
  where: SQL | undefined,
  order: SQL[],
  limit: number,
  offset: number,
) {
  if (!def.deferPage)
    return db
      .select(columns)
      .from(def.table)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
  const ids = db
    .select({ id: def.table.id })
    .from(def.table)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return db
    .select(columns)
    .from(def.table)
    .where(inArray(def.table.id, ids))
    .orderBy(...order);
}

/**
 * The page with its table's version. Building a query costs about as much as the rest of a
 * cached list request, so each list shape (filters, number of pesquisa words, order) keeps its
 * built query and only binds limit, offset and the patterns (unnamed: PostgreSQL plans each run anew).
 */
function pageQuery(
  db: Db,
  def: AnyResource,
  query: ListParams,
  statementKey: string,
  statements: NonNullable<ListCaches['pageStatements']>,
) {
  const limit = query.pageSize;
  const offset = (query.page - 1) * query.pageSize;
  let statement = statements.get(statementKey);
  if (!statement) {
    statement = selectPage(
      db,
      def,
      { ...listColumns(def), [VERSION]: sql<number | null>`(SELECT versao FROM versoes WHERE tabela = ${def.name})` },
      listConditions(def, query, true),
      orderOf(def, query),
      sql.placeholder('limit') as unknown as number,
      sql.placeholder('offset') as unknown as number,
    ).prepare(undefined as unknown as string);
    statements.set(statementKey, statement);
  }
  return statement.execute({ limit, offset, ...wordParams(query.pesquisa) });
}

/** A page of rows and the exact total of the list. */
export async function listRows(
  db: Db,
  def: AnyResource,
  query: ListParams,
  caches: ListCaches = {},
): Promise<{ rows: Item[]; total: number }> {
  // The conditions are built only when a query is: a reused page statement and a cached total need none.
  let conditions: { where: SQL | undefined } | undefined;
  const where = () => (conditions ??= { where: listConditions(def, query) }).where;
  const offset = (query.page - 1) * query.pageSize;
  // A separate exact count beats count(*) OVER () by far on large filtered sets (bench/README.md).
  const countRows = async () =>
    (await def.count?.(query, db)) ?? Number((await db.select({ total: count() }).from(def.table).where(where()))[0].total);
  const { countCache, pageStatements } = caches;
  if (!countCache || !pageStatements) {
    const page = selectPage(db, def, listColumns(def), where(), orderOf(def, query), query.pageSize, offset);
    const [rows, total] = await Promise.all([page, countRows()]);
    return { rows: rows as Item[], total };
  }
  // One round trip gives the page and the table's version; the count, when needed, comes after.
  const keys = listKeys(def, query);
  const rows = (await pageQuery(db, def, query, keys.statement, pageStatements)) as Item[];
  const version = rows.length ? Number(rows[0][VERSION] ?? 0) : undefined;
  for (const row of rows) delete row[VERSION];
  let total: number | undefined;
  if (rows.length > 0 && rows.length < query.pageSize)
    total = offset + rows.length; // the last page tells its own total
  else if (rows.length === 0 && query.page === 1) total = 0;
  else if (version !== undefined) total = countCache.get(keys.count, version);
  if (total === undefined) total = await countRows();
  if (version !== undefined) countCache.set(keys.count, version, total);
  return { rows, total };
}

export function listMeta(query: ListQuery, total: number) {
  return { page: query.page, pageSize: query.pageSize, total, totalItens: total, totalPaginas: Math.ceil(total / query.pageSize) };
}
