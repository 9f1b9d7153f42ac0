/** A stock move (DESIGN 10): `{ situacao, idtecnico?, motivo? }`, bounded. */
import { z } from 'zod';
import { SITUACOES_MOVIMENTO } from '../estoque';
import { MSG } from '../messages';
import { id, text } from './common';

const blank = (v: unknown) => v === null || v === undefined || v === '';
export const movimentoSchema = z
  .object({
    situacao: z.enum(SITUACOES_MOVIMENTO, { error: (i) => (i.input === undefined ? MSG.required : MSG.situacaoMovimento) }),
    idtecnico: z.preprocess((v) => (blank(v) || v === 0 ? undefined : v), id(MSG.tecnicoNotFound).optional()),
    motivo: text(500).optional(),
  })
  .strict();
export type MovimentoBody = z.infer<typeof movimentoSchema>;
