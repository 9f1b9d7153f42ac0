/**
 * The generic resource machinery of DESIGN section 5, written once: list (pesquisa, page,
 * pageSize, status, sort/order and per-resource filters, exact total), read, create, update,
 * delete. A resource supplies its table, schemas and the few rules that are its own.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, count, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z, type ZodType } from 'zod';
import { normalizeSearch } from '../../domain/text';
import { idParam, listQuery, type ListQuery } from '../../domain/schemas/list';
import type { Db, DbOrTx } from '../db/client';
import { notFound } from '../http-errors';
import type { AuthLevel } from '../plugins/auth';
import type { CountCache } from './count-cache';
import type { PageCache } from './page-cache';
import { versoes } from '../db/schema';

type Row = Record<string, any>;
type ResourceTable = PgTable & { id: PgColumn; busca: PgColumn };

export interface RequestContext {
  db: Db;
  request: FastifyRequest;
  user: NonNullable<FastifyRequest['user']>;
}

export interface ResourceDefinition<TCreate = any, TUpdate = TCreate> {
  /** API path segment and table name, as SPEC spells it (`users`, `clientes`, `trackres`, …). */
  name: string;
  table: ResourceTable;
  /** Who may list, read, create, update and remove; record-level rules go in the hooks. */
  access: { list?: AuthLevel; read: AuthLevel; write: AuthLevel; create?: AuthLevel; remove?: AuthLevel };
  /** Text the record is found by (normalized into `busca`). */
  searchFields: (values: Row) => unknown[];
  /** Columns lists never read (secrets, internals); `busca` is never returned anyway. */
  hiddenColumns?: string[];
  /** Columns a client may sort by, by API field name. */
  sortable: Record<string, PgColumn>;
  /** How the `status` filter reads for this resource. */
  status?: (status: number) => SQL;
  /** Extra list filters: their zod shape and how each becomes a condition. */
  filters?: { shape: Record<string, ZodType>; where: (query: Record<string, any>) => (SQL | undefined)[] };
  /**
   * Records embedded in each list row, read by the page query itself (correlated subqueries
   * returning JSON): one round trip and one reusable statement per page. `present` fills them for
   * rows read otherwise (a single read, a saved row).
   */
  listEmbeds?: Record<string, SQL>;
  /** Other tables a list row reads (its embeds): their writes change the list too. */
  listReads?: string[];
  /** Row → API item (hide secrets, rename, embed). Runs on a page of rows at once. */
  present: (rows: Row[], ctx: RequestContext, single: boolean) => Promise<Row[]> | Row[];
  create?: {
    schema: ZodType<TCreate>;
    prepare: (input: TCreate, ctx: RequestContext, tx: DbOrTx) => Promise<Row> | Row;
    /** Work that needs the new id (links to other records), in the same transaction; may return the row as it ends up. */
    after?: (saved: Row, input: TCreate, ctx: RequestContext, tx: DbOrTx) => Promise<Row | void> | Row | void;
  };
  update?: {
    schema: ZodType<TUpdate>;
    prepare: (input: TUpdate, existing: Row, ctx: RequestContext, tx: DbOrTx) => Promise<Row> | Row;
    after?: (saved: Row, existing: Row, ctx: RequestContext, tx: DbOrTx) => Promise<void> | void;
  };
  remove?: {
    guard?: (existing: Row, ctx: RequestContext, tx: DbOrTx) => void | Promise<void>;
    after?: (removed: Row, ctx: RequestContext, tx: DbOrTx) => Promise<void> | void;
  };
  /** Record-level read rule (for example: a Usuario reads only its own user). */
  canRead?: (id: number, ctx: RequestContext) => void;
}

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

export function listConditions(def: ResourceDefinition, query: ListQuery & Record<string, any>, placeholders = false): SQL | undefined {
  const conditions: (SQL | undefined)[] = [pesquisaCondition(def.table.busca, query.pesquisa, placeholders)];
  if (query.status !== undefined && def.status) conditions.push(def.status(query.status));
  if (def.filters) conditions.push(...def.filters.where(query));
  return and(...conditions.filter(Boolean));
}

export interface ListOptions {
  /** Reuse whole list replies while their tables are unchanged (page-cache.ts). */
  pageCache?: PageCache;
  /** Reuse exact totals while the table is unchanged (count-cache.ts); off only to measure. */
  countCache?: CountCache;
  /** Page queries already built, per list shape (see `pageQuery`). */
  pageStatements?: Map<string, { execute(params: Record<string, unknown>): Promise<unknown[]> }>;
}

/** The list's total is cached under its resource, pesquisa and filters; its statement under the number of words instead of the words. */
function listKeys(def: ResourceDefinition, query: ListQuery & Record<string, any>) {
  const { page: _page, pageSize: _size, sort: _sort, order: _order, pesquisa, ...filters } = query;
  const filtersKey = JSON.stringify(filters, Object.keys(filters).sort());
  return {
    count: `${def.name}|${normalizeSearch(pesquisa ?? '')}|${filtersKey}`,
    statement: `${def.name}|${searchWords(pesquisa).length}|${filtersKey}|${query.sort ?? ''}|${query.order ?? ''}`,
  };
}

const columnsByTable = new WeakMap<ResourceDefinition, Record<string, PgColumn>>();
/** What a list reads of each row: every column but `busca` and the resource's hidden ones. */
function listColumns(def: ResourceDefinition) {
  let columns = columnsByTable.get(def);
  if (!columns) {
    const hidden = new Set(['busca', ...(def.hiddenColumns ?? [])]);
    columns = {
      ...Object.fromEntries(Object.entries(getTableColumns(def.table as PgTable)).filter(([name]) => !hidden.has(name))),
      ...def.listEmbeds,
    } as Record<string, PgColumn>;
    columnsByTable.set(def, columns);
  }
  return columns;
}

/** Column the page query adds: the table's version, read in the page's own snapshot. */
const VERSION = '__versao';
const MAX_STATEMENTS = 200;

function orderOf(def: ResourceDefinition, query: ListQuery): SQL[] {
  const sortColumn = (query.sort && def.sortable[query.sort]) || def.table.id;
  const direction = query.order === 'asc' ? asc : desc;
  return sortColumn === def.table.id ? [direction(def.table.id)] : [direction(sortColumn), direction(def.table.id)];
}

/**
 * The page with its table's version. Building a query costs about as much as the rest of a
 * cached list request, so a list without pesquisa (the same few filters over and over) keeps
 * its built query and only binds limit and offset (unnamed: PostgreSQL plans each run anew).
 */
function pageQuery(
  db: Db,
  def: ResourceDefinition,
  query: ListQuery & Record<string, any>,
  statementKey: string,
  where: () => SQL | undefined,
  statements?: ListOptions['pageStatements'],
) {
  const limit = query.pageSize;
  const offset = (query.page - 1) * query.pageSize;
  const build = (limitValue: unknown, offsetValue: unknown, condition: SQL | undefined) =>
    db
      .select({ ...listColumns(def), [VERSION]: sql<number | null>`(SELECT versao FROM versoes WHERE tabela = ${def.name})` })
      .from(def.table as PgTable)
      .where(condition)
      .orderBy(...orderOf(def, query))
      .limit(limitValue as number)
      .offset(offsetValue as number);
  if (!statements) return build(limit, offset, where());
  // One statement per list shape: the filters' values, the number of pesquisa words, the order.
  let statement = statements.get(statementKey);
  if (statement) statements.delete(statementKey);
  else
    statement = build(sql.placeholder('limit'), sql.placeholder('offset'), listConditions(def, query, true)).prepare(
      undefined as unknown as string,
    );
  statements.set(statementKey, statement);
  if (statements.size > MAX_STATEMENTS) statements.delete(statements.keys().next().value!);
  return statement.execute({ limit, offset, ...wordParams(query.pesquisa) });
}

export async function listRows(db: Db, def: ResourceDefinition, query: ListQuery & Record<string, any>, options: ListOptions = {}) {
  // The conditions are built only when a query is: a reused page statement and a cached total need none.
  let conditions: { where: SQL | undefined } | undefined;
  const where = () => (conditions ??= { where: listConditions(def, query) }).where;
  const offset = (query.page - 1) * query.pageSize;
  // A separate exact count beats count(*) OVER () by far on large filtered sets (bench/README.md).
  const countRows = async () =>
    Number(
      (
        await db
          .select({ total: count() })
          .from(def.table as PgTable)
          .where(where())
      )[0].total,
    );
  const cache = options.countCache;
  if (!cache) {
    const page = db
      .select(listColumns(def))
      .from(def.table as PgTable)
      .where(where())
      .orderBy(...orderOf(def, query))
      .limit(query.pageSize)
      .offset(offset);
    const [rows, total] = await Promise.all([page, countRows()]);
    return { rows: rows as Row[], total };
  }
  // One round trip gives the page and the table's version; the count, when needed, comes after.
  const keys = listKeys(def, query);
  const key = keys.count;
  const rows = (await pageQuery(db, def, query, keys.statement, where, options.pageStatements)) as Row[];
  const version = rows.length ? Number(rows[0][VERSION] ?? 0) : undefined;
  for (const row of rows) delete row[VERSION];
  let total: number | undefined;
  if (rows.length > 0 && rows.length < query.pageSize)
    total = offset + rows.length; // the last page tells its own total
  else if (rows.length === 0 && query.page === 1) total = 0;
  else if (version !== undefined) total = cache.get(key, version);
  if (total === undefined) total = await countRows();
  if (version !== undefined) cache.set(key, version, total);
  return { rows, total };
}

export function listMeta(query: ListQuery, total: number) {
  return { page: query.page, pageSize: query.pageSize, total, totalItens: total, totalPaginas: Math.ceil(total / query.pageSize) };
}

export async function findById(db: DbOrTx, def: ResourceDefinition, id: number): Promise<Row> {
  const [row] = await db
    .select()
    .from(def.table as PgTable)
    .where(eq(def.table.id, id))
    .limit(1);
  if (!row) throw notFound();
  return row as Row;
}

/** Locks the row for the rest of the transaction so concurrent edits serialize. */
export async function findByIdForUpdate(tx: DbOrTx, def: ResourceDefinition, id: number): Promise<Row> {
  const [row] = await tx
    .select()
    .from(def.table as PgTable)
    .where(eq(def.table.id, id))
    .limit(1)
    .for('update');
  if (!row) throw notFound();
  return row as Row;
}

export const buscaOf = (def: ResourceDefinition, values: Row) =>
  def
    .searchFields(values)
    .map((v) => normalizeSearch(v))
    .filter(Boolean)
    .join(' ');

const contextOf = (db: Db, request: FastifyRequest): RequestContext => ({ db, request, user: request.user! });

/** Inserts a record with its search text; a record found by its id gets the id into `busca` once it has one. */
export async function insertRecord(tx: DbOrTx, def: ResourceDefinition, values: Row): Promise<Row> {
  const [row] = (await tx
    .insert(def.table)
    .values({ ...values, busca: buscaOf(def, values) } as any)
    .returning()) as Row[];
  const busca = buscaOf(def, { ...values, id: row.id });
  if (busca === row.busca) return row;
  const [withId] = (await tx
    .update(def.table)
    .set({ busca } as any)
    .where(eq(def.table.id, row.id))
    .returning()) as Row[];
  return withId;
}

export function registerResource(app: FastifyInstance, db: Db, def: ResourceDefinition, options: ListOptions = {}) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = `/v1/${def.name}`;
  const tags = [def.name];
  const query = def.filters ? listQuery.extend(def.filters.shape) : listQuery;

  // The versions a list reply depends on, as one text ("chips:12,trackres:40"), by a statement prepared once.
  const tables = [def.name, ...(def.listReads ?? [])];
  const versionsOf = db
    .select({ versions: sql<string | null>`string_agg(${versoes.tabela} || ':' || ${versoes.versao}, ',' ORDER BY ${versoes.tabela})` })
    .from(versoes)
    .where(inArray(versoes.tabela, tables))
    .prepare(`versoes_${def.name}`);

  r.get(
    base,
    { schema: { tags, summary: `Lista ${def.name}`, querystring: query }, config: { auth: def.access.list ?? def.access.read } },
    async (request, reply) => {
      const q = request.query as ListQuery & Record<string, any>;
      const list = async () => {
        const { rows, total } = await listRows(db, def, q, options);
        return { meta: listMeta(q, total), Items: await def.present(rows, contextOf(db, request), false) };
      };
      if (!options.pageCache) return list();
      // Read before the page: a reply is only ever stored under versions at most as new as its rows.
      const versions = String((await versionsOf.execute())[0]?.versions ?? '');
      const key = `${listKeys(def, q).count}|${q.page}|${q.pageSize}|${q.sort ?? ''}|${q.order ?? ''}`;
      let body = options.pageCache.get(key, versions);
      if (body === undefined) {
        body = JSON.stringify(await list());
        options.pageCache.set(key, versions, body);
      }
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );

  r.get(
    `${base}/:id`,
    { schema: { tags, summary: `Lê um registro de ${def.name}`, params: idParam }, config: { auth: def.access.read } },
    async (request) => {
      const ctx = contextOf(db, request);
      def.canRead?.(request.params.id, ctx);
      const row = await findById(db, def, request.params.id);
      return (await def.present([row], ctx, true))[0];
    },
  );

  if (def.create) {
    const create = def.create;
    r.post(
      base,
      { schema: { tags, summary: `Cria em ${def.name}`, body: create.schema }, config: { auth: def.access.create ?? def.access.write } },
      async (request, reply) => {
        const ctx = contextOf(db, request);
        const saved = await db.transaction(async (tx) => {
          const values = await create.prepare(request.body as any, ctx, tx);
          const row = await insertRecord(tx, def, values);
          return ((await create.after?.(row, request.body as any, ctx, tx)) ?? row) as Row;
        });
        reply.code(201);
        return (await def.present([saved], ctx, true))[0];
      },
    );
  }

  if (def.update) {
    const update = def.update;
    r.put(
      `${base}/:id`,
      { schema: { tags, summary: `Atualiza em ${def.name}`, params: idParam, body: update.schema }, config: { auth: def.access.write } },
      async (request) => {
        const ctx = contextOf(db, request);
        const saved = await db.transaction(async (tx) => {
          const existing = await findByIdForUpdate(tx, def, request.params.id);
          const values = await update.prepare(request.body as any, existing, ctx, tx);
          const merged = { ...existing, ...values };
          const [row] = await tx
            .update(def.table)
            .set({ ...values, busca: buscaOf(def, merged), updatedAt: new Date() } as any)
            .where(eq(def.table.id, request.params.id))
            .returning();
          await update.after?.(row as Row, existing, ctx, tx);
          return row as Row;
        });
        return (await def.present([saved], ctx, true))[0];
      },
    );
  }

  if (def.remove) {
    const remove = def.remove;
    r.delete(
      `${base}/:id`,
      { schema: { tags, summary: `Remove de ${def.name}`, params: idParam }, config: { auth: def.access.remove ?? def.access.write } },
      async (request) => {
        const ctx = contextOf(db, request);
        const removed = await db.transaction(async (tx) => {
          const existing = await findByIdForUpdate(tx, def, request.params.id);
          await remove.guard?.(existing, ctx, tx);
          await tx.delete(def.table).where(eq(def.table.id, request.params.id));
          await remove.after?.(existing, ctx, tx);
          return existing;
        });
        return (await def.present([removed], ctx, true))[0];
      },
    );
  }
}

export const idSchema = z.number().int().positive();
