/** Plans (SPEC sections 3 and 5): descricao, device limit, value and additional value required. */
import { z } from 'zod';
import { MSG } from '../messages';
import { int, requiredText, text } from './common';
import { money } from './money';

export const planoSchema = z.object({
  name: text(120),
  descricao: requiredText(255),
  limtdispositivos: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    int('Informe um número inteiro').pipe(z.number().min(1, { error: 'Pelo menos 1 dispositivo' }).max(10_000, { error: 'No máximo 10.000 dispositivos' })).optional(),
  ).refine((v) => v !== undefined, { error: MSG.required }),
  valor: money(),
  valoradd: money(),
  informacoes: text(5000),
});
export type PlanoInput = z.infer<typeof planoSchema>;
