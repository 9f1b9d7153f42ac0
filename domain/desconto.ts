/**
 * The early-payment discount (DESIGN 11, "Collecting without chasing"): a plan's or a
 * subscription's rule `{ valor, tipo: valor|percentual, diasAntes }` (a subscription without its
 * own takes its plan's), copied onto each charge when it is created and sent to Asaas as
 * `discount` (INTEGRATIONS.md 4.3). A charge shows it as `{ valor, valorComDesconto, ate }`: the
 * amount off, what is paid with it, and the last day it holds. One spelling for the browser, the
 * server and the messages.
 */
import { z } from 'zod';
import { addDays, type CalendarDate } from './calendar';
import { formatDate, formatMoney } from './formatters';
import { MSG } from './messages';
import { int } from './schemas/common';
import { money } from './schemas/money';

export const DESCONTO_TIPOS = ['valor', 'percentual'] as const;
export type DescontoTipo = (typeof DESCONTO_TIPOS)[number];

/** The most days before the due date a discount may end (Asaas's dueDateLimitDays). */
export const DESCONTO_DIAS_MAX = 60;

// A type, not an interface: a stored rule is a jsonb Record.
export type DescontoRegra = {
  valor: number;
  tipo: DescontoTipo;
  diasAntes: number;
};

/** A charge's discount, as its read, its payment page and its messages show it. */
export interface DescontoCobranca {
  /** The amount off, in reais. */
  valor: number;
  valorComDesconto: number;
  /** The last day it holds (the due date minus diasAntes). */
  ate: CalendarDate;
}

export const MSG_DESCONTO = {
  tipo: 'Use valor ou percentual.',
  dias: `Informe de 0 a ${DESCONTO_DIAS_MAX} dias antes do vencimento.`,
  zero: 'Informe um desconto maior que zero.',
  percentual: 'O desconto deve ser menor que 100%.',
  valor: 'O desconto deve ser menor que o valor cobrado.',
} as const;

/**
 * A subscription's "Sem desconto": none, even where its plan has one (null takes the plan's). Stored
 * as it is; `regraDe` reads it as no rule, so its charges, its Asaas subscription and its messages
 * carry no discount.
 */
export const SEM_DESCONTO = { tipo: 'nenhum' } as const;
export type SemDesconto = typeof SEM_DESCONTO;
/** Whether `v` is a subscription's "Sem desconto" (`{ tipo: 'nenhum' }`, whatever else it carries). */
export const ehSemDesconto = (v: unknown): boolean =>
  typeof v === 'object' && v !== null && (v as { tipo?: unknown }).tipo === SEM_DESCONTO.tipo;

/**
 * `desconto` in a plan's or a subscription's body: an object, null (none; on a subscription: its
 * plan's), or absent (kept). `semDesconto` (a subscription's): `{ tipo: 'nenhum' }` is taken too.
 */
export const descontoSchema = ({ semDesconto = false } = {}) =>
  z
    .preprocess(
      // "Sem desconto" takes no figure: whatever came with it (a form's leftovers) is not read.
      (v) => (semDesconto && ehSemDesconto(v) ? SEM_DESCONTO : v),
      z.object(
        {
          valor: money()
            .refine((v) => v > 0, { error: MSG_DESCONTO.zero })
            .optional(),
          tipo: z.enum(semDesconto ? [...DESCONTO_TIPOS, SEM_DESCONTO.tipo] : DESCONTO_TIPOS, { error: MSG_DESCONTO.tipo }),
          diasAntes: z.preprocess(
            (v) => (v === undefined || v === null || v === '' ? 0 : v),
            int(MSG_DESCONTO.dias).pipe(
              z.number().min(0, { error: MSG_DESCONTO.dias }).max(DESCONTO_DIAS_MAX, { error: MSG_DESCONTO.dias }),
            ),
          ),
        },
        { error: MSG.invalidInput },
      ),
    )
    .superRefine((regra, ctx) => {
      if (regra.tipo !== SEM_DESCONTO.tipo && regra.valor === undefined)
        ctx.addIssue({ code: 'custom', path: ['valor'], message: MSG_DESCONTO.zero });
    })
    .transform((regra): DescontoRegra | SemDesconto =>
      regra.tipo === SEM_DESCONTO.tipo
        ? SEM_DESCONTO
        : { valor: regra.valor!, tipo: regra.tipo as DescontoTipo, diasAntes: regra.diasAntes },
    )
    .nullable()
    .optional();

/** Why a rule cannot apply to `valor` (≥ 100 %, or ≥ the amount charged), or undefined. */
export function descontoInvalido(regra: DescontoRegra | SemDesconto | null | undefined, valor: number): string | undefined {
  if (!regra || regra.tipo === SEM_DESCONTO.tipo) return undefined;
  if (regra.tipo === 'percentual') return regra.valor >= 100 ? MSG_DESCONTO.percentual : undefined;
  return regra.valor >= valor ? MSG_DESCONTO.valor : undefined;
}

/** A stored rule (jsonb), or null when it is not one. */
export function regraDe(value: unknown): DescontoRegra | null {
  if (!value || typeof value !== 'object') return null;
  const { valor, tipo, diasAntes } = value as Record<string, unknown>;
  const v = Number(valor);
  if (!(v > 0) || !DESCONTO_TIPOS.includes(tipo as DescontoTipo)) return null;
  const dias = Number(diasAntes ?? 0);
  return { valor: v, tipo: tipo as DescontoTipo, diasAntes: Number.isInteger(dias) && dias >= 0 ? dias : 0 };
}

const cents = (value: number) => Math.round(value * 100) / 100;

/** The discount of a charge of `valor` due `duedate` under `regra`, or null (none, or one that would leave nothing to pay). */
export function descontoDaCobranca(regra: unknown, valor: number, duedate: CalendarDate): DescontoCobranca | null {
  const rule = regraDe(regra);
  if (!rule || descontoInvalido(rule, valor)) return null;
  const off = cents(rule.tipo === 'percentual' ? (valor * rule.valor) / 100 : rule.valor);
  if (!(off > 0) || off >= valor) return null;
  return { valor: off, valorComDesconto: cents(valor - off), ate: addDays(duedate, -rule.diasAntes) };
}

/** The discount as Asaas takes it on payments and subscriptions (INTEGRATIONS.md 4.3); none: a zero discount. */
export function asaasDiscount(regra: unknown) {
  const rule = regraDe(regra);
  return rule
    ? { value: rule.valor, dueDateLimitDays: rule.diasAntes, type: rule.tipo === 'percentual' ? 'PERCENTAGE' : 'FIXED' }
    : { value: 0, dueDateLimitDays: 0, type: 'FIXED' };
}

/** The placeholders of a charge's discount: {{desconto}} a sentence (or empty), {{valorComDesconto}}, {{descontoAte}}. */
export function descontoPlaceholders(desconto: DescontoCobranca | null) {
  if (!desconto) return { desconto: '', valorComDesconto: '', descontoAte: '' };
  const valorComDesconto = formatMoney(desconto.valorComDesconto);
  const descontoAte = formatDate(desconto.ate);
  return {
    desconto: `Pagando até ${descontoAte}, você paga ${valorComDesconto} (desconto de ${formatMoney(desconto.valor)}).`,
    valorComDesconto,
    descontoAte,
  };
}
