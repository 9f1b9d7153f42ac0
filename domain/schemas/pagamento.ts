/** Bodies of receiving by hand and sending to many (DESIGN 10), shared by the forms and the server. */
import { z } from 'zod';
import { ENVIAR_MAX, FORMAS_PAGAMENTO, MSG_PAGAMENTO } from '../pagamento';
import { id } from './common';
import { calendarDate } from './financeiro';
import { money } from './money';

export const receberSchema = z.object({
  valor: money().refine((v) => v > 0, { error: MSG_PAGAMENTO.valorInvalido }),
  // Required (DESIGN 10's body): absent, empty or null is refused under `data`, like a bad date.
  data: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.union([calendarDate(), z.undefined()]).refine((v) => v !== undefined, { error: MSG_PAGAMENTO.dataInvalida }),
  ),
  forma: z.enum(FORMAS_PAGAMENTO, { error: MSG_PAGAMENTO.formaInvalida }),
});
export type ReceberInput = z.infer<typeof receberSchema>;

export const enviarVariasSchema = z.object({
  ids: z
    .array(id(), { error: MSG_PAGAMENTO.idsInvalidos })
    .min(1, { error: MSG_PAGAMENTO.idsInvalidos })
    .max(ENVIAR_MAX, { error: MSG_PAGAMENTO.idsInvalidos }),
  /** Send also the charges sent in the last REENVIO_MINUTOS (staff confirmed it); else they are skipped. */
  reenviar: z.boolean({ error: MSG_PAGAMENTO.reenviarInvalido }).optional(),
});

/** `?reenviar=1` on one charge's Enviar: staff confirmed sending a charge sent a moment ago. */
export const reenviarQuery = z.object({
  reenviar: z.enum(['1', 'true'], { error: MSG_PAGAMENTO.reenviarInvalido }).optional(),
});
