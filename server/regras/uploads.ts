/**
 * Which record owns each kind of upload (DESIGN 9, "upload kinds"), and the one mechanism that
 * removes a record's uploads with it: the generic remove (resources/routes.ts) calls
 * `removeOwnedUploads` for every resource, in the removing transaction.
 */
import { and, eq, getTableName, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { UploadDocumento } from '../../domain/constants';
import type { DbOrTx } from '../db/client';
import { clientes, contratos, ordensservicos, uploads, users, veiculos } from '../db/schema';

/** A table that owns uploads: its records are found by `id`. */
type OwnerTable = PgTable & { id: PgColumn };

export const UPLOAD_OWNERS: Record<UploadDocumento, { table: OwnerTable; userOwned: boolean }> = {
  imgPerfil: { table: users, userOwned: true },
  users: { table: users, userOwned: true },
  cliente: { table: clientes, userOwned: false },
  veiculos: { table: veiculos, userOwned: false },
  ordensservicos: { table: ordensservicos, userOwned: false },
  contratos: { table: contratos, userOwned: false },
  assinatura: { table: ordensservicos, userOwned: false },
};

/** The kinds of upload a table's records own (users: imgPerfil and users). */
export const uploadKindsOf = (tableName: string) =>
  (Object.keys(UPLOAD_OWNERS) as UploadDocumento[]).filter((kind) => getTableName(UPLOAD_OWNERS[kind].table) === tableName);

export async function removeOwnedUploads(tx: DbOrTx, tableName: string, id: number) {
  const kinds = uploadKindsOf(tableName);
  if (kinds.length) await tx.delete(uploads).where(and(inArray(uploads.documento, kinds), eq(uploads.unid, id)));
}
