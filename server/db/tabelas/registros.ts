/**
 * What the app records: the WhatsApp messages, the payment gateway's events, the audit log and the
 * tables' versions.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, timestamps, isSet } from './comum';
import { clientes } from './cadastro';
import { cobrancas, contratos } from './financeiro';
import { users } from './usuarios';

/**
 * Every WhatsApp message (alerts, sent contracts and charges), one row per unique key
 * (charge, kind, occurrence): the outbox the queue delivers from and the log each charge shows.
 * status: pendente, enviando (a send is under way or its outcome unknown), enviada, falhou, ignorada.
 */
export const mensagens = pgTable(
  'mensagens',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    key: text().notNull(),
    kind: text().notNull(),
    occurrence: integer().notNull().default(0),
    idcobranca: integer().references(() => cobrancas.id, { onDelete: 'cascade' }),
    idcontrato: integer().references(() => contratos.id, { onDelete: 'cascade' }),
    idcliente: integer().references(() => clientes.id, { onDelete: 'cascade' }),
    destino: text().notNull().default(''),
    texto: text().notNull().default(''),
    status: text().notNull().default('pendente'),
    motivo: text().notNull().default(''),
    tentativas: integer().notNull().default(0),
    proximaTentativa: timestamp({ withTimezone: true }).notNull().defaultNow(),
    tentativaEm: timestamp({ withTimezone: true }),
    enviadaEm: timestamp({ withTimezone: true }),
    externalId: text(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('mensagens_key_key').on(t.key),
    index('mensagens_idcobranca_idx').on(t.idcobranca, t.id),
    index('mensagens_idcliente_idx').on(t.idcliente, t.id),
    /** The messages list filtered by a contract (GET /v1/mensagens?idcontrato=). */
    index('mensagens_idcontrato_idx').on(t.idcontrato, t.id),
    /** A WhatsApp echo of the product's own send is told by its id (atendimento). */
    index('mensagens_external_id_idx').on(t.externalId).where(isSet(t.externalId)),
    index('mensagens_pendentes_idx')
      .on(t.proximaTentativa)
      .where(sql`${t.status} IN ('pendente', 'enviando')`),
  ],
);

/** Payment-gateway events, stored by their id before they are answered, applied once from the queue. */
export const webhookEventos = pgTable(
  'webhook_eventos',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    gateway: text().notNull(),
    eventId: text().notNull(),
    event: text().notNull(),
    paymentId: text().notNull().default(''),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    /** recebido, aplicado, ignorado. */
    status: text().notNull().default('recebido'),
    resultado: text().notNull().default(''),
    createdAt: createdAt(),
    processedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('webhook_eventos_gateway_event_key').on(t.gateway, t.eventId)],
);

/** Who did what, when, and with which result: engine commands, billing blocks, webhook payments, staff status changes. */
export const auditoria = pgTable(
  'auditoria',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    /** The staff user; null for the system (billing job, webhooks). */
    iduser: integer().references(() => users.id, { onDelete: 'set null' }),
    usuario: text().notNull().default(''),
    acao: text().notNull(),
    idcliente: integer(),
    idveiculo: integer(),
    iddevice: integer(),
    idcobranca: integer(),
    descricao: text().notNull().default(''),
    resultado: text().notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('auditoria_created_at_idx').on(t.createdAt, t.id),
    index('auditoria_acao_idx').on(t.acao, t.id),
    index('auditoria_idcliente_idx').on(t.idcliente, t.id),
  ],
);

/**
 * A version per table, bumped by a statement trigger on every write (migration 0001). List
 * totals are cached per process under the version read before counting, so a total is reused
 * only while nothing in its table has changed: exact, and shared safely by several processes.
 * A table's version is the sum of its rows, one per database session that wrote it (`sessao`, the
 * backend's pid; 0 once folded by the billing run): writers in different sessions never wait on
 * one row, and the sum still grows with every committed write (migration 0010).
 */
export const versoes = pgTable(
  'versoes',
  {
    tabela: text().notNull(),
    sessao: integer().notNull().default(0),
    versao: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tabela, t.sessao] })],
);
