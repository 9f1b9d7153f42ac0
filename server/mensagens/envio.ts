/**
 * Staff's Enviar (DESIGN sections 5, 7 and 9), of one record or of many charges: a contract's link
 * or a charge's novacobranca message to its client, stored with its delivery job in the caller's
 * transaction when the one rule of what may go (`recusaDoEnvio`, mensagens.ts) lets it. A charge
 * with a message stored in the last 10 minutes is not sent again unless `reenviar` (staff
 * confirmed it, issue 30).
 *
 * `respostaDoEnvio` turns a refusal of one record into its HTTP answer: unknown record 404; a
 * cancelled or received charge 409; a client marked "Não enviar mensagens" 409 (the client's wish
 * holds for every message), the channel inactive 409, a client without a mobile phone 409; sent a
 * moment ago 409 with `errors.reenviar`.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { clienteNome } from '../../domain/clientes';
import { comEmpresa, fillTemplate } from '../../domain/financeiro';
import { formatNumero } from '../../domain/formatters';
import { MSG } from '../../domain/messages';
import { enviadaHa, MSG_PAGAMENTO } from '../../domain/pagamento';
import type { DbOrTx } from '../db/client';
import { clientes, cobrancas, contratos } from '../db/schema';
import type { JobQueue } from '../queue/boss';
import { getCompany } from '../regras/company';
import { conflict, notFound } from '../regras/http-errors';
import { alertValues } from './alertas';
import { enqueueEnvio, envioRecente, mobileOf, MOTIVO, recipientColumns, recusaDoEnvio, type Recusa } from './mensagens';

/** What staff's Enviar did: the message stored, or why not (`motivo`, in pt-BR). */
export type Envio = { enviada: true } | { enviada: false; recusa: Recusa | 'naoEncontrada' | 'recente'; motivo: string };

/** Why staff's Enviar of a charge sent nothing, as sending many lists it. */
const MOTIVO_DO_ENVIAR: Record<Recusa, string> = {
  cancelada: MSG_PAGAMENTO.envioCancelada,
  recebida: MSG_PAGAMENTO.envioRecebida,
  naoEnviar: MOTIVO.naoEnviar,
  whatsInativo: MOTIVO.whatsInativo,
  semCelular: MOTIVO.semCelular,
};
const recusado = (recusa: Recusa | 'naoEncontrada' | 'recente', motivo: string): Envio => ({ enviada: false, recusa, motivo });

/**
 * Staff's Enviar of a charge, alone or among many (each in its own transaction): its novacobranca
 * message rendered now, in the caller's transaction, when `recusaDoEnvio` lets it go; a charge
 * sent in the last REENVIO_MINUTOS is not sent again unless `reenviar` (issue 30).
 */
export async function enviarCobranca(tx: DbOrTx, queue: JobQueue, id: number, { reenviar = false } = {}): Promise<Envio> {
  const [row] = await tx
    .select({ cobranca: cobrancas, client: recipientColumns })
    .from(cobrancas)
    .innerJoin(clientes, eq(clientes.id, cobrancas.idcliente))
    .where(eq(cobrancas.id, id))
    // Two sends of one charge take turns: the second sees the first's message.
    .for('update', { of: cobrancas });
  if (!row) return recusado('naoEncontrada', MSG_PAGAMENTO.naoEncontrada);
  const company = await getCompany(tx);
  const recusa = recusaDoEnvio(company, row.client, row.cobranca);
  if (recusa) return recusado(recusa, MOTIVO_DO_ENVIAR[recusa]);
  const minutos = reenviar ? null : await envioRecente(tx, id);
  if (minutos !== null) return recusado('recente', enviadaHa(minutos));
  await enqueueEnvio(tx, queue, {
    key: `enviar:cobrancas:${id}:${randomUUID()}`,
    idcliente: row.cobranca.idcliente,
    idcobranca: id,
    destino: mobileOf(row.client),
    texto: fillTemplate(
      comEmpresa(String(company.integrations.alertas.novacobranca)),
      alertValues(row.cobranca, clienteNome(row.client), company.dadosempresa.nome),
    ),
  });
  return { enviada: true };
}

/**
 * Staff's Enviar of a contract: its public page's link (`origem`, the app's address) to the
 * client, in the caller's transaction, when `recusaDoEnvio` lets it go.
 */
export async function enviarContrato(tx: DbOrTx, queue: JobQueue, id: number, origem: string): Promise<Envio> {
  const [row] = await tx
    .select({ contrato: { id: contratos.id, idcliente: contratos.idcliente, token: contratos.token }, client: recipientColumns })
    .from(contratos)
    .innerJoin(clientes, eq(clientes.id, contratos.idcliente))
    .where(eq(contratos.id, id));
  if (!row) return recusado('naoEncontrada', MSG.notFound);
  const company = await getCompany(tx);
  const recusa = recusaDoEnvio(company, row.client);
  if (recusa) return recusado(recusa, MOTIVO_DO_ENVIAR[recusa]);
  const empresa = company.dadosempresa.nome;
  const link = `${origem}/static/contrato/${row.contrato.token}`;
  await enqueueEnvio(tx, queue, {
    key: `enviar:contratos:${id}:${randomUUID()}`,
    idcliente: row.contrato.idcliente,
    idcontrato: id,
    destino: mobileOf(row.client),
    texto: `Olá, ${clienteNome(row.client)}! Segue o seu contrato nº ${formatNumero(id)}${empresa ? ` com ${empresa}` : ''}: ${link}`,
  });
  return { enviada: true };
}

/** The 409's words of a refused Enviar of one record, where they are not those of sending many. */
const RECUSA_409: Partial<Record<Recusa, string>> = {
  naoEnviar: MSG.clienteOptedOut,
  whatsInativo: MSG.messagingInactive,
  semCelular: MSG.noMobilePhone,
};

/** The HTTP answer to staff's Enviar of one record (see above). */
export function respostaDoEnvio(envio: Envio) {
  if (envio.enviada) return { message: MSG.sent };
  if (envio.recusa === 'naoEncontrada') throw notFound();
  if (envio.recusa === 'recente') throw conflict(envio.motivo, { reenviar: envio.motivo });
  throw conflict(RECUSA_409[envio.recusa] ?? envio.motivo);
}
