/**
 * A record's create and update as the routes run them (routes.ts), for every caller that must obey
 * the same rules: the resource's schema-checked input, its prepare and after hooks, the search
 * text, the creator, the copies of its fields (copies.ts). The spreadsheet import
 * (importacao/lote.ts) writes each row through these, so an imported row is what the form would save.
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import type { AnyResource, Item, RequestContext } from './definition';
import { refreshCopies } from './copies';
import { buscaOf, findByIdForUpdate, insertRecord, insertRecords } from './records';

/** The resources that keep copies of `def`'s fields (`copia`). */
export const copiersOf = (def: AnyResource, all: readonly AnyResource[]) => all.filter((other) => other.copia?.de === def.name);

/** Creates a record of `def` from an input its create schema parsed, inside `tx`. */
export async function createItem(tx: DbOrTx, def: AnyResource, input: unknown, ctx: RequestContext): Promise<Item> {
  const create = def.create!;
  const values = await create.prepare(input, ctx, tx);
  const row = await insertRecord(tx, def, values, ctx.user.id);
  if (create.afterMany) return ((await create.afterMany([row], [input], ctx, tx))?.[0] ?? row) as Item;
  return ((await create.after?.(row, input, ctx, tx)) ?? row) as Item;
}

/**
 * Creates many records of `def` at once (an import's batch), inside `tx`: each input through the
 * resource's own prepare, then one multi-row INSERT (records.ts `insertRecords`), then its
 * `afterMany` (or `after` per record). The same rules as `createItem`; the records in input order.
 */
export async function createItems(tx: DbOrTx, def: AnyResource, inputs: unknown[], ctx: RequestContext): Promise<Item[]> {
  const create = def.create!;
  const values: Item[] = [];
  for (const input of inputs) values.push(await create.prepare(input, ctx, tx));
  const rows = await insertRecords(tx, def, values, ctx.user.id);
  if (!rows.length) return rows;
  if (create.afterMany) return ((await create.afterMany(rows, inputs, ctx, tx)) ?? rows) as Item[];
  if (!create.after) return rows;
  const saved: Item[] = [];
  for (let i = 0; i < rows.length; i++) saved.push(((await create.after(rows[i], inputs[i], ctx, tx)) ?? rows[i]) as Item);
  return saved;
}

/** Updates record `id` of `def` (locked for the transaction) from an input its update schema parsed. */
export async function updateItem(
  tx: DbOrTx,
  def: AnyResource,
  id: number,
  input: unknown,
  ctx: RequestContext,
  copiers: readonly AnyResource[],
): Promise<Item> {
  const update = def.update!;
  const existing = await findByIdForUpdate(tx, def, id);
  const values = await update.prepare(input, existing, ctx, tx);
  const [row] = (await tx
    .update(def.table)
    .set({ ...values, busca: buscaOf(def, { ...existing, ...values }), updatedAt: new Date() } as never)
    .where(eq(def.table.id, id))
    .returning()) as Item[];
  await update.after?.(row, existing, ctx, tx);
  for (const copier of copiers) await refreshCopies(tx, copier, existing, row);
  return row;
}
