/**
 * The column helpers the tables share: a business record's keys, timestamps, a required link, the search text under a trigram
 * index, a partial index's "is set" condition, the postal address and a stock unit's place.
 */
import { sql } from 'drizzle-orm';
import type { AnyPgColumn, ExtraConfigColumn, PgColumn } from 'drizzle-orm/pg-core';
import { customType, index, integer, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
/** A business record's keys: its id and `idcard`, the user who created it (DESIGN 4, tenancy). */
export const recordKeys = () => ({ id: serial().primaryKey(), idcard: integer().notNull().default(0) });
/** The row's creation and last change, as most tables keep them. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });
/** A required link to another table's row: `integer NOT NULL REFERENCES … ON DELETE …`. */
export const linkTo = (target: () => AnyPgColumn, onDelete: 'cascade' | 'restrict') => integer().notNull().references(target, { onDelete });
/** A partial index's condition: the rows where `column` is set. */
export const isSet = (column: ExtraConfigColumn) => sql`${column} IS NOT NULL`;
export const busca = () => text().notNull().default('');
export const trgm = (name: string, column: ExtraConfigColumn) => index(name).using('gin', column.op('gin_trgm_ops'));

/** Postal address, shared by users, clients and subscriptions. */
export const addressColumns = () => ({
  address: text().notNull().default(''),
  addressNumber: text().notNull().default(''),
  province: text().notNull().default(''),
  cityandstate: text().notNull().default(''),
  uf: text().notNull().default(''),
  postalCode: text().notNull().default(''),
  complement: text().notNull().default(''),
});

/** A table's postal address columns (those of `addressColumns`), to select them together. */
type AddressField = keyof ReturnType<typeof addressColumns>;
export const addressOf = <T extends Record<AddressField, PgColumn>>(table: T): Pick<T, AddressField> => ({
  address: table.address,
  addressNumber: table.addressNumber,
  province: table.province,
  cityandstate: table.cityandstate,
  uf: table.uf,
  postalCode: table.postalCode,
  complement: table.complement,
});

/**
 * Where a tracker or a SIM card is (DESIGN 10, "Stock and imports"): estoque, tecnico (with
 * idtecnico), instalado (follows the link), manutencao, baixado (with motivo).
 */
export const stockColumns = () => ({
  situacao: text().notNull().default('estoque'),
  idtecnico: integer(),
  motivo: text().notNull().default(''),
});
