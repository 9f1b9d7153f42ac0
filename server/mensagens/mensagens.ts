/**
 * WhatsApp messages (DESIGN 7, issue 10): alerts about charges (alertas.ts) and the staff's
 * "Enviar" (envio.ts), delivered one job per message (entrega.ts).
 *
 * A message is a `mensagens` row with a unique key, written in the transaction of the change that
 * causes it, together with its queue job (queue/boss.ts). An alert's key is (charge, kind,
 * occurrence): a replay, a retry, a restart or two app processes can never make a second one. A
 * client marked "Não enviar mensagens", WhatsApp off or no mobile phone: the row is ignorada, with why.
 */
import { and, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { clientes, mensagens } from '../db/schema';
import type { WhatsConfig } from '../integrations/evolution';
import { QUEUES, type JobQueue } from '../queue/boss';
import { companySecrets, integrationActive, type CompanySettings } from '../regras/company';
import { REENVIO_MINUTOS } from '../../domain/pagamento';
import { cobrancaPagavel } from '../../domain/cobranca';
import { COBRANCA_STATUS } from '../../domain/financeiro';

import { ALERT_KINDS, type AlertKind } from '../../domain/mensagens';

export { ALERT_KINDS, type AlertKind };

/**
 * The alerts that wait the company's `esperaMinutos` before they go (issue 30 item 8): a charge's
 * "nova cobrança" and "cobrança atualizada". Their job starts after the wait (pg-boss' startAfter,
 * in the database: a restart keeps it), and delivery renders them again from the charge as it is
 * then: a value corrected meanwhile goes corrected, in one message; a charge cancelled or received
 * meanwhile sends nothing (removed: its messages go with it).
 */
export const ALERTAS_COM_ESPERA: readonly AlertKind[] = ['novacobranca', 'atualizada'];
export const comEspera = (kind: string) => (ALERTAS_COM_ESPERA as readonly string[]).includes(kind);

export const MENSAGEM_STATUS = ['pendente', 'enviando', 'enviada', 'falhou', 'ignorada'] as const;

export const MOTIVO = {
  naoEnviar: 'O cliente está marcado para não receber mensagens.',
  whatsInativo: 'A integração com o WhatsApp não está ativa.',
  semCelular: 'O cliente não tem celular cadastrado.',
  emDuvida: 'O envio foi interrompido; verificado no WhatsApp antes de reenviar.',
  verificar: 'Será verificado no WhatsApp antes de qualquer reenvio.',
  canceladaAntes: 'A cobrança foi cancelada antes do envio.',
  recebidaAntes: 'A cobrança foi recebida antes do envio.',
  enviadaPelaEquipe: 'A equipe enviou a cobrança antes do fim da espera.',
} as const;

/** Digits with the country code, as Evolution wants them: 11 987654321 → 5511987654321. */
export function whatsNumber(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (!digits) return '';
  return digits.length <= 11 ? `55${digits}` : digits;
}

export interface Recipient {
  cadastro: string;
  name: string;
  razaosocial: string;
  mobilePhone: string;
  contatos: Array<Record<string, string>>;
  naoEnviarMensagens: boolean;
}

export const mobileOf = (client: Pick<Recipient, 'mobilePhone' | 'contatos'>) =>
  client.mobilePhone || client.contatos.find((contato) => contato.mobilePhone)?.mobilePhone || '';

export const recipientColumns = {
  cadastro: clientes.cadastro,
  name: clientes.name,
  razaosocial: clientes.razaosocial,
  mobilePhone: clientes.mobilePhone,
  contatos: clientes.contatos,
  naoEnviarMensagens: clientes.naoEnviarMensagens,
};

/** Why nothing may go to a client (`recusaDoEnvio`). */
export type Recusa = 'cancelada' | 'recebida' | 'naoEnviar' | 'whatsInativo' | 'semCelular';

/**
 * May we message this client, and about this charge? The one rule (issue 31) of the alerts, staff's
 * Enviar of a charge or a contract and sending many; null when the message may go, else why not:
 * - about a charge (its novacobranca or atualizada when it goes, staff's Enviar): only while the
 *   client can still pay it, a cancelled or received charge sends none. The alerts of those
 *   changes themselves (recebida, cancelada) are asked without the charge;
 * - the client chose "Não enviar mensagens" (the client's wish holds for every message);
 * - WhatsApp is off; the client has no mobile phone.
 */
export function recusaDoEnvio(company: CompanySettings, client: Recipient | undefined, cobranca?: { status: number }): Recusa | null {
  if (cobranca && !cobrancaPagavel(cobranca)) return cobranca.status === COBRANCA_STATUS.CANCELADA ? 'cancelada' : 'recebida';
  if (client?.naoEnviarMensagens) return 'naoEnviar';
  if (!integrationActive(company, 'whats')) return 'whatsInativo';
  if (!client || !mobileOf(client)) return 'semCelular';
  return null;
}

/** A refused alert's reason, as its message row keeps it. */
const MOTIVO_DA_RECUSA: Record<Recusa, string> = {
  cancelada: MOTIVO.canceladaAntes,
  recebida: MOTIVO.recebidaAntes,
  naoEnviar: MOTIVO.naoEnviar,
  whatsInativo: MOTIVO.whatsInativo,
  semCelular: MOTIVO.semCelular,
};

/** Why an alert to this client (about this charge) is not sent, or null (`recusaDoEnvio`'s reason in words). */
export function skipReason(company: CompanySettings, client: Recipient | undefined, cobranca?: { status: number }): string | null {
  const recusa = recusaDoEnvio(company, client, cobranca);
  return recusa && MOTIVO_DA_RECUSA[recusa];
}

/** The job of a message: its id is derived from the key, so enqueuing it twice stores one job while it lives. */
const jobOf = (row: { id: number; key: string }, startAfter?: Date) => ({
  data: { id: row.id },
  singletonKey: row.key,
  ...(startAfter ? { startAfter } : {}),
});

export type NewMensagem = typeof mensagens.$inferInsert;

/**
 * Stores messages (a key already there is left alone) and enqueues a job for each new pending one;
 * a row whose `proximaTentativa` is in the future (an alert's wait) gets a job that starts then.
 */
export async function store(tx: DbOrTx, queue: JobQueue, rows: NewMensagem[]): Promise<number> {
  let created = 0;
  const now = Date.now();
  const startOf = new Map(
    rows.flatMap((row) =>
      row.proximaTentativa instanceof Date && row.proximaTentativa.getTime() > now ? [[row.key, row.proximaTentativa]] : [],
    ),
  );
  for (let i = 0; i < rows.length; i += 500) {
    const inserted = await tx
      .insert(mensagens)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing({ target: mensagens.key })
      .returning({ id: mensagens.id, key: mensagens.key, status: mensagens.status });
    created += inserted.length;
    await queue.sendMany(
      tx,
      QUEUES.mensagem.name,
      inserted.filter((row) => row.status === 'pendente').map((row) => jobOf(row, startOf.get(row.key))),
    );
  }
  return created;
}

/**
 * Minutes since the newest message about the charge that went or is going (pendente, enviando,
 * enviada), when it was stored within `REENVIO_MINUTOS`; null otherwise. Enviar asks before sending
 * such a charge again (issue 30).
 */
export async function envioRecente(tx: DbOrTx, idcobranca: number): Promise<number | null> {
  const [row] = await tx
    .select({ minutos: sql<number>`floor(extract(epoch FROM now() - ${mensagens.createdAt}) / 60)::int` })
    .from(mensagens)
    .where(
      and(
        eq(mensagens.idcobranca, idcobranca),
        // What went or is going: an alert still pending in its wait (ALERTAS_COM_ESPERA) has not
        // gone, and this send takes its place (enqueueEnvio), so the client gets one.
        or(
          inArray(mensagens.status, ['enviando', 'enviada']),
          and(eq(mensagens.status, 'pendente'), notInArray(mensagens.kind, [...ALERTAS_COM_ESPERA])),
        ),
        sql`${mensagens.createdAt} > now() - make_interval(mins => ${REENVIO_MINUTOS})`,
      ),
    )
    .orderBy(sql`${mensagens.id} DESC`)
    .limit(1);
  return row ? Math.max(0, Number(row.minutos)) : null;
}

/**
 * The staff's "Enviar" of a contract or a charge: always a new message (key with a nonce), shown
 * in the charge's log too. The caller checked that WhatsApp is active and the client has a mobile.
 */
export async function enqueueEnvio(
  tx: DbOrTx,
  queue: JobQueue,
  message: { key: string; idcliente: number; idcobranca?: number; idcontrato?: number; destino: string; texto: string },
): Promise<void> {
  // The charge's own message still waiting would say the same again: this one goes instead.
  if (message.idcobranca)
    await tx
      .update(mensagens)
      .set({ status: 'ignorada', motivo: MOTIVO.enviadaPelaEquipe, updatedAt: new Date() })
      .where(
        and(
          eq(mensagens.idcobranca, message.idcobranca),
          inArray(mensagens.kind, [...ALERTAS_COM_ESPERA]),
          eq(mensagens.status, 'pendente'),
        ),
      );
  await store(tx, queue, [{ ...message, kind: 'envio', destino: whatsNumber(message.destino), status: 'pendente' }]);
}

export const whatsConfig = (company: CompanySettings): WhatsConfig => ({
  server: String(company.integrations.whats.server ?? ''),
  instance: String(company.integrations.whats.instance ?? ''),
  token: String(company.integrations.whats.token ?? ''),
  secrets: companySecrets(company),
});
