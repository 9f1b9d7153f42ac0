/**
 * What a resource declares to get list, read, create, update and remove (DESIGN section 5) from
 * the generic machinery (routes.ts). A resource is one table, named as the API path; it supplies
 * its schemas, search fields, embedded records and the few rules that are its own, as hooks.
 */
import type { FastifyRequest } from 'fastify';
import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, TableConfig } from 'drizzle-orm/pg-core';
import type { z, ZodType } from 'zod';
import type { ListQuery } from '../../domain/schemas/list';
import type { Effects } from '../cobrancas/effects';
import type { Db, DbOrTx } from '../db/client';
import type { AccessLevel } from '../plugins/auth';
import type { Embed, Item } from './embed';

/** A table the machinery can serve: an `id`, and the `busca` text it searches. */
export type ResourceTable = PgTable<TableConfig> & { id: PgColumn; busca: PgColumn };
/** A row of the table as the driver returns it. */
export type RowOf<T extends ResourceTable> = T['$inferSelect'];
/** An item of the API: a row plus what presenting adds (embedded records, aliases). */
export type { Item };

export interface RequestContext {
  db: Db;
  request: FastifyRequest;
  user: NonNullable<FastifyRequest['user']>;
  /** What follows a change by itself: alerts, syncs, the audit log (cobrancas/effects.ts). */
  effects: Effects;
}

export interface ResourceDefinition<T extends ResourceTable = ResourceTable, TCreate = unknown, TUpdate = TCreate> {
  /** API path segment and table name, as SPEC spells it (`users`, `clientes`, `trackres`, …): the same word. */
  name: string;
  table: T;
  /** Who may call each route; checked before the body is read (plugins/auth.ts). `self`: an administrator, or the record's own user. */
  access: { list: AccessLevel; read: AccessLevel; create: AccessLevel; update: AccessLevel; remove: AccessLevel };
  /** Text the record is found by (normalized into `busca`). */
  searchFields: (values: Partial<RowOf<T>> & Item) => unknown[];
  /** Columns never sent (secrets, internals); `busca` never is. */
  hiddenColumns?: readonly string[];
  /**
   * Columns a client may sort by, by API field name; any other `sort` is a 400. A list of columns
   * sorts by each in turn, in the same direction (an order's `agendamento`: date, then time).
   */
  sortable: Record<string, PgColumn | readonly PgColumn[]>;
  /**
   * How a large list page is read: measured choices that change no reply (bench/README.md), kept
   * apart from what the resource is.
   */
  tuning?: ListTuning;
  /**
   * The `status` filter: its fixed values (any other is a 400, `statusFilter`) and how each reads
   * for this resource. A resource without it has no `status` in its list query.
   */
  status?: { values: readonly number[]; where: (status: number) => SQL };
  /** Extra list filters (`listFilters`): their zod shape and how each becomes a condition. */
  filters?: ListFilters;
  /** Records embedded in each item (embed.ts): read by the list's page query, fetched for single reads. */
  embeds?: readonly Embed[];
  /** Second names of a field, emitted with the same value (DESIGN 4): `{ idVeiculo: 'idveiculo' }`. */
  aliases?: Record<string, string>;
  /**
   * The list's exact total and the extra fields of its reply (the charges' `Informacoes`, for the
   * same query), as one SQL value the page statement reads beside its rows: one statement, so one
   * snapshot and one round trip. `sql(query)` is built once per list shape (filters, number of
   * pesquisa words, order) and yields the JSON text `{ "total": n, ...fields }`; it may use the
   * pesquisa's placeholders (`w0`, `w1`, …: `pesquisaCondition(column, pesquisa, { placeholders: true })`) and those
   * `params()` gives on each request. A page with no row to carry it reads it alone.
   */
  listSummary?: { sql: (query: ListQuery & Item) => SQL; params?: () => Record<string, unknown> };
  /** What a list reply depends on beside its tables (the charges' "today" and default rates): part of a reused reply's key. */
  listVariant?: (db: Db) => Promise<string> | string;
  /** Other tables a list reply reads (in `listSummary` or `present`): a cached reply is reused only while they are unchanged too. */
  listTables?: readonly string[];
  /**
   * Fields this record copies from another resource's record (`de`): what its search text takes
   * from it (`busca`) and the columns it keeps a copy of (`colunas`), through `key`. The machinery
   * refreshes every copy when the source record is updated (copies.ts), in the same transaction.
   */
  copia?: { de: string; key: PgColumn; busca: (source: Item) => Item; colunas?: (source: Item) => Item };
  /** Last touch of an item before it is sent (after hidden columns, embeds and aliases). List replies are cached per role (administrator or not), never per user. */
  present?: (items: Item[], ctx: RequestContext, single: boolean) => Promise<void> | void;
  create?: {
    schema: ZodType<TCreate>;
    /** The columns to insert (`idcard` is set by the machinery). */
    prepare: (input: TCreate, ctx: RequestContext, tx: DbOrTx) => Promise<Item> | Item;
    /** Work that needs the new id (links to other records), in the same transaction; may return the row as it ends up. */
    after?: (saved: RowOf<T>, input: TCreate, ctx: RequestContext, tx: DbOrTx) => Promise<RowOf<T> | void> | RowOf<T> | void;
    /**
     * `after` for many records created together (a batch of an import, write.ts `createItems`), with
     * their inputs in the same order: one statement for all where `after` would take one each (the
     * Traccar and Asaas follow-ups). A resource declares one or the other: a single create runs this
     * one with its one record. May return the rows as they end up, in the same order.
     */
    afterMany?: (saved: RowOf<T>[], inputs: TCreate[], ctx: RequestContext, tx: DbOrTx) => Promise<RowOf<T>[] | void>;
  };
  update?: {
    schema: ZodType<TUpdate>;
    /** The columns to change; `existing` is locked for the transaction. */
    prepare: (input: TUpdate, existing: RowOf<T>, ctx: RequestContext, tx: DbOrTx) => Promise<Item> | Item;
    after?: (saved: RowOf<T>, existing: RowOf<T>, ctx: RequestContext, tx: DbOrTx) => Promise<void> | void;
  };
  /** Removing also removes the record's uploads (regras/uploads.ts), in the same transaction. */
  remove?: {
    guard?: (existing: RowOf<T>, ctx: RequestContext, tx: DbOrTx) => void | Promise<void>;
    after?: (removed: RowOf<T>, ctx: RequestContext, tx: DbOrTx) => Promise<void> | void;
  };
}

/** A list request as the route parsed it: paging, pesquisa, order, status and the resource's filters. */
export type ListParams = ListQuery & Item;

/** How a large list page is read (`tuning`). */
export interface ListTuning {
  /**
   * What the list orders by in place of the `id` column, for some queries: an expression (`id + 0`)
   * keeps PostgreSQL from walking the primary key to find a narrow slice far from the newest rows
   * (a month of service orders, bench/README.md), so it reads that slice through its own index.
   */
  idOrder?: (query: ListParams) => SQL | undefined;
  /**
   * Pick the page's ids first (from an index that holds the filtered and sorted columns), then read
   * only those rows: for lists whose filters leave thousands of wide rows to sort (bench/README.md).
   */
  deferPage?: boolean;
  /**
   * Whether this query's total comes from the same read as its page: one aggregate over the rows it
   * selects gives their count and the page's ids (sorted in the aggregate), then only those rows are
   * read. Worth it where the page reads every selected row anyway (ordered by an `idOrder`) and they
   * are few enough to sort in memory (thousands: a month of service orders, bench/README.md);
   * hundreds of thousands cost less counted apart, beside the page's top-N sort. Applies to the
   * order by id only: a page sorted by a column may read that column's index and stop early.
   */
  countWithPage?: (query: ListParams) => boolean;
}

/** A list's extra filters: their zod shape, and the conditions they make (`listFilters`). */
export interface ListFilters {
  shape: Record<string, ZodType>;
  where: (query: ListParams) => (SQL | undefined)[];
}

/**
 * Declares a list's extra filters: `where` gets the query as the shape parsed it (an id filter is a
 * number, a date filter a calendar date), each absent one undefined.
 */
export const listFilters = <S extends Record<string, ZodType>>(
  shape: S,
  where: (query: ListQuery & { [K in keyof S]: z.output<S[K]> }) => (SQL | undefined)[],
): ListFilters => ({ shape, where: where as ListFilters['where'] });

/** Declares a resource with its table's row type flowing into every hook. */
export const defineResource = <T extends ResourceTable, TCreate = unknown, TUpdate = TCreate>(
  definition: ResourceDefinition<T, TCreate, TUpdate>,
) => definition;

/** A definition of any table, as the registry of resources holds them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- hooks are contravariant in their row type
export type AnyResource = ResourceDefinition<any, any, any>;

/** Every signed-in staff member reads and writes the business records (DESIGN 4). */
export const STAFF_ACCESS = { list: 'user', read: 'user', create: 'user', update: 'user', remove: 'user' } as const;
