/**
 * The five routes of a resource (DESIGN section 5), written once: list, read, create, update and
 * remove. Access is checked before the body is read (plugins/auth.ts, from `access`); every
 * multi-step change runs in one transaction, the row locked for updates and removals.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { isAdmin } from '../../domain/permissions';
import { idParam, listQuery, sortParam, statusFilter } from '../../domain/schemas/list';
import type { Db } from '../db/client';
import { versoes } from '../db/schema';
import { removeOwnedUploads } from '../regras/uploads';
import type { Effects } from '../cobrancas/effects';
import type { AnyResource, Item, RequestContext } from './definition';
import { VersionsReader, type ListCaches } from './list-cache';
import { listKeys, listMeta, listRows, type ListParams } from './list-query';
import { copiersOf, createItem, updateItem } from './write';
import { findById, findByIdForUpdate, presentItems } from './records';

const contextOf = (db: Db, request: FastifyRequest, effects: Effects): RequestContext => ({ db, request, user: request.user!, effects });

/** The tables a list reply depends on: its own and those of its embedded records. */
export const tablesRead = (def: AnyResource) => [
  def.name,
  ...(def.embeds ?? []).map((embedded) => embedded.table),
  ...(def.listTables ?? []),
];

/** Every table's version, by a statement prepared once, read for the requests waiting (list-cache.ts). */
function versionsReader(db: Db) {
  // A table's version is the sum of its sessions' rows (migration 0010).
  const statement = db
    .select({ tabela: versoes.tabela, versao: sql<number>`sum(${versoes.versao})::bigint`.mapWith(Number) })
    .from(versoes)
    .groupBy(versoes.tabela)
    .prepare('versoes_todas');
  return new VersionsReader(async () => new Map((await statement.execute()).map((row) => [row.tabela, row.versao])));
}

/**
 * The five routes of `def`. `all`: every resource, so an update of `def` refreshes the records
 * that copy its fields (`copia`, copies.ts).
 */
export function registerResource(
  app: FastifyInstance,
  db: Db,
  def: AnyResource,
  caches: ListCaches = {},
  all: readonly AnyResource[] = [],
) {
  const copiers = copiersOf(def, all);
  const { effects } = app;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = `/v1/${def.name}`;
  const tags = [def.name];
  // Every filter with a fixed set of values is an enum: `status` is the resource's own, or absent.
  const query = (def.status ? listQuery.extend({ status: statusFilter(def.status.values) }) : listQuery.omit({ status: true })).extend({
    sort: sortParam(Object.keys(def.sortable)),
    ...def.filters?.shape,
  });
  const { access } = def;

  // One reader of the versions for every resource given these caches.
  const versions = (caches.versions ??= versionsReader(db));
  const tables = tablesRead(def).toSorted();
  /** The versions a list reply depends on, as one text ("chips:12,trackres:40"). */
  const versionsKey = (all: Map<string, number>) => tables.map((table) => `${table}:${all.get(table) ?? 0}`).join(',');

  r.get(
    base,
    { schema: { tags, summary: `Lista ${def.name}`, querystring: query }, config: { access: access.list } },
    async (request, reply) => {
      const q = request.query as ListParams;
      const list = async () => {
        const { rows, total, extras } = await listRows(db, def, q, caches);
        // A summary's `meta` (the stock's `resumo`) joins the paging fields.
        const { meta, ...rest } = extras as { meta?: Item };
        const Items = await presentItems(def, rows, contextOf(db, request, effects), false);
        return { meta: { ...listMeta(q, total), ...meta }, Items, ...rest };
      };
      if (!caches.pageCache) return list();
      // Read before the page: a reply is only ever stored under versions at most as new as its rows.
      const current = versionsKey(await versions.current());
      // What `present` shows may depend on the viewer's role (secrets masked for a Usuario): one reply per role.
      const variant = def.listVariant ? `${await def.listVariant(db)}|` : '';
      const key = `${isAdmin(request.user) ? 'admin' : 'staff'}|${variant}${listKeys(def, q).page}`;
      let body = caches.pageCache.get(key, current);
      if (body === undefined) {
        body = JSON.stringify(await list());
        caches.pageCache.set(key, current, body);
      }
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );

  r.get(
    `${base}/:id`,
    { schema: { tags, summary: `Lê um registro de ${def.name}`, params: idParam }, config: { access: access.read } },
    async (request) => {
      const row = await findById(db, def, request.params.id);
      return (await presentItems(def, [row], contextOf(db, request, effects), true))[0];
    },
  );

  if (def.create) {
    const create = def.create;
    r.post(
      base,
      { schema: { tags, summary: `Cria em ${def.name}`, body: create.schema as z.ZodType }, config: { access: access.create } },
      async (request, reply) => {
        const ctx = contextOf(db, request, effects);
        const saved = await db.transaction((tx) => createItem(tx, def, request.body, ctx));
        reply.code(201);
        return (await presentItems(def, [saved], ctx, true))[0];
      },
    );
  }

  if (def.update) {
    const update = def.update;
    r.put(
      `${base}/:id`,
      {
        schema: { tags, summary: `Atualiza em ${def.name}`, params: idParam, body: update.schema as z.ZodType },
        config: { access: access.update },
      },
      async (request) => {
        const ctx = contextOf(db, request, effects);
        const saved = await db.transaction((tx) => updateItem(tx, def, request.params.id, request.body, ctx, copiers));
        return (await presentItems(def, [saved], ctx, true))[0];
      },
    );
  }

  if (def.remove) {
    const remove = def.remove;
    r.delete(
      `${base}/:id`,
      { schema: { tags, summary: `Remove de ${def.name}`, params: idParam }, config: { access: access.remove } },
      async (request) => {
        const ctx = contextOf(db, request, effects);
        const removed = await db.transaction(async (tx) => {
          const existing = await findByIdForUpdate(tx, def, request.params.id);
          await remove.guard?.(existing, ctx, tx);
          await tx.delete(def.table).where(eq(def.table.id, request.params.id));
          await removeOwnedUploads(tx, def.name, request.params.id);
          await remove.after?.(existing, ctx, tx);
          return existing;
        });
        return (await presentItems(def, [removed], ctx, true))[0];
      },
    );
  }
}
