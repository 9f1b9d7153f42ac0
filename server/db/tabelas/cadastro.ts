/** The registry (SPEC section 3): clients, vehicles, trackers, SIM cards and plans. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, busca, trgm, addressColumns, stockColumns, linkTo, timestamps, recordKeys } from './comum';

export const clientes = pgTable(
  'clientes',
  {
    ...recordKeys(),
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
     * A new app password on its way to Traccar, sealed with the server key (seguranca/senha-app.ts);
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
    /** The client's Traccar user as last synced (frota/traccar-sync.ts): 0 synced, 1 pending, 2 failed. */
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
    ...recordKeys(),
    idcliente: linkTo(() => clientes.id, 'restrict'),
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
    ...timestamps(),
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
    ...recordKeys(),
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
    ...timestamps(),
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
    ...recordKeys(),
    phone: text().notNull(),
    iccid: text().notNull(),
    operadora: text().notNull().default(''),
    fonecedor: text().notNull().default(''),
    deviceId: integer().notNull().default(0),
    /** What the SIM card costs a month (DESIGN 10, "Stock and imports"). */
    custoMensal: numeric({ precision: 10, scale: 2 }).notNull().default('0'),
    ...stockColumns(),
    busca: busca(),
    ...timestamps(),
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
    ...recordKeys(),
    name: text().notNull().default(''),
    descricao: text().notNull().default(''),
    limtdispositivos: integer().notNull().default(1),
    valor: numeric({ precision: 12, scale: 2 }).notNull().default('0'),
    valoradd: numeric({ precision: 12, scale: 2 }).notNull().default('0'),
    /** The early-payment discount of its subscriptions ({ valor, tipo: valor|percentual, diasAntes }), or none (DESIGN 11). */
    desconto: jsonb().$type<Record<string, unknown>>(),
    informacoes: text().notNull().default(''),
    /** Fleet tiers `[{ de, ate|null, valor }]` by the contract's active vehicle count (DESIGN 11); empty: `valor`. */
    faixas: jsonb().$type<{ de: number; ate: number | null; valor: number }[]>().notNull().default([]),
    fidelidadeMeses: integer().notNull().default(0),
    multaFidelidade: jsonb().$type<{ tipo: 'proporcional' | 'fixa'; valor: number }>(),
    busca: busca(),
    ...timestamps(),
  },
  (t) => [trgm('planos_busca_trgm', t.busca)],
);
