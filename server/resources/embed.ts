/** Helpers for presenting a page of rows: drop internal columns in place, fetch embedded records in one query. */
import { inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';

type Row = Record<string, any>;

/** Rows are fresh from the driver: strip in place (copying rows is measurably slow, bench/README.md). */
export function dropColumns<T extends Row>(rows: T[], columns: readonly string[]): T[] {
  for (const row of rows) for (const column of columns) delete row[column];
  return rows;
}

/** The records `ids` point to (0 and duplicates skipped), by id, read in one query. */
export async function recordsById<C extends Record<string, PgColumn>>(
  db: DbOrTx,
  table: PgTable,
  idColumn: PgColumn,
  columns: C,
  ids: number[],
): Promise<Map<number, { [K in keyof C]: any }>> {
  const wanted = [...new Set(ids.filter((id) => id > 0))];
  if (!wanted.length) return new Map();
  const rows = await db.select(columns).from(table).where(inArray(idColumn, wanted));
  return new Map(rows.map((row: any) => [row.id as number, row]));
}
