/**
 * The yearly readjustment of a contract (DESIGN 11, "Vehicles as contract items"), pure and shared
 * by the server and the screens: the indexes, the BCB SGS series, the months whose figures make a
 * competência's percentage, the percentage itself and a value readjusted.
 *
 * `percentual` is in percent (4.8312 means 4,8312 %): ∏(1 + m/100) − 1 over the 12 monthly figures
 * ending two months before the anniversary month, × 100, to 4 decimals; a negative result is 0.
 */
import { opcoes } from './opcoes';

import { z } from 'zod';
import { addMonths } from './calendar';

export const { valores: REAJUSTE_INDICES, labels: REAJUSTE_INDICE_LABELS } = opcoes({
  IPCA: 'IPCA',
  IGPM: 'IGP-M',
  fixo: 'Percentual fixo',
  nenhum: 'Sem reajuste',
});
export type ReajusteIndice = (typeof REAJUSTE_INDICES)[number];
/** The Banco Central's SGS series of each index (monthly variation, in %). */
export const SGS_SERIES: Record<'IPCA' | 'IGPM', number> = { IPCA: 433, IGPM: 189 };
export const REAJUSTE_FONTES = ['manual', 'bcb'] as const;
export const REAJUSTE_URL_PADRAO = 'https://api.bcb.gov.br/dados/serie';

export const { valores: REAJUSTE_STATUS, labels: REAJUSTE_STATUS_LABELS } = opcoes({
  aguardando_indice: 'Aguardando índice',
  proposto: 'Proposto',
  aplicado: 'Aplicado',
  descartado: 'Descartado',
});
export type ReajusteStatus = (typeof REAJUSTE_STATUS)[number];

/** A contract's readjustment: the index, the fixed percentage (fixo) and the anniversary month (1–12). */
export interface ContratoReajuste {
  indice: ReajusteIndice;
  percentual: number | null;
  mes: number | null;
}
export const REAJUSTE_PADRAO: ContratoReajuste = { indice: 'nenhum', percentual: null, mes: null };

/** A competência is the anniversary month, `AAAA-MM`. */
export type Competencia = string;
export const competenciaDe = (date: string): Competencia => date.slice(0, 7);
const primeiro = (competencia: Competencia) => `${competencia}-01`;
export const somarMeses = (competencia: Competencia, meses: number): Competencia => addMonths(primeiro(competencia), meses).slice(0, 7);

/** The 12 months (`AAAA-MM`, oldest first) whose figures make competência E's percentage: those ending at E − 2. */
export function mesesDoIndice(competencia: Competencia): Competencia[] {
  return Array.from({ length: 12 }, (_, i) => somarMeses(competencia, i - 13));
}

/** The competência `today` proposes for an anniversary month: that month of this year when today is in it or the month before, else null. */
export function competenciaAPropor(today: string, mes: number): Competencia | null {
  for (const competencia of [competenciaDe(today), somarMeses(competenciaDe(today), 1)])
    if (Number(competencia.slice(5, 7)) === mes) return competencia;
  return null;
}

/** ∏(1 + m/100) − 1, in percent to 4 decimals, negative → 0; null unless there are 12 figures. */
export function percentualAcumulado(figuras: readonly number[]): number | null {
  if (figuras.length !== 12 || figuras.some((m) => !Number.isFinite(m))) return null;
  const fator = figuras.reduce((produto, m) => produto * (1 + m / 100), 1);
  const percentual = Math.round((fator - 1) * 100 * 10_000) / 10_000;
  return percentual > 0 ? percentual : 0;
}

/** A value readjusted by `percentual` %, to the cent. */
export const reajustar = (valor: number, percentual: number) => Math.round(valor * (1 + percentual / 100) * 100) / 100;

/** "dd/mm/aaaa" of the SGS JSON → `AAAA-MM`; null when it is not such a date. */
export function mesDoSgs(data: unknown): Competencia | null {
  const match = typeof data === 'string' ? /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(data) : null;
  return match ? `${match[3]}-${match[2]}` : null;
}

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
const numero = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim().replace(',', '.')) : v);
const percentualSchema = z.preprocess(
  numero,
  z
    .number({ error: 'Informe o percentual (ex.: 4,5)' })
    .min(0, { error: 'O percentual vai de 0 a 100' })
    .max(100, { error: 'O percentual vai de 0 a 100' })
    .refine((v) => Math.round(v * 10_000) === v * 10_000 || Math.abs(Math.round(v * 10_000) - v * 10_000) < 1e-6, {
      error: 'Use no máximo 4 casas decimais',
    }),
);

/** A contract's `reajuste` as the API takes it. */
export const contratoReajusteSchema = z
  .object({
    indice: z.enum(REAJUSTE_INDICES, { error: 'Escolha IPCA, IGPM, fixo ou nenhum' }),
    percentual: z.preprocess((v) => (blank(v) ? null : v), percentualSchema.nullable()).default(null),
    mes: z
      .preprocess(
        (v) => (blank(v) ? null : numero(v)),
        z
          .number({ error: 'Informe o mês de 1 a 12' })
          .int({ error: 'Informe o mês de 1 a 12' })
          .min(1, { error: 'Informe o mês de 1 a 12' })
          .max(12, { error: 'Informe o mês de 1 a 12' })
          .nullable(),
      )
      .default(null),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.indice === 'fixo' && value.percentual === null)
      ctx.addIssue({ code: 'custom', path: ['percentual'], message: 'Informe o percentual fixo do reajuste' });
  });

/** `PUT /v1/reajustes/{id}`: the figure staff typed. */
export const reajustePercentualSchema = z.object({ percentual: percentualSchema }).strict();
/** `POST /v1/reajustes/aplicar` (many). */
export const reajusteIdsSchema = z
  .object({
    ids: z
      .array(z.number({ error: 'Informe os reajustes' }).int().positive(), { error: 'Informe os reajustes' })
      .min(1, { error: 'Informe de 1 a 500 reajustes' })
      .max(500, { error: 'Informe de 1 a 500 reajustes' }),
  })
  .strict();
export const reajusteListaSchema = z
  .object({
    competencia: z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Competência no formato AAAA-MM' })
      .optional(),
    status: z.enum(REAJUSTE_STATUS, { error: 'Status: aguardando_indice, proposto, aplicado ou descartado' }).optional(),
    idcontrato: z.preprocess(numero, z.number({ error: 'Contrato inválido' }).int().positive()).optional(),
    page: z.preprocess(numero, z.number().int().min(1).max(100_000)).optional(),
    pageSize: z.preprocess(numero, z.number().int().min(1).max(500)).optional(),
  })
  .strict();

/** The settings' source of the index figures. */
export const reajusteSettingsSchema = z
  .object({
    fonte: z.enum(REAJUSTE_FONTES, { error: 'Fonte: manual ou bcb' }),
    url: z
      .string()
      .max(300)
      .refine((v) => /^https?:\/\/[^\s]+$/i.test(v), { error: 'Informe um endereço http(s)://' }),
  })
  .partial();
