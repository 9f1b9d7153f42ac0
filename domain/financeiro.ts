/**
 * Finance (SPEC 2.12–2.14 and 4, DESIGN 4, 7 and 9): the status codes and labels of contracts,
 * subscriptions and charges, the subscription cycles, and the updated value of an overdue charge
 * (fine and interest), computed once here in whole cents.
 */
import { opcoes } from './opcoes';

import { addDays, addMonths, daysBetween, type CalendarDate } from './calendar';
import { faturamentoMoveCliente } from './cobranca';
import { ASSINATURA_STATUS, CLIENTE_STATUS, COBRANCA_STATUS, CONTRATO_STATUS, PLACEHOLDER_ALIASES } from './constants';

export { ASSINATURA_STATUS, COBRANCA_STATUS, CONTRATO_STATUS };

/** Contract: 1 is Encerrado, anything else Ativo (SPEC 4). */
export const CONTRATO_STATUS_LABELS: Record<number, string> = { 0: 'Ativo', 1: 'Encerrado' };

/** Subscription: one meaning everywhere, the filter's (DESIGN 4); 3 (old data) reads as Vencida. */
export const ASSINATURA_STATUS_LABELS: Record<number, string> = { 0: 'Ativa', 1: 'Bloqueada', 2: 'Vencida', 3: 'Vencida' };

/** Charge, in lists and filters; the charge page says Pago for 1 (DESIGN 9). A charge is Vencida everywhere, a client Vencido (issue 30). */
export const COBRANCA_STATUS_LABELS: Record<number, string> = { 0: 'Em Aberto', 1: 'Recebida', 2: 'Vencida', 3: 'Cancelada' };
export const COBRANCA_PAGE_LABELS: Record<number, string> = { 0: 'Em Aberto', 1: 'Pago', 2: 'Vencida', 3: 'Cancelada' };

/** The recurrence of a subscription (SPEC 9), stored as the payment gateway names them. */
export const { valores: CYCLES, labels: CYCLE_LABELS } = opcoes({
  WEEKLY: 'Semanal',
  BIWEEKLY: 'Quinzenal',
  MONTHLY: 'Mensal',
  BIMONTHLY: 'Bimestral',
  QUARTERLY: 'Trimestral',
  SEMIANNUALLY: 'Semestral',
  YEARLY: 'Anual',
});
export type Cycle = (typeof CYCLES)[number];
/** SPEC's spelling, accepted on input and stored as SEMIANNUALLY (DESIGN 4). */
export const CYCLE_ALIASES: Record<string, Cycle> = { SEMINANULLY: 'SEMIANNUALLY' };
/** How far each cycle moves the next due date: days, or calendar months. */
export const CYCLE_STEP: Record<Cycle, { days: number } | { months: number }> = {
  WEEKLY: { days: 7 },
  BIWEEKLY: { days: 14 },
  MONTHLY: { months: 1 },
  BIMONTHLY: { months: 2 },
  QUARTERLY: { months: 3 },
  SEMIANNUALLY: { months: 6 },
  YEARLY: { months: 12 },
};

/** The due date one cycle after `date` (month steps keep the day, or the end of the month: calendar.ts `addMonths`). */
export function addCycle(date: CalendarDate, cycle: Cycle): CalendarDate {
  const step = CYCLE_STEP[cycle];
  return 'days' in step ? addDays(date, step.days) : addMonths(date, step.months);
}

/** The six buckets of the charges' summary (DESIGN 7), in the cards' order. */
export const BUCKETS = ['vencidas', 'vencehoje', 'avencer', 'canceladas', 'recebidas', 'total'] as const;
export type Bucket = (typeof BUCKETS)[number];
export type BucketFigures = Record<Bucket, number>;
/** `Informacoes` of the charges' list and the financial summary: sums in reais and counts. */
export interface Informacoes {
  valors: BucketFigures;
  qnt: BucketFigures;
}

/** Company defaults for a one-off charge (dadosempresa.multa / jurosmensal), in percent. */
export const DEFAULT_RATES = { multa: 2, jurosmensal: 1 } as const;

/** Reais with at most two decimals → whole cents, exactly (49.9 → 4990, never 4989.999…). */
export function toCents(value: number | string): bigint {
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim();
  const match = /^(-?)(\d+)(?:\.(\d{1,2})\d*)?$/.exec(text);
  if (!match) throw new Error(`not an amount: ${value}`);
  const cents = BigInt(match[2]) * 100n + BigInt((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}
export const fromCents = (cents: bigint): number => Number(cents) / 100;

/** numerator / denominator rounded half up (both positive). */
const roundHalfUp = (numerator: bigint, denominator: bigint) => (numerator * 2n + denominator) / (denominator * 2n);

export interface ValorAtualizado {
  /** Days from the due date to today (0 when not overdue). */
  dias: number;
  multa: number;
  juros: number;
  /** valor + multa + juros, in reais. */
  total: number;
  /** The rates used, in percent. */
  taxas: { multa: number; jurosmensal: number };
}

/**
 * The updated value of a charge `dias` days past due (DESIGN 7): the fine, `multa` % of the value
 * once, plus interest of `jurosmensal` % a month pro rata per day (days / 30), each rounded half up
 * to the cent in integer arithmetic. Not overdue (dias ≤ 0): the value as it is.
 */
export function valorAtualizado(
  valor: number | string,
  rates: { multa: number | string; jurosmensal: number | string },
  dias: number,
): ValorAtualizado {
  const cents = toCents(valor);
  // Percent with two decimals → hundredths of a percent (basis points).
  const multaBp = toCents(rates.multa);
  const jurosBp = toCents(rates.jurosmensal);
  const overdue = Math.max(0, Math.floor(dias));
  const multa = overdue > 0 ? roundHalfUp(cents * multaBp, 10_000n) : 0n;
  const juros = overdue > 0 ? roundHalfUp(cents * jurosBp * BigInt(overdue), 10_000n * 30n) : 0n;
  return {
    dias: overdue,
    multa: fromCents(multa),
    juros: fromCents(juros),
    total: fromCents(cents + multa + juros),
    taxas: { multa: Number(rates.multa), jurosmensal: Number(rates.jurosmensal) },
  };
}

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/**
 * Every alert names the company (issue 30): a template that does not place `{{empresa}}` itself
 * gets it as its first line, bold on WhatsApp; while the company has no name that line is left out
 * like any line whose placeholders are all empty. The stored templates (and their defaults) stay
 * as the company wrote them.
 */
export function comEmpresa(template: string): string {
  return /\{\{\s*empresa\s*\}\}/.test(template) ? template : `*{{empresa}}*\n${template}`;
}

/**
 * A message template's `{{placeholder}}`s filled (SPEC 9, DESIGN 10; issue 30: pt-BR names, see
 * ALERTA_PLACEHOLDERS). A placeholder's first English name (`{{name}}`, `{{dueDate}}`…,
 * PLACEHOLDER_ALIASES) fills as its pt-BR one, so a template saved with them still works. A line
 * whose placeholders are all empty is left out ("Pague pelo link: " with no link never goes); an
 * unknown placeholder stays as typed.
 */
export function fillTemplate(template: string, values: Record<string, string>): string {
  const keyOf = (key: string): string | undefined => {
    if (Object.hasOwn(values, key)) return key;
    const alias = Object.hasOwn(PLACEHOLDER_ALIASES, key) ? PLACEHOLDER_ALIASES[key] : undefined;
    return alias && Object.hasOwn(values, alias) ? alias : undefined;
  };
  return template
    .split('\n')
    .filter((line) => {
      const keys = [...line.matchAll(PLACEHOLDER)].map((match) => keyOf(match[1]));
      return !keys.length || keys.some((key) => key === undefined || values[key] !== '');
    })
    .map((line) =>
      line.replace(PLACEHOLDER, (whole, key: string) => {
        const known = keyOf(key);
        return known === undefined ? whole : values[known];
      }),
    )
    .join('\n');
}

/** What billing knows of a client: its status, who set it, and its oldest overdue charge's due date. */
export interface ClienteCobranca {
  status: number;
  motivo: 'staff' | 'billing' | null;
  /** The due date of its oldest overdue charge, or null. */
  vencidaDesde: CalendarDate | null;
}

/**
 * What an open charge due on `duedate` (in the past) does to its client, as the billing job's step
 * (c) decides (server/cobrancas/faturamento.ts): billing moves only an active client or one it moved itself
 * (a staff status stays); the client is Bloqueado once its oldest overdue due date is `bloqueio`
 * days behind, else Vencido. An already blocked client changes nothing ('nenhum'). Without the
 * client (not chosen yet), the charge alone decides.
 */
export function efeitoNoCliente(
  duedate: CalendarDate,
  today: CalendarDate,
  bloqueio: number,
  cliente?: ClienteCobranca | null,
): 'bloqueado' | 'vencido' | 'nenhum' {
  if (duedate >= today) return 'nenhum';
  if (cliente) {
    if (cliente.status === CLIENTE_STATUS.BLOQUEADO) return 'nenhum';
    if (!faturamentoMoveCliente(cliente)) return 'nenhum';
  }
  const desde = cliente?.vencidaDesde && cliente.vencidaDesde < duedate ? cliente.vencidaDesde : duedate;
  return daysBetween(desde, today) >= bloqueio ? 'bloqueado' : 'vencido';
}
