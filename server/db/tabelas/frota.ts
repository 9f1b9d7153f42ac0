/**
 * The fleet read back from Traccar (DESIGN 10, "Fleet"): each tracker's state, the counts per
 * situation, the alarms and the feed's connection.
 */
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, linkTo, isSet } from './comum';
import { trackres } from './cadastro';

/**
 * Each tracker's last known state, read back from Traccar (DESIGN 10, "Fleet"): fed by its
 * WebSocket, with a full refresh on every (re)connect, so the fleet lists are exact and filtered
 * here without calling Traccar per request. `situacao` is kept current by the feed and by a sweep
 * for the rules that change with time alone.
 */
export const frotaEstado = pgTable(
  'frota_estado',
  {
    idrastreador: integer()
      .primaryKey()
      .references(() => trackres.id, { onDelete: 'cascade' }),
    traccarId: integer(),
    /** Traccar's device status: online, offline, unknown. */
    status: text().notNull().default(''),
    lastUpdate: timestamp({ withTimezone: true }),
    positionId: bigint({ mode: 'number' }),
    fixTime: timestamp({ withTimezone: true }),
    serverTime: timestamp({ withTimezone: true }),
    valid: boolean(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    /** km/h (Traccar sends knots). */
    velocidade: real(),
    curso: real(),
    ignicao: boolean(),
    /** The main supply in volts (mV readings converted); null when the unit sends none. */
    tensao: real(),
    bateria: real(),
    satelites: smallint(),
    endereco: text().notNull().default(''),
    /** The highest supply voltage seen: above 18 V the system is 24 V when tensaoNominal is unset. */
    tensaoMaxima: real(),
    /** The last powerCut, lowPower or lowBattery alarm. */
    alimentacaoEm: timestamp({ withTimezone: true }),
    ultimoAlarme: text(),
    ultimoAlarmeEm: timestamp({ withTimezone: true }),
    situacao: text().notNull().default('nunca'),
    atualizadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('frota_estado_situacao_idx').on(t.situacao, t.idrastreador)],
);

/**
 * The fleet's count per situation (GET /v1/frota's `resumo` without a client or a search), kept by
 * triggers on frota_estado (migration 0018) in the writer's transaction: each statement adds the
 * situations it moved, one row per database session (`sessao`, the backend's pid), so writers
 * never wait on each other's rows; a count is the sum of its rows, exact in the reader's snapshot.
 * Rows of ended sessions are folded into session 0 (server/db/versions.ts).
 */
export const frotaResumo = pgTable(
  'frota_resumo',
  {
    situacao: text().notNull(),
    sessao: integer().notNull().default(0),
    n: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.situacao, t.sessao] })],
);

/** The alarms kept from Traccar's events: powerCut, lowPower, lowBattery, sos, tampering, removing, gpsAntennaCut, jamming. */
export const frotaAlarmes = pgTable(
  'frota_alarmes',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    idrastreador: linkTo(() => trackres.id, 'cascade'),
    /** Traccar's event id: an event read twice is kept once. */
    eventId: bigint({ mode: 'number' }),
    tipo: text().notNull(),
    em: timestamp({ withTimezone: true }).notNull(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    createdAt: createdAt(),
  },
  (t) => [
    index('frota_alarmes_idrastreador_em_idx').on(t.idrastreador, t.em),
    uniqueIndex('frota_alarmes_event_id_key').on(t.eventId).where(isSet(t.eventId)),
  ],
);

/** The feed's own state (one row, id 1): how it reads Traccar, and since when it has or has not. */
export const frotaConexao = pgTable('frota_conexao', {
  id: integer().primaryKey(),
  /** socket, polling, or parado (integration off). */
  modo: text().notNull().default('parado'),
  conectado: boolean().notNull().default(false),
  /** The last full refresh that succeeded. */
  atualizadoEm: timestamp({ withTimezone: true }),
  erro: text().notNull().default(''),
  desde: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
