/**
 * Atendimento, the WhatsApp conversations (DESIGN 11): a conversation per chat (one open at a time),
 * its messages both ways, and every decision the bot took. The raw events Evolution posts are kept in
 * `webhook_eventos` (gateway `evolution`), deduplicated there on the chat and the message's id.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { busca, createdAt, updatedAt, linkTo, isSet } from './comum';
import { clientes, veiculos } from './cadastro';
import { mensagens } from './registros';
import { users } from './usuarios';

/**
 * status: bot, aguardando, em_atendimento, encerrada. `etapa` and `tentativas`: where the bot is
 * (inicio, documento, placa, menu, visita) and the identification's failed tries; `idclienteDocumento`
 * the client a CPF/CNPJ found, until a plate or CEP confirms it. `ultimaEntradaEm`: the client's last
 * message (the staff's 24 h rule); `staffEscreveu`: a person wrote, the bot stays silent.
 */
export const conversas = pgTable(
  'conversas',
  {
    id: serial().primaryKey(),
    jid: text().notNull(),
    telefone: text().notNull().default(''),
    nome: text().notNull().default(''),
    idcliente: integer().references(() => clientes.id, { onDelete: 'set null' }),
    status: text().notNull().default('bot'),
    urgente: boolean().notNull().default(false),
    motivo: text(),
    idatendente: integer().references(() => users.id, { onDelete: 'set null' }),
    naoLidas: integer().notNull().default(0),
    ultimaMensagem: text().notNull().default(''),
    ultimaMensagemEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ultimaEntradaEm: timestamp({ withTimezone: true }),
    staffEscreveu: boolean().notNull().default(false),
    etapa: text().notNull().default('inicio'),
    tentativas: integer().notNull().default(0),
    idclienteDocumento: integer(),
    /** When the message the bot last answered reached the webhook: a message within 1.5 s of it shares that reply. */
    respondidaEm: timestamp({ withTimezone: true }),
    /** The inbox's order (urgent first, then aguardando), kept by PostgreSQL: 2 × urgente + aguardando. */
    prioridade: smallint()
      .notNull()
      .generatedAlwaysAs(sql`(CASE WHEN urgente THEN 2 ELSE 0 END + CASE WHEN status = 'aguardando' THEN 1 ELSE 0 END)`),
    busca: busca(),
    criadaEm: createdAt(),
    encerradaEm: timestamp({ withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    /** One open conversation per chat. */
    uniqueIndex('conversas_jid_aberta_key')
      .on(t.jid)
      .where(sql`${t.status} <> 'encerrada'`),
    // The inbox's pages in its order, read from an index (bench/README.md, atendimento): the open ones, and one status.
    index('conversas_abertas_ordem_idx')
      .on(t.prioridade.desc(), t.ultimaMensagemEm.desc(), t.id.desc())
      .where(sql`${t.status} <> 'encerrada'`),
    index('conversas_status_ordem_idx').on(t.status, t.prioridade.desc(), t.ultimaMensagemEm.desc(), t.id.desc()),
    index('conversas_idcliente_idx').on(t.idcliente, t.id),
    index('conversas_idatendente_idx').on(t.idatendente, t.id),
  ],
);

/**
 * A conversation's messages: entrada (the client) or saida (the bot or staff). An outgoing one goes
 * through the outbox (`idmensagem`, whose status it shows); one the observation mode kept is ignorada.
 * (jid, idExterno) is unique: WhatsApp's id of a message is unique per chat.
 */
export const conversaMensagens = pgTable(
  'conversa_mensagens',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    idconversa: linkTo(() => conversas.id, 'cascade'),
    jid: text().notNull(),
    direcao: text().notNull(),
    autor: text().notNull(),
    iduser: integer().references(() => users.id, { onDelete: 'set null' }),
    por: text().notNull().default(''),
    tipo: text().notNull().default('conversation'),
    texto: text().notNull().default(''),
    idExterno: text(),
    status: text().notNull().default('recebida'),
    observacao: text().notNull().default(''),
    idmensagem: bigint({ mode: 'number' }).references(() => mensagens.id, { onDelete: 'set null' }),
    em: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('conversa_mensagens_externo_key').on(t.jid, t.idExterno).where(isSet(t.idExterno)),
    index('conversa_mensagens_idconversa_idx').on(t.idconversa, t.id),
  ],
);

/** Every decision the bot took about a message: the state it saw, what it did, what it said and why. */
export const decisoes = pgTable(
  'decisoes',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    idconversa: linkTo(() => conversas.id, 'cascade'),
    idmensagem: bigint({ mode: 'number' }),
    estado: text().notNull().default(''),
    acao: text().notNull(),
    resposta: text().notNull().default(''),
    motivo: text().notNull().default(''),
    em: createdAt(),
  },
  (t) => [index('decisoes_idconversa_idx').on(t.idconversa, t.id)],
);

/**
 * "Onde está" (DESIGN 11, option 2): a vehicle's position shared by the bot for an hour, read by
 * `GET /v1/static/localizacao/{token}` until `expiraEm` (then 404).
 */
export const localizacoes = pgTable(
  'localizacoes',
  {
    token: text().primaryKey(),
    idveiculo: linkTo(() => veiculos.id, 'cascade'),
    idconversa: integer().references(() => conversas.id, { onDelete: 'set null' }),
    expiraEm: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('localizacoes_expira_em_idx').on(t.expiraEm)],
);
