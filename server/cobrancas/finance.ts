/** What contracts, subscriptions and charges share: their client, read once per write, and the company's default rates. */
import { eq } from 'drizzle-orm';
import { clienteDocumento, clienteNome } from '../../domain/clientes';
import { DEFAULT_RATES } from '../../domain/financeiro';
import { MSG } from '../../domain/messages';
import type { DbOrTx } from '../db/client';
import { assinaturas, clientes } from '../db/schema';
import { badRequest } from '../regras/http-errors';
import { getCompany } from '../regras/company';

/** The client's fields a finance record copies, searches by or shows. */
export const clienteFinanceColumns = {
  id: clientes.id,
  cadastro: clientes.cadastro,
  name: clientes.name,
  razaosocial: clientes.razaosocial,
  cpf: clientes.cpf,
  cnpj: clientes.cnpj,
  incmunicipal: clientes.incmunicipal,
  incestdudal: clientes.incestdudal,
  email: clientes.email,
  phone: clientes.phone,
  mobilePhone: clientes.mobilePhone,
};
export type ClienteFinance = { [K in keyof typeof clienteFinanceColumns]: (typeof clientes.$inferSelect)[K] };

/** The record's client, share-locked until the transaction ends (it cannot be removed meanwhile); unknown: 400. */
export async function financeClient(tx: DbOrTx, idcliente: number): Promise<ClienteFinance> {
  const [client] = await tx.select(clienteFinanceColumns).from(clientes).where(eq(clientes.id, idcliente)).for('share');
  if (!client) throw badRequest(MSG.clienteNotFound, { idcliente: MSG.clienteNotFound });
  return client;
}

/** The finance columns of a client row (any row of `clientes`). */
export const financeFieldsOf = (client: Record<string, unknown>) =>
  Object.fromEntries(Object.keys(clienteFinanceColumns).map((key) => [key, client[key]])) as ClienteFinance;

/** What a finance record's search text takes from its client: the name shown and the document. */
export const clienteSearch = (client: ClienteFinance) => ({ clienteNome: clienteNome(client), clienteDocumento: clienteDocumento(client) });

/** Fine and monthly interest (%) of one-off charges: the company's, or 2 and 1 (DESIGN 7). */
/** A subscription's rates (fine and monthly interest, %): its charges take them, a one-off charge the company's. */
export const assinaturaRatesColumns = { multa: assinaturas.multa, jurosmensal: assinaturas.jurosmensal };

export async function companyRates(db: DbOrTx): Promise<{ multa: number; jurosmensal: number }> {
  const { dadosempresa } = await getCompany(db);
  const rate = (value: unknown, fallback: number) => (value === undefined || value === null || value === '' ? fallback : Number(value));
  return {
    multa: rate((dadosempresa as Record<string, unknown>).multa, DEFAULT_RATES.multa),
    jurosmensal: rate((dadosempresa as Record<string, unknown>).jurosmensal, DEFAULT_RATES.jurosmensal),
  };
}
