/**
 * Contracts, subscriptions and charges (SPEC sections 3 and 5, DESIGN sections 4, 5 and 9): what
 * each requires, money in reais with two decimals, calendar dates as YYYY-MM-DD, the cycles with
 * SPEC's `SEMINANULLY` taken as `SEMIANNUALLY`, and the second names of the charges' dates.
 */
import { z } from 'zod';
import { contratoReajusteSchema } from '../reajuste';
import { isCalendarDate } from '../calendar';
import { CYCLE_ALIASES, CYCLES } from '../financeiro';
import { MSG, valuesAccepted } from '../messages';
import { id, int, requiredText, text } from './common';
import { money } from './money';
import { planoSchema } from './planos';
import { descontoInvalido, descontoSchema } from '../desconto';
import { FORMAS_COBRANCA, MSG_FORMA } from '../forma-cobranca';

const blank = (v: unknown) => v === null || v === undefined || v === '';
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A required record id; absent or empty: `required`. */
const requiredId = (invalid: string, required: string) =>
  z.preprocess(
    (v) => (blank(v) ? undefined : v),
    z.union([id(invalid), z.undefined()]).refine((v) => v !== undefined, { error: required }),
  );

/** 'YYYY-MM-DD' (an ISO date-time is taken by its date part, as a date picker may send one). */
const dateInput = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v) ? v.slice(0, 10) : v);
export const calendarDate = () =>
  z.preprocess(dateInput, z.string({ error: MSG.financeDate }).refine(isCalendarDate, { error: MSG.financeDate }));
const requiredDate = () =>
  z.preprocess(
    (v) => (blank(v) ? undefined : v),
    z.union([calendarDate(), z.undefined()]).refine((v) => v !== undefined, { error: MSG.required }),
  );
/** Absent or empty: null (no date). */
const optionalDate = () => z.preprocess((v) => (blank(v) ? null : v), calendarDate().nullable());

/** A status among `values`; absent: the first. */
const statusOf = (values: readonly number[], message: string) =>
  z.preprocess(
    (v) => (blank(v) ? values[0] : v),
    int(message).refine((v) => values.includes(v), { error: message }),
  );

const percentNumber = z
  .number({ error: MSG.percentInvalid })
  .min(0, { error: MSG.percentInvalid })
  .max(100, { error: MSG.percentInvalid })
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { error: MSG.moneyDecimals });
const percentInput = (v: unknown) => (typeof v === 'string' && /^\d+([.,]\d+)?$/.test(v.trim()) ? Number(v.trim().replace(',', '.')) : v);

/** A percentage from 0 to 100 with at most two decimals (fine, monthly interest); blank is 0. */
export const percent = () => z.preprocess((v) => (blank(v) ? 0 : percentInput(v)), percentNumber);
/** The same, where blank means "not set" (the company's default rates). */
export const optionalPercent = () => z.preprocess((v) => (blank(v) ? undefined : percentInput(v)), percentNumber.optional());

/** Lifts an embedded record's id (`cliente.id`, `plano.id`) when the canonical id field is absent (DESIGN 4). */
const liftIds = (fields: Record<string, string>) => (v: unknown) => {
  if (!isObject(v)) return v;
  const out = { ...v };
  for (const [field, embedded] of Object.entries(fields)) {
    const inner = out[embedded];
    if (blank(out[field]) && isObject(inner) && !blank(inner.id)) out[field] = inner.id;
  }
  return out;
};

export const contratoSchema = z.preprocess(
  liftIds({ idcliente: 'cliente', idplano: 'plano' }),
  z.object({
    idcliente: requiredId(MSG.invalidCliente, MSG.clienteRequired),
    idplano: requiredId(MSG.invalidPlano, MSG.planoRequired),
    /** The editable copy of the plan; absent: copied from `idplano`. */
    plano: z.preprocess((v) => (v === null ? undefined : v), planoSchema.optional()),
    informacoes: text(20_000),
    status: statusOf([0, 1], MSG.contratoStatus),
    /** The yearly readjustment (DESIGN 11); absent: kept (a new contract: nenhum, its creation month). */
    reajuste: z.preprocess((v) => (v === null ? undefined : v), contratoReajusteSchema.optional()),
  }),
);
export type ContratoInput = z.infer<typeof contratoSchema>;

const cycle = z.preprocess(
  (v) => (typeof v === 'string' ? (CYCLE_ALIASES[v.trim().toUpperCase()] ?? v.trim().toUpperCase()) : blank(v) ? undefined : v),
  z.enum(CYCLES, { error: (issue) => (issue.input === undefined ? MSG.required : valuesAccepted(CYCLES)) }),
);

export const assinaturaSchema = z.preprocess(
  liftIds({ idcliente: 'cliente' }),
  z
    .object({
      idcliente: requiredId(MSG.invalidCliente, MSG.clienteRequired),
      description: requiredText(255),
      valor: money(),
      nextduedate: requiredDate(),
      cycle,
      multa: percent(),
      jurosmensal: percent(),
      enddate: optionalDate(),
      informacoes: text(5000),
      /** The start; absent: today. */
      datecreated: optionalDate(),
      status: statusOf([0, 1, 2], MSG.assinaturaStatus),
      /** The early-payment discount (DESIGN 11): null its plan's, `{ tipo: 'nenhum' }` none at all, absent kept. */
      desconto: descontoSchema({ semDesconto: true }),
      /** How it is collected (DESIGN 11); absent: kept (boleto_pix for a new one). Card data is never taken. */
      formaCobranca: z.enum(FORMAS_COBRANCA, { error: MSG_FORMA.forma }).optional(),
      /** The contract whose active items make its value (DESIGN 11); null or absent: none, the value is typed. */
      idcontrato: z.preprocess((v) => (blank(v) ? null : v), id(MSG.invalidId).nullable()).default(null),
    })
    .superRefine((assinatura, ctx) => {
      const invalido = descontoInvalido(assinatura.desconto, assinatura.valor);
      if (invalido) ctx.addIssue({ code: 'custom', path: ['desconto', 'valor'], message: invalido });
    }),
);
export type AssinaturaInput = z.infer<typeof assinaturaSchema>;

/** dtcard/datecreated and vncdata/duedate: either name on input, the canonical one first (DESIGN 4 and 9). */
const chargeAliases = (v: unknown) => {
  if (!isObject(v)) return v;
  const out = liftIds({ idcliente: 'cliente' })(v) as Record<string, unknown>;
  if (blank(out.datecreated) && !blank(out.dtcard)) out.datecreated = out.dtcard;
  if (blank(out.duedate) && !blank(out.vncdata)) out.duedate = out.vncdata;
  return out;
};

export const cobrancaSchema = z.preprocess(
  chargeAliases,
  z.object({
    idcliente: requiredId(MSG.invalidCliente, MSG.clienteRequired),
    descricao: requiredText(255),
    valor: money(),
    duedate: requiredDate(),
    /** The date it was generated; absent: today. */
    datecreated: optionalDate(),
    informacoes: text(5000),
    status: statusOf([0, 1, 2, 3], MSG.cobrancaStatus),
    // No `invoiceUrl` or `bankSlipUrl`: the payment links are written only by the gateway sync
    // (DESIGN 10), so a staff write cannot point the client's next alert anywhere else.
  }),
);
export type CobrancaInput = z.infer<typeof cobrancaSchema>;

/** A date filter of a list or summary: absent or empty is no bound. */
export const dateFilter = () => z.preprocess((v) => (blank(v) ? undefined : v), calendarDate().optional());

/** `GET /v1/financeiro/resumo`: the due-date range, the current month when absent. */
export const resumoQuery = z.object({ dataInicio: dateFilter(), dataFim: dateFilter() });
