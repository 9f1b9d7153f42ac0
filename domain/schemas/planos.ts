/** Plans (SPEC sections 3 and 5): descricao, device limit, value and additional value required. */
import { z } from 'zod';
import { descontoInvalido, descontoSchema } from '../desconto';
import { MSG } from '../messages';
import { requiredText, text } from './common';
import { money } from './money';

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
    /** The early-payment discount of its subscriptions (DESIGN 11): null none, absent kept. */
    desconto: descontoSchema(),
  })
  .superRefine((plano, ctx) => {
    const invalido = descontoInvalido(plano.desconto, plano.valor);
    if (invalido) ctx.addIssue({ code: 'custom', path: ['desconto', 'valor'], message: invalido });
  });
export type PlanoInput = z.infer<typeof planoSchema>;
