/** Upload objects of SPEC section 3; `unid` and `userId` are two names of the owner id. */
import { z } from 'zod';
import { UPLOAD_DOCUMENTOS } from '../constants';
import { int, requiredText } from './common';

export const uploadInputSchema = z
  .object({
    id: int().optional(),
    unid: int('Dono do arquivo inválido').optional(),
    userId: int('Dono do arquivo inválido').optional(),
    documento: z.enum(UPLOAD_DOCUMENTOS, { error: `Documento deve ser um de: ${UPLOAD_DOCUMENTOS.join(', ')}` }),
    name: requiredText(255),
    type: z.preprocess((v) => v ?? '', z.string().max(100)),
    base64: z.string({ error: 'Conteúdo do arquivo obrigatório' }).min(1, { error: 'Conteúdo do arquivo obrigatório' }),
  })
  .transform((u, ctx) => {
    // The canonical name (unid) wins when both are sent (DESIGN section 4).
    const unid = u.unid ?? u.userId;
    if (!unid || unid < 1) {
      ctx.addIssue({ code: 'custom', path: ['unid'], message: 'Dono do arquivo obrigatório' });
      return z.NEVER;
    }
    return { id: u.id, unid, documento: u.documento, name: u.name, type: u.type, base64: u.base64 };
  });
export type UploadInput = z.infer<typeof uploadInputSchema>;

export const uploadListQuery = z.object({
  unid: int('Dono do arquivo inválido').optional(),
  userId: int('Dono do arquivo inválido').optional(),
  documento: z.enum(UPLOAD_DOCUMENTOS, { error: 'Documento inválido' }).optional(),
});
