/**
 * Staff's Enviar of one record (DESIGN sections 5, 7 and 9): a contract's link or a charge's
 * novacobranca message to its client, stored with its delivery job in one transaction with the
 * checks: unknown record 404, a client marked "Não enviar mensagens" 409 (the client's wish holds
 * for every message), the channel inactive 409, a client without a mobile phone 409, and a charge
 * with a message stored in the last 10 minutes 409 with `errors.reenviar` unless `reenviar` (staff
 * confirmed it).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { clienteNome } from '../../domain/clientes';
import { MSG } from '../../domain/messages';
import { enviadaHa } from '../../domain/pagamento';
import type { Db, DbOrTx } from '../db/client';
import { clientes } from '../db/schema';
import type { JobQueue } from '../queue/boss';
import { getCompany, integrationActive } from '../regras/company';
import { conflict, notFound } from '../regras/http-errors';
import { enqueueEnvio, envioRecente, mobileOf } from './mensagens';

async function recipient(tx: DbOrTx, idcliente: number) {
  const [client] = await tx
    .select({
      cadastro: clientes.cadastro,
      name: clientes.name,
      razaosocial: clientes.razaosocial,
      mobilePhone: clientes.mobilePhone,
      contatos: clientes.contatos,
      naoEnviarMensagens: clientes.naoEnviarMensagens,
    })
    .from(clientes)
    .where(eq(clientes.id, idcliente));
  return { optedOut: Boolean(client?.naoEnviarMensagens), nome: client ? clienteNome(client) : '', mobile: client ? mobileOf(client) : '' };
}

export interface EnvioAoCliente<R> {
  /** The record, locked when two sends of it must take turns. */
  find: (tx: DbOrTx) => Promise<R | undefined>;
  /** The message's text, to the client's name. */
  compose: (tx: DbOrTx, record: R, nome: string) => Promise<string>;
  kind: 'contratos' | 'cobrancas';
  reenviar?: boolean;
}

/** Sends one message about a record, or refuses why not (see above). */
export async function enviarAoCliente<R extends { id: number; idcliente: number }>(
  db: Db,
  queue: JobQueue,
  { find, compose, kind, reenviar = false }: EnvioAoCliente<R>,
) {
  await db.transaction(async (tx) => {
    const record = await find(tx);
    if (!record) throw notFound();
    const { optedOut, nome, mobile } = await recipient(tx, record.idcliente);
    if (optedOut) throw conflict(MSG.clienteOptedOut);
    if (!integrationActive(await getCompany(tx), 'whats')) throw conflict(MSG.messagingInactive);
    if (!mobile) throw conflict(MSG.noMobilePhone);
    const minutos = kind === 'cobrancas' && !reenviar ? await envioRecente(tx, record.id) : null;
    if (minutos !== null) throw conflict(enviadaHa(minutos), { reenviar: enviadaHa(minutos) });
    const texto = await compose(tx, record, nome);
    await enqueueEnvio(tx, queue, {
      key: `enviar:${kind}:${record.id}:${randomUUID()}`,
      idcliente: record.idcliente,
      ...(kind === 'cobrancas' ? { idcobranca: record.id } : { idcontrato: record.id }),
      destino: mobile,
      texto,
    });
  });
  return { message: MSG.sent };
}
