/**
 * The webhook's side of receiving WhatsApp messages (DESIGN 11, INTEGRATIONS.md 4.2): a
 * `messages.upsert` payload read as a message, and `guardarEvento`, the one transaction that stores
 * the raw event (without its apikey) and its job before the 200. The job's side is recebimento.ts.
 *
 * The moment an event reached the webhook is its `created_at`, read from `relogio()`: a message
 * within 1.5 s of the one the bot last answered shares that reply (recebimento.ts). Tests set the
 * clock (`definirRelogio`) instead of racing the real one.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { onlyDigits } from '../../domain/text';
import type { Db, DbOrTx } from '../db/client';
import { webhookEventos } from '../db/schema';
import { QUEUES, type JobQueue } from '../queue/boss';
import { telefoneDoChat, variantesDoTelefone } from './identificacao';

let relogio: () => Date = () => new Date();
/** The webhook's clock (a test's, or the real one with no argument). */
export function definirRelogio(clock?: () => Date) {
  relogio = clock ?? (() => new Date());
}

export const GATEWAY_EVOLUTION = 'evolution';
const SEM_RESPOSTA = /@(g\.us|broadcast|newsletter)$/;

/** The message of a `messages.upsert` event, as the job reads it. */
export interface MensagemRecebida {
  jid: string;
  idExterno: string;
  fromMe: boolean;
  telefone: string;
  nome: string;
  texto: string;
  tipo: string;
  em: Date;
}

type Payload = Record<string, unknown>;
const obj = (value: unknown): Payload => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Payload) : {});
const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** `messages.upsert` as Evolution names it in the payload; `MESSAGES_UPSERT` as in the config. */
export const eventoDe = (payload: Payload) => str(payload.event).toLowerCase().replace(/_/g, '.');

/** The text of a message's content (INTEGRATIONS.md 4.2: `conversation`, or a caption). */
function textoDe(message: Payload): string {
  const caption = (key: string) => str(obj(message[key]).caption);
  return (
    str(message.conversation) ||
    str(obj(message.extendedTextMessage).text) ||
    caption('imageMessage') ||
    caption('videoMessage') ||
    caption('documentMessage') ||
    str(obj(message.buttonsResponseMessage).selectedDisplayText) ||
    str(obj(obj(message.listResponseMessage).singleSelectReply).selectedRowId)
  );
}

/** `messageTimestamp`: unix seconds, a number or a string (a Long's `{low}` in older servers). */
function momentoDe(value: unknown): Date {
  const seconds = typeof value === 'object' && value !== null ? Number((value as { low?: unknown }).low) : Number(value);
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : new Date();
}

export function mensagemDoEvento(payload: Payload): MensagemRecebida | null {
  if (eventoDe(payload) !== 'messages.upsert') return null;
  const data = obj(payload.data);
  const key = obj(data.key);
  const jid = str(key.remoteJid);
  const idExterno = str(key.id);
  if (!jid || !idExterno) return null;
  const message = obj(data.message);
  return {
    jid,
    idExterno,
    fromMe: key.fromMe === true,
    telefone: telefoneDoChat(jid, str(key.remoteJidAlt)),
    nome: str(data.pushName).slice(0, 200),
    texto: textoDe(message).slice(0, 4096),
    tipo: str(data.messageType) || Object.keys(message)[0] || 'unknown',
    em: momentoDe(data.messageTimestamp),
  };
}

/** The value with every NUL character taken out of its strings (and keys). */
function semNul(value: unknown): unknown {
  if (typeof value === 'string') return value.replaceAll('\u0000', '');
  if (Array.isArray(value)) return value.map(semNul);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key.replaceAll('\u0000', ''), semNul(inner)]));
  return value;
}

/**
 * The webhook's one transaction: the event (without its apikey) and, for a person's message, its job.
 * Returns what was done: 'guardado', 'repetido' or 'ignorado'.
 */
export async function guardarEvento(db: Db, queue: JobQueue, body: Payload): Promise<'guardado' | 'eco' | 'repetido' | 'ignorado'> {
  const { apikey: _apikey, ...sent } = body;
  // PostgreSQL's jsonb holds no NUL character: one inside a text is dropped rather than the message.
  const payload = semNul(sent) as Payload;
  const mensagem = mensagemDoEvento(payload);
  const evento = eventoDe(payload).slice(0, 120) || 'desconhecido';
  const semResposta = !mensagem ? 'Evento sem mensagem a responder.' : SEM_RESPOSTA.test(mensagem.jid) ? 'Grupo, lista ou canal.' : '';
  return db.transaction(async (tx) => {
    // The echo of the product's own send: applied here, as the job would ('eco'), without a job.
    const ecoDoEnvio = !semResposta && mensagem?.fromMe === true && (await eco(tx, mensagem));
    const [stored] = await tx
      .insert(webhookEventos)
      .values({
        gateway: GATEWAY_EVOLUTION,
        eventId: mensagem ? `${mensagem.jid}|${mensagem.idExterno}`.slice(0, 400) : `${evento}|${randomUUID()}`,
        event: evento,
        payload,
        status: semResposta ? 'ignorado' : ecoDoEnvio ? 'aplicado' : 'recebido',
        resultado: ecoDoEnvio ? 'eco' : semResposta,
        processedAt: semResposta || ecoDoEnvio ? new Date() : null,
        createdAt: relogio(),
      })
      .onConflictDoNothing()
      .returning({ id: webhookEventos.id });
    if (!stored) return 'repetido';
    if (semResposta) return 'ignorado';
    if (ecoDoEnvio) return 'eco';
    await queue.send(tx, QUEUES.atendimento.name, { id: stored.id });
    return 'guardado';
  });
}

/**
 * Whether a fromMe message is the product's own send coming back (its id, or its text to the chat a
 * moment ago, being sent or sent). Read by the webhook, which then stores the echo applied with no
 * job (half the jobs of a burst the bot answers), and by the job for one the webhook could not tell.
 */
export async function eco(tx: DbOrTx, msg: MensagemRecebida): Promise<boolean> {
  const destinos = [msg.jid, ...variantesDoTelefone(msg.telefone).map((v) => `55${v}`), onlyDigits(msg.jid.split('@')[0])];
  const list = sql.join(
    destinos.map((d) => sql`${d}`),
    sql`, `,
  );
  const { rows: found } = (await tx.execute(
    sql`(SELECT id FROM mensagens WHERE external_id = ${msg.idExterno} LIMIT 1)
        UNION ALL
        (SELECT id FROM mensagens WHERE destino IN (${list}) AND texto = ${msg.texto} AND status IN ('enviando', 'enviada')
           AND created_at > now() - interval '10 minutes' LIMIT 1)
        LIMIT 1`,
  )) as unknown as { rows: Array<{ id: number }> };
  return found.length > 0;
}
