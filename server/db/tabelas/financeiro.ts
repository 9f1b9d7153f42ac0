/** Contracts, subscriptions and charges, with the charges' per-day rollups. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  boolean,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { busca, trgm, linkTo, timestamps, isSet, recordKeys } from './comum';
import { clientes, planos, veiculos } from './cadastro';

export const contratos = pgTable(
  'contratos',
  {
    ...recordKeys(),
    idcliente: linkTo(() => clientes.id, 'restrict'),
    idplano: integer().references(() => planos.id, { onDelete: 'set null' }),
    /** An editable copy of the chosen plan. */
    plano: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    informacoes: text().notNull().default(''),
    status: smallint().notNull().default(0),
    /** Public, unguessable token of the contract page. */
    token: text().notNull(),
    /** The next due date of its linked subscription's charge, kept by the billing run (DESIGN 11); null when unlinked. */
    proximaCobranca: date({ mode: 'string' }),
    /**
     * The contract's block (DESIGN 11, "Block per contract"): 'faturamento' (its linked
     * subscription's charge `bloqueio` days overdue), 'manual' (staff), null when not blocked.
     * Its vehicles' items follow (`contratos_itens.bloqueado`).
     */
    bloqueio: text(),
    /** Staff lifted a billing block: the ids of the charges overdue then (as clientes.billingOverride). */
    bloqueioOverride: jsonb().$type<number[]>().notNull().default([]),
    /** A Traccar block job works on this contract until then (frota/traccar-bloqueio.ts): one at a time, no transaction held. */
    traccarOcupadoAte: timestamp({ withTimezone: true }),
    /** The yearly readjustment (DESIGN 11): { indice: IPCA|IGPM|fixo|nenhum, percentual (fixo, in %), mes (1–12; null: the creation month) }. */
    reajuste: jsonb()
      .$type<{ indice: string; percentual: number | null; mes: number | null }>()
      .notNull()
      .default({ indice: 'nenhum', percentual: null, mes: null }),
    busca: busca(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('contratos_token_key').on(t.token),
    index('contratos_status_id_idx').on(t.status, t.id),
    index('contratos_bloqueio_idx').on(t.idcliente).where(isSet(t.bloqueio)),
    index('contratos_idcliente_idx').on(t.idcliente, t.id),
    trgm('contratos_busca_trgm', t.busca),
  ],
);

/**
 * A contract's items (DESIGN 11, "Vehicles as contract items"): one per vehicle (or a service),
 * each with its value (null: the plan's, or its fleet tier), its life (pendente until its
 * installation, ativo, suspenso, cancelado) and its fidelity. `suspensoes` keeps every
 * suspension's `[de, ate)` (ate null while suspended), so a past period's active days can be told.
 */
export const contratosItens = pgTable(
  'contratos_itens',
  {
    id: serial().primaryKey(),
    idcontrato: linkTo(() => contratos.id, 'cascade'),
    tipo: text().notNull().default('veiculo'),
    idveiculo: integer().references(() => veiculos.id, { onDelete: 'restrict' }),
    descricao: text().notNull().default(''),
    valor: numeric({ precision: 12, scale: 2 }),
    status: text().notNull().default('pendente'),
    inicio: date({ mode: 'string' }),
    fim: date({ mode: 'string' }),
    suspensoes: jsonb().$type<{ de: string; ate: string | null }[]>().notNull().default([]),
    fidelidadeMeses: integer().notNull().default(0),
    fimFidelidade: date({ mode: 'string' }),
    multaFidelidade: jsonb().$type<{ tipo: 'proporcional' | 'fixa'; valor: number }>(),
    naoCobrarMulta: boolean().notNull().default(false),
    /** Its contract is blocked: the client's Traccar user loses this vehicle's device (DESIGN 11). */
    bloqueado: boolean().notNull().default(false),
    /** What the Traccar jobs last applied (frota/traccar-bloqueio.ts); differs from `bloqueado` while a job is due. */
    traccarBloqueado: boolean().notNull().default(false),
    motivo: text().notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    index('contratos_itens_idcontrato_idx').on(t.idcontrato, t.id),
    /** The blocked vehicles (the clients' `bloqueio` filter), and the items whose Traccar change is due (the sweep). */
    index('contratos_itens_bloqueado_idx')
      .on(t.idcontrato)
      .where(sql`${t.bloqueado}`),
    index('contratos_itens_traccar_devido_idx')
      .on(t.idcontrato)
      .where(sql`${t.bloqueado} <> ${t.traccarBloqueado}`),
    /** One live item per vehicle: a cancelled one frees it. */
    uniqueIndex('contratos_itens_idveiculo_vivo_key')
      .on(t.idveiculo)
      .where(sql`${t.idveiculo} IS NOT NULL AND ${t.status} <> 'cancelado'`),
  ],
);

export const assinaturas = pgTable(
  'assinaturas',
  {
    ...recordKeys(),
    idcliente: linkTo(() => clientes.id, 'restrict'),
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
    /** The contract whose active items make its value (DESIGN 11, "Vehicles as contract items"); one subscription per contract. */
    idcontrato: integer().references(() => contratos.id, { onDelete: 'set null' }),
    /** The early-payment discount ({ valor, tipo: valor|percentual, diasAntes }); null: its plan's (DESIGN 11). */
    desconto: jsonb().$type<Record<string, unknown>>(),
    /** How it is collected (DESIGN 11): boleto_pix (Asaas UNDEFINED), cartao, pix_automatico. */
    formaCobranca: text().notNull().default('boleto_pix'),
    /** The card on file as Asaas reports it ({ status: aguardando|ativo|recusado, final, bandeira }); null: none. */
    cartao: jsonb().$type<Record<string, unknown>>(),
    /** The Pix Automático authorization ({ id, status, payload, encodedImage, expiraEm, motivo }); null: none. */
    pixAutomatico: jsonb().$type<Record<string, unknown>>(),
    busca: busca(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('assinaturas_idcontrato_key').on(t.idcontrato).where(isSet(t.idcontrato)),
    index('assinaturas_status_id_idx').on(t.status, t.id),
    index('assinaturas_idcliente_idx').on(t.idcliente, t.id),
    index('assinaturas_nextduedate_idx').on(t.nextduedate),
    uniqueIndex('assinaturas_gateway_id_key').on(t.gatewayId).where(isSet(t.gatewayId)),
    trgm('assinaturas_busca_trgm', t.busca),
  ],
);

export const cobrancas = pgTable(
  'cobrancas',
  {
    ...recordKeys(),
    idcliente: linkTo(() => clientes.id, 'restrict'),
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
    /** A linked subscription's charge's lines (DESIGN 11): `{ tipo, descricao, placa, de, ate, dias, valor, iditem }`, summing to valor; null otherwise. */
    itens: jsonb().$type<Record<string, unknown>[]>(),
    /** PIX ({ payload, encodedImage, expirationDate }) and boleto ({ identificationField, bankSlipUrl }) as the gateway sync last read them. */
    pix: jsonb().$type<Record<string, unknown>>(),
    boleto: jsonb().$type<Record<string, unknown>>(),
    /** When pix and boleto were read; cleared by any change to the charge, so they are read again. */
    pagamentoLidoEm: timestamp({ withTimezone: true }),
    /** The NFS-e ({ id, status, numero, pdfUrl, xmlUrl, erro }), written by the gateway sync only. */
    nfse: jsonb().$type<Record<string, unknown>>(),
    /** The list filter's value: emitida, agendada, erro, or null (nenhuma). */
    nfseStatus: text(),
    /** The early-payment discount's rule ({ valor, tipo, diasAntes }) copied from its subscription (or plan) when created (DESIGN 11). */
    desconto: jsonb().$type<Record<string, unknown>>(),
    /** Negativação through Asaas (DESIGN 11): { id, status, avisoEm, avisoMeio, solicitadaEm, taxa, motivo, podeCancelar }; null: none. */
    negativacao: jsonb().$type<Record<string, unknown>>(),
    /** The negativação's Asaas status, for the list filter; null: none. */
    negativacaoStatus: text(),
    /**
     * A Pix Automático debit's instruction (DESIGN 11, PIX_AUTOMATIC_RECURRING_PAYMENT_INSTRUCTION_*):
     * { id, status: criada|agendada|recusada|cancelada, motivo, em }; null: none. Refused or cancelled:
     * the charge is paid by PIX or boleto, as any other.
     */
    debitoPix: jsonb().$type<Record<string, unknown>>(),
    busca: busca(),
    ...timestamps(),
  },
  (t) => [
    /** One charge per subscription period, even when the billing job runs twice at once. */
    uniqueIndex('cobrancas_assinatura_duedate_key').on(t.idassinatura, t.duedate).where(isSet(t.idassinatura)),
    index('cobrancas_status_duedate_idx').on(t.status, t.duedate),
    /** A due-date range (and a status), with the ids: a past month's page is picked from this index alone (migration 0007). */
    index('cobrancas_duedate_status_id_idx').on(t.duedate, t.status, t.id),
    index('cobrancas_idcliente_idx').on(t.idcliente, t.id),
    uniqueIndex('cobrancas_token_key').on(t.token),
    index('cobrancas_nfse_status_id_idx').on(t.nfseStatus, t.id).where(isSet(t.nfseStatus)),
    index('cobrancas_negativacao_status_id_idx').on(t.negativacaoStatus, t.id).where(isSet(t.negativacaoStatus)),
    uniqueIndex('cobrancas_gateway_id_key').on(t.gatewayId).where(isSet(t.gatewayId)),
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
