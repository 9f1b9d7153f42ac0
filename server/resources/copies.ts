/**
 * Records that keep a copy of another record's fields (a vehicle, an order, a contract, a
 * subscription and a charge are found by their client's name and document; a subscription keeps
 * the client's data): each declares it (`copia` in its definition), and this one refresher keeps
 * every copy current when the source changes, in the source's transaction.
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import type { AnyResource, Item } from './definition';
import { buscaOf } from './records';

/** JSON with sorted keys: the same copy whatever the order its fields came in. */
const stable = (value: Item) => JSON.stringify(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)));

/** The copies `copier` keeps of `before`, brought to `after` (the source record, saved). */
export async function refreshCopies(tx: DbOrTx, copier: AnyResource, before: Item, after: Item): Promise<void> {
  const copia = copier.copia!;
  const was = { ...copia.busca(before), ...copia.colunas?.(before) };
  const now = { ...copia.busca(after), ...copia.colunas?.(after) };
  if (stable(was) === stable(now)) return;
  const id = after.id as number;
  const colunas = copia.colunas?.(after) ?? {};
  if (Object.keys(colunas).length)
    await tx
      .update(copier.table)
      .set(colunas as never)
      .where(eq(copia.key, id));
  const search = copia.busca(after);
  const rows = (await tx.select().from(copier.table).where(eq(copia.key, id))) as Item[];
  for (const row of rows) {
    const busca = buscaOf(copier, { ...row, ...colunas, ...search });
    if (busca !== row.busca)
      await tx
        .update(copier.table)
        .set({ busca } as never)
        .where(eq(copier.table.id, row.id as number));
  }
}
