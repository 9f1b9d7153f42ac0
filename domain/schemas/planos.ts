/** Plans (SPEC sections 3 and 5): descricao, device limit, value and additional value required. */
import { z } from 'zod';
import { descontoInvalido, descontoSchema } from '../desconto';
import { MSG } from '../messages';
import { faixasInvalidas, MULTA_TIPOS } from '../contratoItens';
import { requiredText, text } from './common';
import { money } from './money';

const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : v);
const count = (message: string, min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,6}$/.test(v.trim()) ? Number(v) : v),
    z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message }),
  );

/** Fleet tiers `[{ de, ate|null, valor }]` (DESIGN 11): from 1, contiguous, the last open; empty: none. */
export const faixasSchema = z.preprocess(
  (v) => (v === null || v === undefined || v === '' ? [] : v),
  z
    .array(
      z.object(
        {
          de: count(MSG.faixaInvalida, 1, 100_000),
          ate: z.preprocess(blankToNull, count(MSG.faixaInvalida, 1, 100_000).nullable()),
          valor: money(),
        },
        { error: MSG.faixaInvalida },
      ),
      { error: MSG.faixasInvalidas },
    )
    .max(20, { error: MSG.faixasDemais })
    .superRefine((faixas, ctx) => {
      const problema = faixasInvalidas(faixas);
      if (problema) ctx.addIssue({ code: 'custom', message: problema });
    }),
);

export const fidelidadeMesesSchema = z.preprocess(
  (v) => (v === null || v === '' || v === undefined ? 0 : v),
  count(MSG.fidelidadeMeses, 0, 120),
);

const semTipo = (v: unknown) =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  'tipo' in v &&
  Object.keys(v).every((key) => key === 'tipo' || key === 'valor') &&
  ((v as { tipo?: unknown }).tipo === '' || (v as { tipo?: unknown }).tipo == null);

/** A fidelity fine: proporcional (a percentage of the item's value per 30 days left) or fixa (a value); null: none. */
export const multaFidelidadeSchema = z.preprocess(
  // A form's fine without a kind ({ tipo: '' | null, valor? }: none chosen) is no fine; anything else is checked as it is.
  (v) => (v === '' || v === undefined || semTipo(v) ? null : v),
  z
    .object(
      {
        tipo: z.enum(MULTA_TIPOS, { error: MSG.multaFidelidade }),
        valor: money(),
      },
      { error: MSG.multaFidelidade },
    )
    .nullable(),
);

export const planoSchema = z
  .object({
    name: text(120),
    descricao: requiredText(255),
    limtdispositivos: z.preprocess(
      (v) => (v === null || v === '' ? undefined : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
      z
        .number({ error: (issue) => (issue.input === undefined ? MSG.required : MSG.wholeNumber) })
        .int({ error: MSG.wholeNumber })
        .min(1, { error: MSG.atLeastOneDevice })
        .max(10_000, { error: MSG.atMostDevices }),
    ),
    valor: money(),
    valoradd: money(),
    informacoes: text(5000),
    faixas: faixasSchema,
    fidelidadeMeses: fidelidadeMesesSchema,
    multaFidelidade: multaFidelidadeSchema,
    /** The early-payment discount of its subscriptions (DESIGN 11): null none, absent kept. */
    desconto: descontoSchema(),
  })
  .superRefine((plano, ctx) => {
    const invalido = descontoInvalido(plano.desconto, plano.valor);
    if (invalido) ctx.addIssue({ code: 'custom', path: ['desconto', 'valor'], message: invalido });
  });
export type PlanoInput = z.infer<typeof planoSchema>;
