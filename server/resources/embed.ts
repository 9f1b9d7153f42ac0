/**
 * Records embedded in a resource's items (a vehicle's `cliente` and `device`, a tracker's
 * `Veiculo`), each declared once: `embed()` yields the correlated subquery a list's page query
 * reads them with (one round trip, one reusable statement), the fetch that fills them on rows read
 * otherwise (a single read, a saved row), and the table whose writes change the list.
 */
import { getTableColumns, getTableName, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';

/** A record as the resources read and write it. */
export type Item = Record<string, unknown>;

export interface Embed {
  /** The field of the item that holds the record. */
  name: string;
  /**
   * The table whose version says the embedded record changed: its own, or the one named by
   * `versionedBy` when its own changes too often to version (the fleet's state, on every position).
   */
  table: string;
  /** `(SELECT json_build_object(…) FROM … WHERE id = <key>)`, selected by the page query as `name`. */
  listColumn: SQL;
  /** Fills `name` on rows read without it, in one query for all of them. */
  fill(db: DbOrTx, rows: Item[]): Promise<void>;
}

/** The property name of `column` in its table (`veiculos.idcliente` → 'idcliente'). */
function propertyOf(column: PgColumn): string {
  const entry = Object.entries(getTableColumns(column.table)).find(([, candidate]) => candidate === column);
  if (!entry) throw new Error(`column ${column.name} not found in its table`);
  return entry[0];
}

/**
 * `key` is the column of the resource's table pointing at the record (0 or null: none);
 * `columns` are what the item carries of it, `id` first.
 */
export function embed<C extends { id: PgColumn } & Record<string, PgColumn>>(
  name: string,
  options: { table: PgTable; key: PgColumn; columns: C; versionedBy?: string },
): Embed {
  const { table, key, columns, versionedBy } = options;
  const pairs = sql.join(
    // Field names are this file's callers' constants, written into the statement (not parameters).
    Object.entries(columns).map(([field, column]) => sql`${sql.raw(`'${field.replace(/'/g, "''")}'`)}, ${column}`),
    sql`, `,
  );
  const keyProperty = propertyOf(key);
  return {
    name,
    table: versionedBy ?? getTableName(table),
    listColumn: sql`(SELECT json_build_object(${pairs}) FROM ${table} WHERE ${columns.id} = ${key})`,
    async fill(db, rows) {
      const ids = [...new Set(rows.map((row) => Number(row[keyProperty])).filter((id) => id > 0))];
      const found = ids.length ? await db.select(columns).from(table).where(inArray(columns.id, ids)) : [];
      const byId = new Map(found.map((record) => [Number((record as Item).id), record]));
      for (const row of rows) row[name] = byId.get(Number(row[keyProperty])) ?? null;
    },
  };
}

/** The technician a stock unit or an order is with (`idtecnico`): their id and name. */
export const tecnicoEmbed = (key: PgColumn) => embed('tecnico', { table: users, key, columns: { id: users.id, name: users.name } });
