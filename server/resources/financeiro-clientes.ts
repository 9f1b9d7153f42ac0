/**
 * A client's changes reach its finance records: the search text of its contracts, subscriptions
 * and charges (found by the client's name and document, DESIGN 9) and the copy of its data each
 * subscription keeps (resources/assinaturas.ts). Called by the client's update, in its transaction.
 */
import { eq } from 'drizzle-orm';
import { clienteDocumento, clienteNome } from '../../domain/clientes';
import type { DbOrTx } from '../db/client';
import { assinaturas, clientes, cobrancas, contratos } from '../db/schema';
import { buscaOf } from './records';
import type { AnyResource } from './definition';
import { clienteCopy, assinaturasResource } from './assinaturas';
import { cobrancasResource } from './cobrancas';
import { contratosResource } from './contratos';
import { clienteFinanceColumns, type ClienteFinance } from '../services/finance';

/** Clients whose finance records must follow: the name, document or subscription copy changed. */
export function financeDataChanged(before: ClienteFinance, after: ClienteFinance) {
  return Object.keys(clienteFinanceColumns).some((key) => before[key as keyof ClienteFinance] !== after[key as keyof ClienteFinance]);
}

export async function followClient(tx: DbOrTx, idcliente: number) {
  const [client] = await tx.select(clienteFinanceColumns).from(clientes).where(eq(clientes.id, idcliente));
  if (!client) return;
  const search = { clienteNome: clienteNome(client), clienteDocumento: clienteDocumento(client) };
  await tx.update(assinaturas).set(clienteCopy(client)).where(eq(assinaturas.idcliente, idcliente));
  const tables = [
    [contratosResource, contratos],
    [assinaturasResource, assinaturas],
    [cobrancasResource, cobrancas],
  ] as const;
  for (const [resource, table] of tables) {
    const rows = (await tx.select().from(table).where(eq(table.idcliente, idcliente))) as Record<string, unknown>[];
    for (const row of rows) {
      const busca = buscaOf(resource as AnyResource, { ...row, ...search });
      if (busca !== row.busca)
        await tx
          .update(table)
          .set({ busca })
          .where(eq(table.id, row.id as number));
    }
  }
}
