/**
 * The yearly readjustments (DESIGN 11, "Vehicles as contract items"): one per contract and
 * competência (the anniversary month, AAAA-MM), proposed by the daily job, then applied or
 * discarded by staff. `itens` are the values it changes ({ iditem, valorAtual, valorNovo }; iditem
 * null for the plan copy's value), read again when it is applied.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { linkTo, timestamps } from './comum';
import { contratos } from './financeiro';

export const reajustes = pgTable(
  'reajustes',
  {
    id: serial().primaryKey(),
    idcontrato: linkTo(() => contratos.id, 'cascade'),
    competencia: text().notNull(),
    indice: text().notNull(),
    /** In percent, 4 decimals; null while the index's figures are missing (aguardando_indice). */
    percentual: numeric({ precision: 9, scale: 4 }),
    /** Where the figure came from: bcb, manual (typed by staff), fixo (the contract's). */
    origem: text().notNull().default(''),
    status: text().notNull().default('aguardando_indice'),
    itens: jsonb().$type<{ iditem: number | null; descricao: string; valorAtual: number; valorNovo: number }[]>().notNull().default([]),
    totalAtual: numeric({ precision: 12, scale: 2 }).notNull().default('0'),
    totalNovo: numeric({ precision: 12, scale: 2 }).notNull().default('0'),
    aplicadoEm: timestamp({ withTimezone: true }),
    idusuario: integer(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('reajustes_contrato_competencia_key').on(t.idcontrato, t.competencia),
    index('reajustes_competencia_status_idx').on(t.competencia, t.status, t.id),
    index('reajustes_status_idx')
      .on(t.status)
      .where(sql`${t.status} = 'aguardando_indice'`),
  ],
);
