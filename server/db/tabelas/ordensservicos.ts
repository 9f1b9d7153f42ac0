/** Service orders, and the uploads of every record. */
import { date, index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytea, createdAt, busca, trgm, linkTo, timestamps, recordKeys } from './comum';
import { clientes, trackres, veiculos } from './cadastro';
import { users } from './usuarios';

export const ordensservicos = pgTable(
  'ordensservicos',
  {
    ...recordKeys(),
    idcliente: linkTo(() => clientes.id, 'restrict'),
    idveiculo: linkTo(() => veiculos.id, 'restrict'),
    iddevice: linkTo(() => trackres.id, 'restrict'),
    /** The staff user who does the installation (beyond SPEC: the installers' agenda). */
    idtecnico: integer().references(() => users.id, { onDelete: 'set null' }),
    descricao: text().notNull().default(''),
    /** instalacao takes the tracker from the técnico's stock into the vehicle; retirada returns it on Finalizar (DESIGN 10, "Stock and imports"). */
    tipo: text().notNull().default('instalacao'),
    /** Where the order came from: manual (a staff member), atendimento (the WhatsApp bot booked a visit, DESIGN 11). */
    origem: text().notNull().default('manual'),
    agendamento: date({ mode: 'string' }),
    horario: text().notNull().default(''),
    informacoes: text().notNull().default(''),
    status: smallint().notNull().default(0),
    checklist: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** The tracker's live state stored by Finalizar, or { semValidacao, por, em } (DESIGN 10, "Fleet"). */
    validacao: jsonb().$type<Record<string, unknown>>(),
    /**
     * The técnico's phone (DESIGN 11): `versao` counts the order's changes (a trigger bumps it on
     * every update, migration 0027), `versaoVinculos` is the `versao` at which its client, vehicle
     * or tracker last changed: an operation made on an older `versaoBase` is a conflict.
     */
    versao: integer().notNull().default(1),
    versaoVinculos: integer().notNull().default(1),
    /** The order within its day's route, after agendamento and horario (null: none). */
    ordemRota: integer(),
    /** When each checklist answer was given on the phone: a later `em` wins per item. */
    checklistEm: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** The client's signature: { nome, em, idupload } (the PNG in uploads, kind assinatura). */
    assinaturaCliente: jsonb().$type<Record<string, unknown>>(),
    /** Reprovada by the office: { motivo, por: { id, name }, em }; cleared by the next Finalizar. */
    rejeicao: jsonb().$type<Record<string, unknown>>(),
    busca: busca(),
    ...timestamps(),
  },
  (t) => [
    index('ordensservicos_status_agendamento_idx').on(t.status, t.agendamento),
    index('ordensservicos_agendamento_idx').on(t.agendamento, t.id),
    index('ordensservicos_idcliente_idx').on(t.idcliente, t.id),
    index('ordensservicos_idtecnico_agendamento_idx').on(t.idtecnico, t.agendamento),
    // A month's list with status and pesquisa is counted, and its page's ids picked, from this index alone (bench/README.md).
    index('ordensservicos_agendamento_status_busca_idx').on(t.agendamento, t.status, t.busca, t.id),
    trgm('ordensservicos_busca_trgm', t.busca),
  ],
);

export const uploads = pgTable(
  'uploads',
  {
    ...recordKeys(),
    /** The owner's id: a user, client, vehicle, order or contract depending on `documento`. */
    unid: integer().notNull(),
    documento: text().notNull(),
    name: text().notNull(),
    type: text().notNull(),
    size: integer().notNull(),
    data: bytea().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_documento_unid_idx').on(t.documento, t.unid, t.id)],
);

/**
 * The técnico's phone's operations, applied once (DESIGN 11): the phone's own uuid, and the answer
 * given, stored in the transaction of the change; the same id again gets that answer back.
 */
export const campoOperacoes = pgTable(
  'campo_operacoes',
  {
    id: uuid().primaryKey(),
    idtecnico: linkTo(() => users.id, 'cascade'),
    idordemservico: integer().notNull(),
    tipo: text().notNull(),
    em: timestamp({ withTimezone: true }).notNull(),
    resposta: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('campo_operacoes_idordemservico_idx').on(t.idordemservico)],
);
