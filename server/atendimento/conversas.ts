/**
 * Staff's side of the conversations (DESIGN 11): the inbox's reads and the actions. Every action
 * takes the chat's lock (the same the bot's job takes, recebimento.ts), so a reply and the bot never
 * cross: once staff wrote, the bot is silent until the conversation is encerrada.
 * - a staff message goes through the outbox (mensagens), assigns the caller and puts the conversation
 *   em_atendimento. It goes when the client wrote in the last 24 h; otherwise not to a client marked
 *   "Não enviar mensagens" nor to a chat of no known client (409);
 * - assumir someone else's conversation needs `forcar` (409 otherwise); assumir, encerrar and the
 *   changes of urgente and client are audited.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { ConversaStatus } from '../../domain/atendimento';
import { clienteNome } from '../../domain/clientes';
import { MSG } from '../../domain/messages';
import { normalizeSearch } from '../../domain/text';
import type { Db, DbOrTx } from '../db/client';
import { clientes, conversaMensagens, conversas, decisoes, mensagens, users } from '../db/schema';
import { store } from '../mensagens/mensagens';
import type { JobQueue } from '../queue/boss';
import { ACAO, audit } from '../regras/auditoria';
import { getCompany, integrationActive } from '../regras/company';
import { badRequest, conflict, notFound } from '../regras/http-errors';
import { atendimentoDe } from './configuracao';

export const MSG_CONVERSA = {
  encerrada: 'Esta conversa está encerrada.',
  deOutro: (nome: string) => `Esta conversa está com ${nome || 'outro atendente'}. Para assumi-la mesmo assim, confirme.`,
  optOut: 'O cliente está marcado para não receber mensagens e não escreveu nas últimas 24 horas.',
  semCliente: 'Este contato não escreveu nas últimas 24 horas e não é um cliente identificado: não é possível enviar.',
  clienteInexistente: 'Cliente não encontrado.',
} as const;

/** The client wrote within this: staff may answer whatever the client's choice (DESIGN 11, opt-out). */
const DIA_MS = 24 * 3600_000;

const rows = async <T>(tx: DbOrTx, query: SQL) => ((await tx.execute(query)) as unknown as { rows: T[] }).rows;

/** A conversation as the API gives it. */
const conversaColumns = {
  id: conversas.id,
  jid: conversas.jid,
  telefone: conversas.telefone,
  nome: conversas.nome,
  idcliente: conversas.idcliente,
  status: conversas.status,
  urgente: conversas.urgente,
  motivo: conversas.motivo,
  idatendente: conversas.idatendente,
  naoLidas: conversas.naoLidas,
  ultimaMensagem: conversas.ultimaMensagem,
  ultimaMensagemEm: conversas.ultimaMensagemEm,
  criadaEm: conversas.criadaEm,
  encerradaEm: conversas.encerradaEm,
  cadastro: clientes.cadastro,
  clienteName: clientes.name,
  razaosocial: clientes.razaosocial,
  atendente: users.name,
};

type ConversaSelecionada = { [K in keyof typeof conversaColumns]: unknown };

function present(row: ConversaSelecionada) {
  const { cadastro, clienteName, razaosocial, atendente, ...conversa } = row;
  return {
    ...conversa,
    cliente: conversa.idcliente
      ? clienteNome({ cadastro: String(cadastro ?? ''), name: String(clienteName ?? ''), razaosocial: String(razaosocial ?? '') })
      : '',
    atendente: atendente ?? '',
  };
}

const selectConversas = (tx: DbOrTx) =>
  tx
    .select(conversaColumns)
    .from(conversas)
    .leftJoin(clientes, eq(clientes.id, conversas.idcliente))
    .leftJoin(users, eq(users.id, conversas.idatendente));

export interface ConversasFiltro {
  page: number;
  pageSize: number;
  status?: ConversaStatus | 'todas';
  urgente?: boolean;
  idatendente?: number;
  idcliente?: number;
  pesquisa?: string;
}

/** The inbox: without encerrada unless asked (a status, or todas); urgent first, then aguardando, then the latest. */
export async function listarConversas(db: Db, filtro: ConversasFiltro) {
  const conditions: SQL[] =
    filtro.status === 'todas' ? [] : [filtro.status ? eq(conversas.status, filtro.status) : sql`${conversas.status} <> 'encerrada'`];
  if (filtro.urgente !== undefined) conditions.push(eq(conversas.urgente, filtro.urgente));
  if (filtro.idatendente) conditions.push(eq(conversas.idatendente, filtro.idatendente));
  if (filtro.idcliente) conditions.push(eq(conversas.idcliente, filtro.idcliente));
  for (const word of normalizeSearch(filtro.pesquisa ?? '')
    .split(' ')
    .filter(Boolean)
    .slice(0, 8)) {
    const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`(${conversas.busca} LIKE ${pattern} OR ${clientes.busca} LIKE ${pattern})`);
  }
  const where = and(...conditions);
  return db.transaction(
    async (tx) => {
      const [{ n }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(conversas)
        .leftJoin(clientes, eq(clientes.id, conversas.idcliente))
        .where(where);
      const found = await selectConversas(tx)
        .where(where)
        // prioridade: 2 × urgente + aguardando; NULLS LAST as the indexes are built (all NOT NULL).
        .orderBy(
          sql`${conversas.prioridade} DESC NULLS LAST`,
          sql`${conversas.ultimaMensagemEm} DESC NULLS LAST`,
          sql`${conversas.id} DESC NULLS LAST`,
        )
        .limit(filtro.pageSize)
        .offset((filtro.page - 1) * filtro.pageSize);
      return { total: Number(n), Items: found.map(present) };
    },
    { accessMode: 'read only', isolationLevel: 'repeatable read' },
  );
}

async function lerConversa(tx: DbOrTx, id: number) {
  const [row] = await selectConversas(tx).where(eq(conversas.id, id));
  if (!row) throw notFound(MSG.notFound);
  return present(row);
}

/** One conversation, its last 100 messages (before `antes`, a message id), oldest first, and its decisions. */
export async function detalharConversa(db: Db, id: number, antes?: number) {
  return db.transaction(
    async (tx) => {
      const conversa = await lerConversa(tx, id);
      const found = await tx
        .select({
          id: conversaMensagens.id,
          idconversa: conversaMensagens.idconversa,
          direcao: conversaMensagens.direcao,
          autor: conversaMensagens.autor,
          por: conversaMensagens.por,
          tipo: conversaMensagens.tipo,
          texto: conversaMensagens.texto,
          idExterno: conversaMensagens.idExterno,
          status: sql<string>`coalesce(${mensagens.status}, ${conversaMensagens.status})`,
          observacao: sql<string>`CASE WHEN ${mensagens.status} IN ('falhou', 'ignorada') AND ${mensagens.motivo} <> '' THEN ${mensagens.motivo} ELSE ${conversaMensagens.observacao} END`,
          em: conversaMensagens.em,
        })
        .from(conversaMensagens)
        .leftJoin(mensagens, eq(mensagens.id, conversaMensagens.idmensagem))
        .where(and(eq(conversaMensagens.idconversa, id), antes ? lt(conversaMensagens.id, antes) : undefined))
        .orderBy(desc(conversaMensagens.id))
        .limit(100);
      const log = await tx
        .select({
          em: decisoes.em,
          idmensagem: decisoes.idmensagem,
          estado: decisoes.estado,
          acao: decisoes.acao,
          resposta: decisoes.resposta,
          motivo: decisoes.motivo,
        })
        .from(decisoes)
        .where(eq(decisoes.idconversa, id))
        .orderBy(desc(decisoes.id))
        .limit(100);
      return { ...conversa, mensagens: found.reverse(), decisoes: log.reverse() };
    },
    { accessMode: 'read only', isolationLevel: 'repeatable read' },
  );
}

/** `GET /v1/conversas/resumo`: waiting for a person, urgent, and the caller's own. */
export async function resumoConversas(db: Db, iduser: number) {
  const [row] = await rows<{ aguardando: number; urgentes: number; minhas: number }>(
    db,
    sql`SELECT count(*) FILTER (WHERE status = 'aguardando')::int AS aguardando,
               count(*) FILTER (WHERE urgente)::int AS urgentes,
               count(*) FILTER (WHERE status = 'em_atendimento' AND idatendente = ${iduser})::int AS minhas
        FROM conversas WHERE status <> 'encerrada'`,
  );
  return { aguardando: Number(row?.aguardando ?? 0), urgentes: Number(row?.urgentes ?? 0), minhas: Number(row?.minhas ?? 0) };
}

type Staff = { id: number; name: string };

/** The conversation locked for a change, under its chat's lock (the bot's too). */
async function travar(tx: DbOrTx, id: number) {
  const [found] = await tx.select({ jid: conversas.jid }).from(conversas).where(eq(conversas.id, id));
  if (!found) throw notFound(MSG.notFound);
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`atendimento:${found.jid}`}))`);
  const [conversa] = await tx.select().from(conversas).where(eq(conversas.id, id)).for('update');
  return conversa;
}

const descricao = (conversa: { id: number; telefone: string; nome: string }) =>
  `Conversa ${conversa.id} (${conversa.nome || conversa.telefone || 'WhatsApp'})`;

/** `POST /v1/conversas/{id}/mensagens`: staff's reply, through the outbox. */
export async function enviarDaEquipe(db: Db, queue: JobQueue, id: number, texto: string, staff: Staff) {
  return db.transaction(async (tx) => {
    const conversa = await travar(tx, id);
    if (conversa.status === 'encerrada') throw conflict(MSG_CONVERSA.encerrada);
    const company = await getCompany(tx);
    if (!integrationActive(company, 'whats')) throw conflict(MSG.whatsNotConfigured);
    const recente = conversa.ultimaEntradaEm !== null && Date.now() - new Date(conversa.ultimaEntradaEm).getTime() < DIA_MS;
    if (!recente) {
      if (conversa.idcliente === null) throw conflict(MSG_CONVERSA.semCliente);
      const [cliente] = await tx
        .select({ naoEnviar: clientes.naoEnviarMensagens })
        .from(clientes)
        .where(eq(clientes.id, conversa.idcliente));
      if (!cliente) throw conflict(MSG_CONVERSA.semCliente);
      if (cliente.naoEnviar) throw conflict(MSG_CONVERSA.optOut);
    }
    const key = `staff:${conversa.id}:${randomUUID()}`;
    await store(tx, queue, [{ key, kind: 'atendimento', idcliente: conversa.idcliente, destino: conversa.jid, texto, status: 'pendente' }]);
    const [outbox] = await tx.select({ id: mensagens.id }).from(mensagens).where(eq(mensagens.key, key));
    const [created] = await tx
      .insert(conversaMensagens)
      .values({
        idconversa: conversa.id,
        jid: conversa.jid,
        direcao: 'saida',
        autor: 'staff',
        iduser: staff.id,
        por: staff.name,
        texto,
        status: 'pendente',
        idmensagem: outbox.id,
      })
      .returning();
    await tx
      .update(conversas)
      .set({
        status: 'em_atendimento',
        idatendente: staff.id,
        staffEscreveu: true,
        naoLidas: 0,
        ultimaMensagem: texto.slice(0, 200),
        ultimaMensagemEm: sql`greatest(${conversas.ultimaMensagemEm}, now())`,
        updatedAt: new Date(),
      })
      .where(eq(conversas.id, conversa.id));
    return {
      id: created.id,
      idconversa: created.idconversa,
      direcao: created.direcao,
      autor: created.autor,
      por: created.por,
      tipo: created.tipo,
      texto: created.texto,
      idExterno: created.idExterno,
      status: created.status,
      observacao: created.observacao,
      em: created.em,
    };
  });
}

/** `POST /v1/conversas/{id}/assumir`: the caller takes it (another's only with `forcar`), audited. */
export async function assumirConversa(db: Db, id: number, forcar: boolean, staff: Staff) {
  return db.transaction(async (tx) => {
    const conversa = await travar(tx, id);
    if (conversa.status === 'encerrada') throw conflict(MSG_CONVERSA.encerrada);
    if (conversa.idatendente !== null && conversa.idatendente !== staff.id && !forcar) {
      const [outro] = await tx.select({ name: users.name }).from(users).where(eq(users.id, conversa.idatendente));
      throw conflict(MSG_CONVERSA.deOutro(outro?.name ?? ''));
    }
    await tx
      .update(conversas)
      .set({ status: 'em_atendimento', idatendente: staff.id, naoLidas: 0, updatedAt: new Date() })
      .where(eq(conversas.id, id));
    await audit(tx, {
      acao: ACAO.atendimento,
      user: staff,
      idcliente: conversa.idcliente,
      descricao: `${descricao(conversa)} assumida${conversa.idatendente && conversa.idatendente !== staff.id ? ' de outro atendente' : ''}.`,
      resultado: `${conversa.status} → em_atendimento`,
    });
    return lerConversa(tx, id);
  });
}

/** `POST /v1/conversas/{id}/encerrar`: closed; the chat's next message opens a new one, with the bot. Audited. */
export async function encerrarConversa(db: Db, id: number, staff: Staff) {
  return db.transaction(async (tx) => {
    const conversa = await travar(tx, id);
    if (conversa.status === 'encerrada') throw conflict(MSG_CONVERSA.encerrada);
    await tx
      .update(conversas)
      .set({ status: 'encerrada', encerradaEm: new Date(), naoLidas: 0, updatedAt: new Date() })
      .where(eq(conversas.id, id));
    await audit(tx, {
      acao: ACAO.atendimento,
      user: staff,
      idcliente: conversa.idcliente,
      descricao: `${descricao(conversa)} encerrada.`,
      resultado: `${conversa.status} → encerrada`,
    });
    return lerConversa(tx, id);
  });
}

/** `PUT /v1/conversas/{id}`: urgente and the client (null: none), audited. */
export async function alterarConversa(db: Db, id: number, input: { urgente?: boolean; idcliente?: number | null }, staff: Staff) {
  return db.transaction(async (tx) => {
    const conversa = await travar(tx, id);
    if (input.idcliente) {
      const [cliente] = await tx.select({ id: clientes.id }).from(clientes).where(eq(clientes.id, input.idcliente));
      if (!cliente) throw badRequest(MSG_CONVERSA.clienteInexistente, { idcliente: MSG_CONVERSA.clienteInexistente });
    }
    const changes: Partial<typeof conversas.$inferInsert> = {};
    if (input.urgente !== undefined && input.urgente !== conversa.urgente) changes.urgente = input.urgente;
    if (input.idcliente !== undefined && input.idcliente !== conversa.idcliente) changes.idcliente = input.idcliente;
    if (Object.keys(changes).length) {
      await tx
        .update(conversas)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(conversas.id, id));
      const partes = [
        ...('urgente' in changes ? [`urgente: ${conversa.urgente ? 'sim' : 'não'} → ${changes.urgente ? 'sim' : 'não'}`] : []),
        ...('idcliente' in changes ? [`cliente: ${conversa.idcliente ?? 'nenhum'} → ${changes.idcliente ?? 'nenhum'}`] : []),
      ];
      await audit(tx, {
        acao: ACAO.atendimento,
        user: staff,
        idcliente: changes.idcliente ?? conversa.idcliente,
        descricao: `${descricao(conversa)} alterada.`,
        resultado: partes.join('; '),
      });
    }
    return lerConversa(tx, id);
  });
}

/**
 * Conversations in status bot or em_atendimento with no message for `horasInatividade` hours close
 * (DESIGN 11), each with its decision logged; run by the sweep every 5 minutes. One statement: a
 * conversation a job is answering right now (its row locked) is judged on its new last message.
 */
export async function encerrarInativas(db: Db): Promise<number> {
  const horas = Number(atendimentoDe(await getCompany(db)).horasInatividade) || 12;
  return db.transaction(async (tx) => {
    const closed = await rows<{ id: number; status: string }>(
      tx,
      sql`UPDATE conversas SET status = 'encerrada', encerrada_em = now(), updated_at = now()
          WHERE status IN ('bot', 'em_atendimento') AND ultima_mensagem_em < now() - make_interval(hours => ${Math.max(1, Math.min(720, horas))})
          RETURNING id, status`,
    );
    if (closed.length)
      await tx.insert(decisoes).values(
        closed.map((row) => ({
          idconversa: Number(row.id),
          estado: 'inativa',
          acao: 'encerrada',
          motivo: `Sem mensagens há ${horas} horas: a conversa foi encerrada.`,
        })),
      );
    return closed.length;
  });
}
