/** Reading, writing and presenting one resource's records: the pieces routes.ts and the special routes share. */
import { eq, getTableColumns, getTableName, sql } from 'drizzle-orm';
import { searchText } from '../../domain/text';
import type { DbOrTx } from '../db/client';
import { notFound } from '../regras/http-errors';
import type { AnyResource, Item, RequestContext } from './definition';

export async function findById(db: DbOrTx, def: AnyResource, id: number): Promise<Item> {
  const [row] = await db.select().from(def.table).where(eq(def.table.id, id)).limit(1);
  if (!row) throw notFound();
  return row as Item;
}

/** Locks the row for the rest of the transaction so concurrent edits serialize. */
export async function findByIdForUpdate(tx: DbOrTx, def: AnyResource, id: number): Promise<Item> {
  const [row] = await tx.select().from(def.table).where(eq(def.table.id, id)).limit(1).for('update');
  if (!row) throw notFound();
  return row as Item;
}

export const buscaOf = (def: AnyResource, values: Item) => searchText(def.searchFields(values));

const hasIdcard = (def: AnyResource) => 'idcard' in getTableColumns(def.table);

/**
 * Inserts a record with its search text and its creator (`idcard`, DESIGN 4). A record found by its
 * id takes its id from the table's sequence first, so its row is written once, with the id in
 * `busca` (an update after the insert would write the row and its trigram entries twice).
 */
export async function insertRecord(tx: DbOrTx, def: AnyResource, values: Item, creatorId?: number): Promise<Item> {
  const withCreator = creatorId !== undefined && hasIdcard(def) ? { ...values, idcard: creatorId } : values;
  const searchedById = buscaOf(def, { ...withCreator, id: 1 }) !== buscaOf(def, withCreator);
  const id = searchedById && withCreator.id === undefined ? await nextId(tx, def) : withCreator.id;
  const record = id === undefined ? withCreator : { ...withCreator, id };
  const [row] = (await tx
    .insert(def.table)
    .values({ ...record, busca: buscaOf(def, record) } as never)
    .returning()) as Item[];
  return row;
}

/**
 * Inserts many records of `def` in one statement (an import's batch), each with its search text and
 * creator as `insertRecord` gives them; the rows come back in the order of `values`. Their ids are
 * taken from the table's sequence first (one statement), so each row is written once with its id in
 * `busca` and matched to its values by id.
 */
export async function insertRecords(tx: DbOrTx, def: AnyResource, values: Item[], creatorId?: number): Promise<Item[]> {
  if (values.length <= 1) return values.length ? [await insertRecord(tx, def, values[0], creatorId)] : [];
  const creator = creatorId !== undefined && hasIdcard(def) ? { idcard: creatorId } : {};
  const ids = await nextIds(tx, def, values.filter((v) => v.id === undefined).length);
  let next = 0;
  const records = values.map((v) => ({ ...v, ...creator, id: v.id ?? ids[next++] }));
  const rows = (await tx
    .insert(def.table)
    .values(records.map((record) => ({ ...record, busca: buscaOf(def, record) })) as never)
    .returning()) as Item[];
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return records.map((record) => byId.get(Number(record.id))!);
}

/** `n` values of the table's id sequence, in one statement. */
async function nextIds(tx: DbOrTx, def: AnyResource, n: number): Promise<number[]> {
  if (!n) return [];
  const result = (await tx.execute(
    sql`SELECT nextval(pg_get_serial_sequence(${getTableName(def.table)}, 'id'))::int AS id FROM generate_series(1, ${n}::int)`,
  )) as unknown as {
    rows: { id: number }[];
  };
  return result.rows.map((row) => Number(row.id));
}

/** The next value of the table's id sequence. */
async function nextId(tx: DbOrTx, def: AnyResource): Promise<number> {
  const result = (await tx.execute(
    sql`SELECT nextval(pg_get_serial_sequence(${getTableName(def.table)}, 'id'))::int AS id`,
  )) as unknown as {
    rows: { id: number }[];
  };
  return Number(result.rows[0].id);
}

/** Rows are fresh from the driver: strip in place (copying rows is measurably slow, bench/README.md). */
function dropColumns(rows: Item[], columns: readonly string[]) {
  for (const row of rows) for (const column of columns) delete row[column];
}

/**
 * Rows → API items, in place: hidden columns dropped (a list never read them), embedded records
 * filled where the query did not read them, second names added, then the resource's own touch.
 */
export async function presentItems(def: AnyResource, rows: Item[], ctx: RequestContext, single: boolean): Promise<Item[]> {
  dropColumns(rows, ['busca', ...(def.hiddenColumns ?? [])]);
  for (const embedded of def.embeds ?? []) {
    if (rows.some((row) => !(embedded.name in row))) await embedded.fill(ctx.db, rows);
  }
  const aliases = { ...(hasIdcard(def) ? { idCard: 'idcard' } : {}), ...def.aliases };
  for (const row of rows) for (const [alias, field] of Object.entries(aliases)) row[alias] = row[field];
  await def.present?.(rows, ctx, single);
  return rows;
}
