/** The bodies of a contract's item routes (DESIGN 11, "Vehicles as contract items"). */
import { z } from 'zod';
import { ITEM_TIPOS } from '../contratoItens';
import { MSG } from '../messages';
import { bool, id, text } from './common';
import { calendarDate } from './financeiro';
import { money } from './money';
import { fidelidadeMesesSchema, multaFidelidadeSchema } from './planos';

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
/** A date, or null when blank. */
const dateOrNull = () => z.preprocess((v) => (blank(v) ? null : v), calendarDate().nullable());
/** A value in reais, or null (blank): the plan's value or its tier. */
const valorOrNull = () => z.preprocess((v) => (blank(v) ? null : v), money().nullable());

export const itemCreateSchema = z.object({
  tipo: z.preprocess((v) => (blank(v) ? 'veiculo' : v), z.enum(ITEM_TIPOS, { error: MSG.itemTipo })),
  idveiculo: z.preprocess((v) => (blank(v) ? null : v), id(MSG.itemVeiculoObrigatorio).nullable()),
  descricao: text(255),
  valor: valorOrNull().default(null),
  inicio: dateOrNull().default(null),
  fim: dateOrNull().default(null),
  /** Absent: the contract's plan's. */
  fidelidadeMeses: fidelidadeMesesSchema.optional(),
  multaFidelidade: multaFidelidadeSchema.optional(),
  naoCobrarMulta: bool().default(false),
});
export type ItemCreateInput = z.infer<typeof itemCreateSchema>;

/** `PUT …/itens/{iditem}`: only what the body carries changes. */
export const itemUpdateSchema = z.object({
  descricao: text(255).optional(),
  valor: z.preprocess((v) => (v === undefined ? undefined : blank(v) ? null : v), money().nullable().optional()),
  inicio: z.preprocess((v) => (v === undefined ? undefined : blank(v) ? null : v), calendarDate().nullable().optional()),
  fim: z.preprocess((v) => (v === undefined ? undefined : blank(v) ? null : v), calendarDate().nullable().optional()),
  fidelidadeMeses: z.preprocess((v) => (v === undefined ? undefined : v), fidelidadeMesesSchema.optional()),
  multaFidelidade: multaFidelidadeSchema.optional(),
  naoCobrarMulta: bool().optional(),
});
export type ItemUpdateInput = z.infer<typeof itemUpdateSchema>;

/** `POST …/suspender { de }` and `…/reativar { de }`. */
export const itemDataSchema = z.object({
  de: z.preprocess(
    (v) => (blank(v) ? undefined : v),
    z.union([calendarDate(), z.undefined()]).refine((v) => v !== undefined, { error: MSG.required }),
  ),
});
export type ItemDataInput = z.infer<typeof itemDataSchema>;

/** `POST …/cancelar`: billing stops at `fim` (today when absent); `dispensarMulta` is an administrator's; `ordem` opens the removal order. */
export const itemCancelarSchema = z.object({
  fim: dateOrNull().default(null),
  motivo: text(500),
  dispensarMulta: bool().default(false),
  ordem: bool().default(true),
});
export type ItemCancelarInput = z.infer<typeof itemCancelarSchema>;

export const itemParams = z.object({ id: id(), iditem: id() });
