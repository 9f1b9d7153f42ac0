/**
 * Every table of the product (SPEC section 3), in one file so drizzle-kit generates the
 * migrations from it. Property names are the API's (camelCase); columns are snake_case through
 * drizzle's `casing` option. `busca` columns hold the normalized search text of each record
 * (domain/text.ts) under a trigram index: pesquisa is accent- and case-insensitive on both
 * PGlite and PostgreSQL without `unaccent`.
 */
import { sql } from 'drizzle-orm';
import type { ExtraConfigColumn } from 'drizzle-orm/pg-core';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const busca = () => text().notNull().default('');
const trgm = (name: string, column: ExtraConfigColumn) => index(name).using('gin', column.op('gin_trgm_ops'));

/** Postal address, shared by users, clients and subscriptions. */
const addressColumns = () => ({
  address: text().notNull().default(''),
  addressNumber: text().notNull().default(''),
  province: text().notNull().default(''),
  cityandstate: text().notNull().default(''),
  uf: text().notNull().default(''),
  postalCode: text().notNull().default(''),
  complement: text().notNull().default(''),
});

/**
 * Where a tracker or a SIM card is (DESIGN 10, "Stock and imports"): estoque, tecnico (with
 * idtecnico), instalado (follows the link), manutencao, baixado (with motivo).
 */
const stockColumns = () => ({
  situacao: text().notNull().default('estoque'),
  idtecnico: integer(),
  motivo: text().notNull().default(''),
});

export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    name: text().notNull().default(''),
    cpf: text().notNull().default(''),
    email: text().notNull(),
    phone: text().notNull().default(''),
    mobilePhone: text().notNull().default(''),
    ...addressColumns(),
    login: text().notNull(),
    passwordHash: text().notNull(),
    /** Public pre-registration token (never the session secret). */
    token: text().notNull(),
    acesso: smallint().notNull().default(2),
    bloqueado: boolean().notNull().default(false),
    attributes: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** TOTP (DESIGN 10, "Trust"): the secret, encrypted with the key outside the database; null when off. */
    totpSecret: text(),
    /** A secret shown for enrollment and not yet confirmed by a code. */
    totpPendente: text(),
    /** The last TOTP step accepted: a code of that step or an earlier one is refused (no replay). */
    totpUltimoPasso: bigint({ mode: 'number' }),
    /** The recovery codes' hashes; each is removed when used. */
    codigosRecuperacao: jsonb().$type<string[]>().notNull().default([]),
    busca: busca(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_login_key').on(t.login),
    uniqueIndex('users_token_key').on(t.token),
    index('users_bloqueado_id_idx').on(t.bloqueado, t.id),
    trgm('users_busca_trgm', t.busca),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial().primaryKey(),
    tokenHash: text().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    userAgent: text().notNull().default(''),
    /** The address the session was opened from (Perfil → Segurança). */
    endereco: text().notNull().default(''),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_id_idx').on(t.userId)],
);

/** Failed logins per account and hits per address, shared by every app process. */
export const rateLimits = pgTable('rate_limits', {
  key: text().primaryKey(),
  hits: integer().notNull().default(0),
  windowStart: timestamp({ withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp({ withTimezone: true }),
});

/** The company's settings, one row (id 1): dadosempresa and integrations (DESIGN section 4). */
export const companySettings = pgTable('company_settings', {
  id: integer().primaryKey(),
  dadosempresa: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  integrations: jsonb().$type<Record<string, Record<string, unknown>>>().notNull().default({}),
  updatedAt: updatedAt(),
});

export const clientes = pgTable(
  'clientes',
  {
    id: serial().primaryKey(),
    idcard: integer().notNull().default(0),
    cadastro: text().notNull().default('FISICA'),
    name: text().notNull().default(''),
    cpf: text().notNull().default(''),
    cnpj: text().notNull().default(''),
    razaosocial: text().notNull().default(''),
    incmunicipal: text().notNull().default(''),
    incestdudal: text().notNull().default(''),
    email: text().notNull().default(''),
    phone: text().notNull().default(''),
    mobilePhone: text().notNull().default(''),
    ...addressColumns(),
    status: smallint().notNull().default(0),
    /** Who set the status: 'billing' (the daily job) or 'staff' (DESIGN section 9). */
    statusMotivo: text(),
    login: text().notNull().default(''),
    /** Whether the client has a tracking-app password (tab Acesso); the password itself is not kept. */
    temSenha: boolean().notNull().default(false),
    /**
     * A new app password on its way to Traccar, sealed with the server key (services/senha-app.ts);
     * emptied once Traccar has it. Never sent by the API.
     */
    traccarSenha: text().notNull().default(''),
    contatos: jsonb().$type<Array<Record<string, string>>>().notNull().default([]),
    /**
     * Staff lifted a billing block (DESIGN 9, "an override"): the ids of the charges that were
     * overdue then. The billing job blocks the client again only for an overdue charge not listed.
     */
    billingOverride: jsonb().$type<number[]>().notNull().default([]),
    traccarUserId: integer(),
    gatewayId: text(),
    /** "Não enviar mensagens": the client's alerts are skipped and logged as skipped. */
    naoEnviarMensagens: boolean().notNull().default(false),
    /** The client's Traccar user as last synced (integrations/sync.ts): 0 synced, 1 pending, 2 failed. */
    traccarSync: smallint().notNull().default(0),
    traccarErro: text().notNull().default(''),
    /** Created by the public pre-registration and not yet confirmed by staff ("Pré-cadastro"). */
    revisao: boolean().notNull().default(false),
    busca: busca(),
    dtcard: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('clientes_cpf_key')
      .on(t.cpf)
      .where(sql`${t.cpf} <> ''`),
    uniqueIndex('clientes_cnpj_key')
      .on(t.cnpj)
      .where(sql`${t.cnpj} <> ''`),
    index('clientes_status_id_idx').on(t.status, t.id),
    index('clientes_cadastro_id_idx').on(t.cadastro, t.id),
    index('clientes_revisao_id_idx')
      .on(t.id)
      .where(sql`${t.revisao}`),
    trgm('clientes_busca_trgm', t.busca),
  ],
);

export const veiculos = pgTable(
  'veiculos',
  {
    id: serial().primaryKey(),
    idcard: integer().notNull().default(0),
    idcliente: integer()
      .notNull()
      .references(() => clientes.id, { onDelete: 'restrict' }),
    category: text().notNull().default('car'),
    marca: text().notNull().default(''),
    modelo: text().notNull().default(''),
    ano: text().notNull().default(''),
    placa: text().notNull(),
    renavan: text().notNull().default(''),
    chassi: text().notNull().default(''),
    cor: text().notNull().default(''),
    /** The local tracker id, 0 when none (DESIGN section 9). */
    deviceId: integer().notNull().default(0),
    busca: busca(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('veiculos_placa_key').on(t.placa),
    uniqueIndex('veiculos_device_id_key')
      .on(t.deviceId)
      .where(sql`${t.deviceId} > 0`),
    index('veiculos_idcliente_idx').on(t.idcliente, t.id),
    trgm('veiculos_busca_trgm', t.busca),
  ],
);

export const trackres = pgTable(
  'trackres',
  {
    id: serial().primaryKey(),
    idcard: integer().notNull().default(0),
    imei: text().notNull(),
    modelo: text().notNull().default(''),
    marca: text().notNull().default(''),
    chipId: integer().notNull().default(0),
    phone: text().notNull().default(''),
    iccid: text().notNull().default(''),
    operadora: text().notNull().default(''),
    idcliente: integer().notNull().default(0),
    idveiculo: integer().notNull().default(0),
    /** The device id on the Traccar server, kept apart from the local id. */
    traccarId: integer(),
    /** The Traccar sync of this tracker: 0 synced, 1 pending, 2 failed (traccarErro says why), null never asked. */
    traccarSync: smallint(),
    traccarErro: text().notNull().default(''),
    traccarSyncAt: timestamp({ withTimezone: true }),
    /**
     * The name and the phone the product last gave the device (migration 0023); null: the device's
     * own, which the sync leaves as they are (an integration never changes what it only reads).
     */
    traccarNome: text(),
    traccarFone: text(),
    /** The vehicle's electrical system, 12 or 24 V; null: judged from the readings (DESIGN 10, "Fleet"). */
    tensaoNominal: smallint(),
    ...stockColumns(),
    busca: busca(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('trackres_imei_key').on(t.imei),
    index('trackres_situacao_id_idx').on(t.situacao, t.id),
    index('trackres_idtecnico_id_idx').on(t.idtecnico, t.id),
    uniqueIndex('trackres_idveiculo_key')
      .on(t.idveiculo)
      .where(sql`${t.idveiculo} > 0`),
    uniqueIndex('trackres_chip_id_key')
      .on(t.chipId)
      .where(sql`${t.chipId} > 0`),
    index('trackres_idcliente_idx').on(t.idcliente, t.id),
    trgm('trackres_busca_trgm', t.busca),
  ],
);

export const chips = pgTable(
  'chips',
  {
    id: serial().primaryKey(),
    idcard: integer().notNull().default(0),
    phone: text().notNull(),
    iccid: text().notNull(),
    operadora: text().notNull().default(''),
    fonecedor: text().notNull().default(''),
    deviceId: integer().notNull().default(0),
    /** What the SIM card costs a month (DESIGN 10, "Stock and imports"). */
    custoMensal: numeric({ precision: 10, scale: 2 }).notNull().default('0'),
    ...stockColumns(),
    busca: busca(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A chip made from a Traccar device's phone has no ICCID yet (filled in on its page).
    uniqueIndex('chips_iccid_key')
      .on(t.iccid)
      .where(sql`${t.iccid} <> ''`),
    uniqueIndex('chips_device_id_key')
      .on(t.deviceId)
      .where(sql`${t.deviceId} > 0`),
    index('chips_device_id_id_idx').on(t.deviceId, t.id),
    index('chips_situacao_id_idx').on(t.situacao, t.id),
    index('chips_idtecnico_id_idx').on(t.idtecnico, t.id),
    index('chips_operadora_idx').on(t.operadora),
    trgm('chips_busca_trgm', t.busca),
  ],
);

export const planos = pgTable(
  'planos',
  {
    id: serial().primaryKey(),
    idcard: integer().notNull().default(0),
    name: text().notNull().default(''),
    descricao: text().notNull().default(''),
    limtdispositivos: integer().notNull().default(1),
    valor: numeric({ precision: 12, scale: 2 }).notNull().default('0'),
    valoradd: numeric({ precision: 12, scale: 2 }).notNull().default('0'),
    informacoes: text().notNull().default(''),
    busca: busca(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [trgm('planos_busca_trgm', t.busca)],
);

export const contratos = pgTable(
  'contratos',
  {
    id: serial().primaryKey(),
    idcard: integer().notNull().default(0),
    idcliente: integer()
      .notNull()
      .references(() => clientes.id, { onDelete: 'restrict' }),
    idplano: integer().references(() => planos.id, { onDelete: 'set null' }),
    /** An editable copy of the chosen plan. */
    plano: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    informacoes: text().notNull().default(''),
    status: smallint().notNull().default(0),
    /** Public, unguessable token of the contract page. */
    token: text().notNull(),
    busca: busca(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('contratos_token_key').on(t.token),
    index('contratos_status_id_idx').on(t.status, t.id),
    index('contratos_idcliente_idx').on(t.idcliente, t.id),
    trgm('contratos_busca_trgm', t.busca),
  ],
);

export const assinaturas = pgTable(
  'assinaturas',
  {
    id: serial().primaryKey(),
    idcard: integer().notNull().default(0),
    idcliente: integer()
      .notNull()
      .references(() => clientes.id, { onDelete: 'restrict' }),
    cadastro: text().notNull().default('FISICA'),
    cnpj: text().notNull().default(''),
    razaosocial: text().notNull().default(''),
    incmunicipal: text().notNull().default(''),
    incestdudal: text().notNull().default(''),
    name: text().notNull().default(''),
    cpf: text().notNull().default(''),
    email: text().notNull().default(''),
    phone: text().notNull().default(''),
    mobilePhone: text().notNull().default(''),
    description: text().notNull().default(''),
    nextduedate: date({ mode: 'string' }).notNull(),
    enddate: date({ mode: 'string' }),
    valor: numeric({ precision: 12, scale: 2 }).notNull(),
    cycle: text().notNull().default('MONTHLY'),
    multa: numeric({ precision: 6, scale: 2 }).notNull().default('0'),
    jurosmensal: numeric({ precision: 6, scale: 2 }).notNull().default('0'),
    informacoes: text().notNull().default(''),
    datecreated: date({ mode: 'string' })
      .notNull()
      .default(sql`CURRENT_DATE`),
    status: smallint().notNull().default(0),
    gatewayId: text(),
    busca: busca(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('assinaturas_status_id_idx').on(t.status, t.id),
    index('assinaturas_idcliente_idx').on(t.idcliente, t.id),
    index('assinaturas_nextduedate_idx').on(t.nextduedate),
    uniqueIndex('assinaturas_gateway_id_key')
      .on(t.gatewayId)
      .where(sql`${t.gatewayId} IS NOT NULL`),
    trgm('assinaturas_busca_trgm', t.busca),
  ],
);

export const cobrancas = pgTable(
  'cobrancas',
  {
    id: serial().primaryKey(),
    idcard: integer().notNull().default(0),
    idcliente: integer()
      .notNull()
      .references(() => clientes.id, { onDelete: 'restrict' }),
    idassinatura: integer().references(() => assinaturas.id, { onDelete: 'set null' }),
    descricao: text().notNull().default(''),
    valor: numeric({ precision: 12, scale: 2 }).notNull(),
    duedate: date({ mode: 'string' }).notNull(),
    informacoes: text().notNull().default(''),
    datecreated: date({ mode: 'string' })
      .notNull()
      .default(sql`CURRENT_DATE`),
    status: smallint().notNull().default(0),
    paymentDate: date({ mode: 'string' }),
    gatewayId: text(),
    invoiceUrl: text().notNull().default(''),
    bankSlipUrl: text().notNull().default(''),
    /** The public payment page's token, unguessable (two random UUIDs: 244 bits), like a contract's. */
    token: text()
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    /** Received by hand or by the gateway: the amount and the method (DESIGN 10); the date is paymentDate. */
    valorPago: numeric({ precision: 12, scale: 2 }),
    formaPagamento: text(),
    /**
     * Who recorded the payment: 'equipe' (Receber, or staff setting status 1) or 'gateway' (Asaas'
     * webhook or import: not undone here); null while not received (migration 0023).
     */
    recebidoPor: text(),
    /**
     * Why Asaas refused staff's last change of the payment's value or due date (pt-BR): its PIX and
     * boleto still carry the old ones. Cleared when the payment follows (migration 0023).
     */
    gatewayErro: text(),
    /**
     * When an administrator last undid a staff receipt: the gateway's echo of that receipt (a payment
     * RECEIVED_IN_CASH) arriving after the undo must not mark the charge received again.
     */
    recebimentoDesfeitoEm: timestamp({ withTimezone: true }),
    /** PIX ({ payload, encodedImage, expirationDate }) and boleto ({ identificationField, bankSlipUrl }) as the gateway sync last read them. */
    pix: jsonb().$type<Record<string, unknown>>(),
    boleto: jsonb().$type<Record<string, unknown>>(),
    /** When pix and boleto were read; cleared by any change to the charge, so they are read again. */
    pagamentoLidoEm: timestamp({ withTimezone: true }),
    /** The NFS-e ({ id, status, numero, pdfUrl, xmlUrl, erro }), written by the gateway sync only. */
    nfse: jsonb().$type<Record<string, unknown>>(),
    /** The list filter's value: emitida, agendada, erro, or null (nenhuma). */
    nfseStatus: text(),
    busca: busca(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    /** One charge per subscription period, even when the billing job runs twice at once. */
    uniqueIndex('cobrancas_assinatura_duedate_key')
      .on(t.idassinatura, t.duedate)
      .where(sql`${t.idassinatura} IS NOT NULL`),
    index('cobrancas_status_duedate_idx').on(t.status, t.duedate),
    /** A due-date range (and a status), with the ids: a past month's page is picked from this index alone (migration 0007). */
    index('cobrancas_duedate_status_id_idx').on(t.duedate, t.status, t.id),
    index('cobrancas_idcliente_idx').on(t.idcliente, t.id),
    uniqueIndex('cobrancas_token_key').on(t.token),
    index('cobrancas_nfse_status_id_idx')
      .on(t.nfseStatus, t.id)
      .where(sql`${t.nfseStatus} IS NOT NULL`),
    uniqueIndex('cobrancas_gateway_id_key')
      .on(t.gatewayId)
      .where(sql`${t.gatewayId} IS NOT NULL`),
    trgm('cobrancas_busca_trgm', t.busca),
  ],
);

/**
 * The charges summed per due date and status, and the received ones (status 1) per payment day
 * (the due date when none was recorded): kept by statement triggers on `cobrancas` in the same
 * transaction as every change (migration 0007), so the buckets of a date range (`Informacoes`,
 * /financeiro) and its exact total read at most a few rows a day instead of every charge.
 */
/**
 * The charges' per-day rollups (migration 0007): a day's figures are the sum of its rows, one row
 * per database session that wrote them (`sessao`, the backend's pid; 0 once folded by the billing
 * run), so that writers in different sessions never update the same row (migration 0010).
 */
export const cobrancasResumoDia = pgTable(
  'cobrancas_resumo_dia',
  {
    duedate: date({ mode: 'string' }).notNull(),
    status: smallint().notNull(),
    sessao: integer().notNull().default(0),
    qnt: bigint({ mode: 'number' }).notNull(),
    valor: numeric({ precision: 18, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.duedate, t.status, t.sessao] })],
);

export const cobrancasRecebidasDia = pgTable(
  'cobrancas_recebidas_dia',
  {
    dia: date({ mode: 'string' }).notNull(),
    sessao: integer().notNull().default(0),
    qnt: bigint({ mode: 'number' }).notNull(),
    valor: numeric({ precision: 18, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.dia, t.sessao] })],
);

export const ordensservicos = pgTable(
  'ordensservicos',
  {
    id: serial().primaryKey(),
    idcard: integer().notNull().default(0),
    idcliente: integer()
      .notNull()
      .references(() => clientes.id, { onDelete: 'restrict' }),
    idveiculo: integer()
      .notNull()
      .references(() => veiculos.id, { onDelete: 'restrict' }),
    iddevice: integer()
      .notNull()
      .references(() => trackres.id, { onDelete: 'restrict' }),
    /** The staff user who does the installation (beyond SPEC: the installers' agenda). */
    idtecnico: integer().references(() => users.id, { onDelete: 'set null' }),
    descricao: text().notNull().default(''),
    /** instalacao takes the tracker from the técnico's stock into the vehicle; retirada returns it on Finalizar (DESIGN 10, "Stock and imports"). */
    tipo: text().notNull().default('instalacao'),
    agendamento: date({ mode: 'string' }),
    horario: text().notNull().default(''),
    informacoes: text().notNull().default(''),
    status: smallint().notNull().default(0),
    checklist: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** The tracker's live state stored by Finalizar, or { semValidacao, por, em } (DESIGN 10, "Fleet"). */
    validacao: jsonb().$type<Record<string, unknown>>(),
    busca: busca(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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
    id: serial().primaryKey(),
    idcard: integer().notNull().default(0),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('mensagens_key_key').on(t.key),
    index('mensagens_idcobranca_idx').on(t.idcobranca, t.id),
    index('mensagens_idcliente_idx').on(t.idcliente, t.id),
    /** The messages list filtered by a contract (GET /v1/mensagens?idcontrato=). */
    index('mensagens_idcontrato_idx').on(t.idcontrato, t.id),
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
    idrastreador: integer()
      .notNull()
      .references(() => trackres.id, { onDelete: 'cascade' }),
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
    uniqueIndex('frota_alarmes_event_id_key')
      .on(t.eventId)
      .where(sql`${t.eventId} IS NOT NULL`),
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

/** Where a tracker or a SIM card went, who moved it and for which service order (DESIGN 10). */
export const estoqueMovimentos = pgTable(
  'estoque_movimentos',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    /** trackres or chips. */
    recurso: text().notNull(),
    unidade: integer().notNull(),
    em: timestamp({ withTimezone: true }).notNull().defaultNow(),
    iduser: integer().references(() => users.id, { onDelete: 'set null' }),
    usuario: text().notNull().default(''),
    de: text().notNull(),
    para: text().notNull(),
    idtecnico: integer(),
    motivo: text().notNull().default(''),
    idordemservico: integer(),
  },
  (t) => [index('estoque_movimentos_unidade_idx').on(t.recurso, t.unidade, t.id)],
);

/**
 * How many trackers and chips are in each situation and técnico's hands (migration 0019): a
 * statement trigger on each table adds its statement's new rows and takes away its old ones, in
 * the writer's transaction, so a list filtered by situacao and idtecnico only reads its total and
 * `resumo` here (server/services/estoque.ts). A figure is the sum of its rows, one per database
 * session that wrote it (`sessao`, the backend's pid; 0 once folded by the billing run), so that
 * writers in different sessions never wait on one row (as versoes, migration 0010). `idtecnico` is
 * 0 for none.
 */
export const estoqueContagens = pgTable(
  'estoque_contagens',
  {
    /** trackres or chips. */
    recurso: text().notNull(),
    situacao: text().notNull(),
    idtecnico: integer().notNull().default(0),
    sessao: integer().notNull().default(0),
    n: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.recurso, t.situacao, t.idtecnico, t.sessao] })],
);

/**
 * A spreadsheet or Traccar import (DESIGN 10): the file is kept until it is done, so the pg-boss
 * job resumes after a restart from `processadas`.
 */
export const importacoes = pgTable(
  'importacoes',
  {
    id: serial().primaryKey(),
    /** clientes, veiculos, trackres, chips; origem says whether from a file or Traccar. */
    recurso: text().notNull(),
    origem: text().notNull().default('arquivo'),
    modo: text().notNull(),
    duplicados: text().notNull().default('ignorar'),
    colunas: jsonb().$type<Record<string, string>>().notNull().default({}),
    nomeArquivo: text().notNull().default(''),
    arquivo: bytea(),
    /** processando, concluida, falhou. */
    status: text().notNull().default('processando'),
    motivo: text().notNull().default(''),
    total: integer().notNull().default(0),
    processadas: integer().notNull().default(0),
    criadas: integer().notNull().default(0),
    atualizadas: integer().notNull().default(0),
    ignoradas: integer().notNull().default(0),
    nErros: integer().notNull().default(0),
    /** Notes on rows written all the same (a Traccar device created without its vehicle or chip). */
    nAvisos: integer().notNull().default(0),
    iduser: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('importacoes_created_at_idx').on(t.createdAt, t.id)],
);

/** The rows an import skipped (issue 30): the line, why, and the existing record the row matched (its id and key). */
export const importacaoIgnoradas = pgTable(
  'importacao_ignoradas',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    idimportacao: integer()
      .notNull()
      .references(() => importacoes.id, { onDelete: 'cascade' }),
    linha: integer().notNull(),
    motivo: text().notNull(),
    registro: jsonb().$type<{ id: number | null; chave: string }>(),
  },
  (t) => [index('importacao_ignoradas_idimportacao_idx').on(t.idimportacao, t.linha)],
);

/** The refused rows of an import: line as a spreadsheet shows it, the column and the reason, with the row for erros.csv. */
export const importacaoErros = pgTable(
  'importacao_erros',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    idimportacao: integer()
      .notNull()
      .references(() => importacoes.id, { onDelete: 'cascade' }),
    linha: integer().notNull(),
    campo: text().notNull().default(''),
    mensagem: text().notNull(),
    dados: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** A note on a row written all the same (counted in nAvisos), not a refusal. */
    aviso: boolean().notNull().default(false),
  },
  (t) => [index('importacao_erros_idimportacao_idx').on(t.idimportacao, t.linha)],
);
