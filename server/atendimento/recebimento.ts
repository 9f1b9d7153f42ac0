/**
 * Receiving WhatsApp messages (DESIGN 11, INTEGRATIONS.md 4.2). Two steps, each its own transaction:
 *
 * 1. The webhook (`guardarEvento`) stores the raw event in `webhook_eventos` (gateway `evolution`,
 *    id `{remoteJid}|{key.id}`, unique: a repeat stores nothing) with its queue job, and only then
 *    answers 200. Other events, groups, broadcasts and newsletters are stored `ignorado`, with no job.
 *    The payload's `apikey` is never stored.
 * 2. The job (`processarEvento`), under a per-chat lock, applies the event once: the conversation (one
 *    open per chat), its message (unique per chat and WhatsApp id), the bot's decision, its reply in
 *    the outbox under the key `bot:{mensagem.id}` (so at most one, whatever the retries), and the
 *    decision's log; the event is marked aplicado in the same transaction. A process killed after the
 *    200 leaves the job, and the next process replies once.
 *
 * A `fromMe` message is an echo of the product's own send (its WhatsApp id, or the same text to the
 * chat a moment ago): nothing more is stored; else staff typed on the company's phone: the message is
 * kept and the bot goes silent in that conversation. A bot failure hands the conversation to a person
 * without a word to the client (aguardando, motivo falha).
 */
import { and, eq, sql } from 'drizzle-orm';
import { searchText } from '../../domain/text';
import type { Db, DbOrTx } from '../db/client';
import { conversaMensagens, conversas, decisoes, mensagens, webhookEventos } from '../db/schema';
import { store } from '../mensagens/mensagens';
import { QUEUES, type JobQueue } from '../queue/boss';
import { getCompany } from '../regras/company';
import { decidir, ehRoubo, type ConversaBot, type Decisao } from './bot';
import { atendimentoDe } from './configuracao';
import { eco, GATEWAY_EVOLUTION, mensagemDoEvento, type MensagemRecebida } from './evento';
import { clientePorTelefone } from './identificacao';

/** Messages reaching the webhook within this of the one the bot last answered share its reply (DESIGN 11). */
export const JANELA_MS = 1500;

const rows = async <T>(tx: DbOrTx, query: ReturnType<typeof sql>) => ((await tx.execute(query)) as unknown as { rows: T[] }).rows;

/** The chat's lock and the event's row: false when another attempt already applied it. */
async function tomar(tx: DbOrTx, id: number, jid: string): Promise<boolean> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`atendimento:${jid}`}))`);
  const [row] = await rows<{ status: string }>(tx, sql`SELECT status FROM webhook_eventos WHERE id = ${id} FOR UPDATE`);
  return row?.status === 'recebido';
}

const concluir = (tx: DbOrTx, id: number, status: 'aplicado' | 'ignorado', resultado: string) =>
  tx.update(webhookEventos).set({ status, resultado, processedAt: new Date() }).where(eq(webhookEventos.id, id));

type ConversaRow = typeof conversas.$inferSelect;

/** The chat's open conversation (locked), or a new one, identified by its phone when it can be. */
async function abrirConversa(tx: DbOrTx, msg: MensagemRecebida, inicial: Partial<ConversaRow> = {}): Promise<ConversaRow> {
  const [aberta] = await tx
    .select()
    .from(conversas)
    .where(and(eq(conversas.jid, msg.jid), sql`${conversas.status} <> 'encerrada'`))
    .for('update');
  if (aberta) return aberta;
  const idcliente = msg.telefone ? await clientePorTelefone(tx, msg.telefone) : null;
  const [nova] = await tx
    .insert(conversas)
    .values({
      jid: msg.jid,
      telefone: msg.telefone,
      nome: msg.fromMe ? '' : msg.nome,
      idcliente,
      busca: searchText([msg.telefone, msg.fromMe ? '' : msg.nome]),
      ultimaMensagemEm: msg.em,
      ...inicial,
    })
    .returning();
  return nova;
}

async function registrarDecisao(
  tx: DbOrTx,
  conversa: Pick<ConversaRow, 'id' | 'status' | 'etapa'>,
  idmensagem: number | null,
  d: Omit<Decisao, 'mudancas'>,
) {
  await tx.insert(decisoes).values({
    idconversa: conversa.id,
    idmensagem,
    estado: `${conversa.status}/${conversa.etapa}`,
    acao: d.acao,
    resposta: d.resposta ?? '',
    motivo: d.motivo,
  });
}

/**
 * The bot's reply to one incoming message: in the outbox under `bot:{id}` (one at most), shown in the
 * conversation; in observation mode only kept, as ignorada.
 */
async function responder(
  tx: DbOrTx,
  queue: JobQueue,
  conversa: Pick<ConversaRow, 'id' | 'jid' | 'idcliente'>,
  idEntrada: number,
  texto: string,
  observacao: boolean,
): Promise<void> {
  let idmensagem: number | null = null;
  if (!observacao) {
    const key = `bot:${idEntrada}`;
    await store(tx, queue, [{ key, kind: 'atendimento', idcliente: conversa.idcliente, destino: conversa.jid, texto, status: 'pendente' }]);
    const [row] = await tx.select({ id: mensagens.id }).from(mensagens).where(eq(mensagens.key, key));
    idmensagem = row?.id ?? null;
  }
  await tx.insert(conversaMensagens).values({
    idconversa: conversa.id,
    jid: conversa.jid,
    direcao: 'saida',
    autor: 'bot',
    por: 'Assistente',
    texto,
    status: observacao ? 'ignorada' : 'pendente',
    observacao: observacao ? 'Modo observação: a resposta não foi enviada.' : '',
    idmensagem,
  });
  await tx
    .update(conversas)
    .set({
      ultimaMensagem: texto.slice(0, 200),
      ultimaMensagemEm: sql`greatest(${conversas.ultimaMensagemEm}, now())`,
      updatedAt: new Date(),
    })
    .where(eq(conversas.id, conversa.id));
}

/** The client's message kept in its conversation, once: undefined when it was already there (a repeat). */
async function guardarEntrada(tx: DbOrTx, idconversa: number, msg: MensagemRecebida): Promise<{ id: number } | undefined> {
  const [entrada] = await tx
    .insert(conversaMensagens)
    .values({
      idconversa,
      jid: msg.jid,
      direcao: 'entrada',
      autor: 'cliente',
      por: msg.nome,
      tipo: msg.tipo,
      texto: msg.texto,
      idExterno: msg.idExterno,
      em: msg.em,
    })
    .onConflictDoNothing()
    .returning({ id: conversaMensagens.id });
  return entrada;
}

/** A message of the client: kept, and answered by the bot while the conversation is the bot's. */
async function doCliente(tx: DbOrTx, queue: JobQueue, msg: MensagemRecebida, recebidaEm: Date): Promise<string> {
  const company = await getCompany(tx);
  const atendimento = atendimentoDe(company);
  const conversa = await abrirConversa(tx, msg);
  const entrada = await guardarEntrada(tx, conversa.id, msg);
  if (!entrada) return 'repetida';
  await tx
    .update(conversas)
    .set({
      naoLidas: sql`${conversas.naoLidas} + 1`,
      ultimaMensagem: (msg.texto || `[${msg.tipo}]`).slice(0, 200),
      ultimaMensagemEm: sql`greatest(${conversas.ultimaMensagemEm}, ${msg.em})`,
      ultimaEntradaEm: sql`greatest(coalesce(${conversas.ultimaEntradaEm}, ${msg.em}), ${msg.em})`,
      nome: conversa.nome || msg.nome,
      busca: searchText([conversa.telefone, conversa.nome || msg.nome]),
      updatedAt: new Date(),
    })
    .where(eq(conversas.id, conversa.id));

  const silencio = (motivo: string) => registrarDecisao(tx, conversa, entrada.id, { acao: 'silencio', motivo }).then(() => 'silencio');
  if (!atendimento.ativo) return silencio('O atendimento pelo WhatsApp está desativado.');
  if (conversa.status !== 'bot') return silencio(`A conversa está ${conversa.status.replace('_', ' ')}: só uma pessoa responde.`);
  // Out of order: a newer message of the chat was already answered; the bot does not answer an older one.
  const [newer] = await rows<{ id: number }>(
    tx,
    sql`SELECT id FROM conversa_mensagens WHERE idconversa = ${conversa.id} AND direcao = 'entrada' AND id <> ${entrada.id} AND em > ${msg.em} LIMIT 1`,
  );
  if (newer) return silencio('Mensagem fora de ordem: uma mais nova já foi respondida.');

  // A burst ("oi", "bom dia", "tudo bem?"): what reaches the webhook within 1.5 s of the message the
  // bot last answered shares that reply; a theft is always acted on.
  const respondida = conversa.respondidaEm ? new Date(conversa.respondidaEm).getTime() : null;
  if (respondida !== null && Math.abs(recebidaEm.getTime() - respondida) < JANELA_MS && !ehRoubo(msg.texto)) {
    await registrarDecisao(tx, conversa, entrada.id, {
      acao: 'agrupada',
      motivo: 'Mensagem a menos de 1,5 s da última respondida: compartilha a resposta dela.',
    });
    return 'agrupada';
  }

  const decisao = await decidir({
    tx,
    company,
    atendimento,
    conversa: conversa as ConversaBot,
    texto: msg.texto,
    agora: new Date(),
  });
  if (Object.keys(decisao.mudancas).length)
    await tx
      .update(conversas)
      .set({ ...decisao.mudancas, updatedAt: new Date() })
      .where(eq(conversas.id, conversa.id));
  const idcliente = decisao.mudancas.idcliente ?? conversa.idcliente;
  if (decisao.resposta) {
    await responder(tx, queue, { ...conversa, idcliente }, entrada.id, decisao.resposta, atendimento.observacao === true);
    await tx
      .update(conversas)
      .set({ respondidaEm: sql`greatest(coalesce(${conversas.respondidaEm}, ${recebidaEm}), ${recebidaEm})` })
      .where(eq(conversas.id, conversa.id));
  }
  await registrarDecisao(tx, conversa, entrada.id, decisao);
  return decisao.acao;
}

/** A fromMe message that is no echo: staff wrote on the company's phone; the bot is silent from now on. */
async function daEmpresa(tx: DbOrTx, msg: MensagemRecebida): Promise<string> {
  if (await eco(tx, msg)) return 'eco';
  const conversa = await abrirConversa(tx, msg, { status: 'em_atendimento', staffEscreveu: true });
  const [saida] = await tx
    .insert(conversaMensagens)
    .values({
      idconversa: conversa.id,
      jid: msg.jid,
      direcao: 'saida',
      autor: 'staff',
      por: 'Telefone da empresa',
      tipo: msg.tipo,
      texto: msg.texto,
      idExterno: msg.idExterno,
      status: 'enviada',
      em: msg.em,
    })
    .onConflictDoNothing()
    .returning({ id: conversaMensagens.id });
  if (!saida) return 'repetida';
  await tx
    .update(conversas)
    .set({
      status: 'em_atendimento',
      staffEscreveu: true,
      ultimaMensagem: (msg.texto || `[${msg.tipo}]`).slice(0, 200),
      ultimaMensagemEm: sql`greatest(${conversas.ultimaMensagemEm}, ${msg.em})`,
      updatedAt: new Date(),
    })
    .where(eq(conversas.id, conversa.id));
  await registrarDecisao(tx, conversa, saida.id, {
    acao: 'silencio',
    motivo: 'A equipe escreveu pelo telefone da empresa: o assistente fica em silêncio.',
  });
  return 'equipe';
}

/** A bot failure: the message kept, the conversation to a person, nothing sent (DESIGN 11). */
async function falhaDoBot(tx: DbOrTx, msg: MensagemRecebida, error: unknown): Promise<string> {
  const conversa = await abrirConversa(tx, msg);
  const entrada = await guardarEntrada(tx, conversa.id, msg);
  if (conversa.status === 'bot')
    await tx.update(conversas).set({ status: 'aguardando', motivo: 'falha', updatedAt: new Date() }).where(eq(conversas.id, conversa.id));
  await registrarDecisao(tx, conversa, entrada?.id ?? null, {
    acao: 'erro',
    motivo: `Falha do assistente: ${error instanceof Error ? error.message.slice(0, 300) : 'erro inesperado'}. A conversa foi para um atendente.`,
  });
  return 'falha';
}

/** The queue's handler of one stored event. */
export async function processarEvento(db: Db, queue: JobQueue, id: number): Promise<string> {
  const [evento] = await db
    .select({ status: webhookEventos.status, payload: webhookEventos.payload, createdAt: webhookEventos.createdAt })
    .from(webhookEventos)
    .where(and(eq(webhookEventos.id, id), eq(webhookEventos.gateway, GATEWAY_EVOLUTION)));
  if (!evento || evento.status !== 'recebido') return 'nada a fazer';
  const msg = mensagemDoEvento(evento.payload);
  if (!msg) {
    await concluir(db, id, 'ignorado', 'Evento sem mensagem a responder.');
    return 'ignorado';
  }
  try {
    const resultado = await db.transaction(async (tx) => {
      if (!(await tomar(tx, id, msg.jid))) return 'já aplicado';
      const resultado = msg.fromMe ? await daEmpresa(tx, msg) : await doCliente(tx, queue, msg, new Date(evento.createdAt));
      await concluir(tx, id, 'aplicado', resultado);
      return resultado;
    });
    // The reply leaves now rather than at the outbox's next poll.
    queue.wake(QUEUES.mensagem.name);
    return resultado;
  } catch (error) {
    return db.transaction(async (tx) => {
      if (!(await tomar(tx, id, msg.jid))) return 'já aplicado';
      const resultado = msg.fromMe ? 'falha' : await falhaDoBot(tx, msg, error);
      await concluir(tx, id, 'aplicado', resultado);
      return resultado;
    });
  }
}
