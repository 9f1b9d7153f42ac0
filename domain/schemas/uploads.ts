/** Upload objects of SPEC section 3; `unid` and `userId` are two names of the owner id. */
import { z } from 'zod';
import { UPLOAD_DOCUMENTOS } from '../constants';
import { MSG } from '../messages';
import { codeText, id, requiredText, safeString } from './common';

export const uploadInputSchema = z
  .object({
    id: id().optional(),
    unid: id(MSG.uploadOwnerInvalid).optional(),
    userId: id(MSG.uploadOwnerInvalid).optional(),
    documento: z.enum(UPLOAD_DOCUMENTOS, { error: `${MSG.uploadDocumento}: use ${UPLOAD_DOCUMENTOS.join(', ')}` }),
    name: requiredText(255),
    type: codeText(100),
    base64: safeString().min(1, { error: MSG.uploadContentRequired }),
  })
  .transform((u, ctx) => {
    // The canonical name (unid) wins when both are sent (DESIGN section 4).
    const unid = u.unid ?? u.userId;
    if (!unid) {
      ctx.addIssue({ code: 'custom', path: ['unid'], message: MSG.uploadOwnerRequired });
      return z.NEVER;
    }
    return { id: u.id, unid, documento: u.documento, name: u.name, type: u.type, base64: u.base64 };
  });
export type UploadInput = z.infer<typeof uploadInputSchema>;

export const uploadListQuery = z.object({
  unid: id(MSG.uploadOwnerInvalid).optional(),
  userId: id(MSG.uploadOwnerInvalid).optional(),
  documento: z.enum(UPLOAD_DOCUMENTOS, { error: MSG.uploadDocumento }).optional(),
});
