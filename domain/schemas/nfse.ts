/** The NFS-e settings (company integrations.nfse, DESIGN 10). */
import { z } from 'zod';
import { MSG } from '../messages';
import { MSG_NFSE, NFSE_EMISSAO } from '../nfse';
import { text } from './common';

export const nfseSettingsSchema = z
  .object({
    ativo: z.boolean({ error: MSG.invalidInput }),
    municipalServiceId: text(60),
    municipalServiceCode: text(60),
    municipalServiceName: text(500),
    descricao: text(1000),
    iss: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.replace(',', '.')) : v),
      z.number({ error: MSG_NFSE.iss }).min(0, { error: MSG_NFSE.iss }).max(100, { error: MSG_NFSE.iss }),
    ),
    retainIss: z.boolean({ error: MSG.invalidInput }),
    emissao: z.enum(NFSE_EMISSAO, { error: MSG_NFSE.emissao }),
  })
  .partial()
  .refine((v) => !v.ativo || Boolean(v.municipalServiceId || v.municipalServiceCode), {
    error: MSG_NFSE.servico,
    path: ['municipalServiceId'],
  });
