/**
 * Clients (SPEC sections 3 and 5, DESIGN sections 5 and 9): FISICA needs name and CPF, JURIDICA
 * razão social and CNPJ; e-mail always. Empty main contact fields are lifted from contatos[0].
 */
import { z } from 'zod';
import { CADASTROS, CLIENTE_STATUS, PRECADASTRO_DOCUMENTOS } from '../constants';
import { MSG, maxChars, maxDigits, precadastroDocumentosMessage } from '../messages';
import { isCnpj, isCpf } from '../documents';
import { addressShape, bool, codeText, digitsString, int, onlyDigitsInput, safeString, text } from './common';

const digits = (max: number) => z.preprocess(onlyDigitsInput, digitsString().max(max, { error: maxDigits(max) }));
const optionalEmail = z.preprocess(
  (v) => (v === null || v === undefined ? '' : v),
  safeString()
    .trim()
    .toLowerCase()
    .max(254, { error: maxChars(254) })
    .refine((v) => v === '' || z.email().safeParse(v).success, { error: MSG.invalidEmail }),
);
const phone = z.preprocess(
  onlyDigitsInput,
  digitsString().refine((v) => v === '' || (v.length >= 10 && v.length <= 13), { error: MSG.invalidPhone }),
);

export const contatoSchema = z.object({
  name: text(200),
  email: optionalEmail,
  phone,
  mobilePhone: phone,
});
export type Contato = z.infer<typeof contatoSchema>;

/** Required (SPEC 5 "Client save"): a client is a person or a company, never assumed. */
const cadastro = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z.enum(CADASTROS, {
    error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? MSG.required : MSG.cadastro),
  }),
);

const clienteDataShape = {
  cadastro,
  name: text(200),
  cpf: digits(11),
  cnpj: digits(14),
  razaosocial: text(200),
  incmunicipal: text(30),
  incestdudal: text(30),
  email: optionalEmail,
  phone,
  mobilePhone: phone,
  ...addressShape,
  contatos: z.preprocess((v) => v ?? [], z.array(contatoSchema).max(20, { error: MSG.tooManyContatos })),
};

type ClienteData = z.infer<z.ZodObject<typeof clienteDataShape>>;
type Ctx = { addIssue: (issue: { code: 'custom'; path: PropertyKey[]; message: string }) => void };

/**
 * DESIGN 9: empty top-level email/phone/mobilePhone are filled from contatos[0]. Done on the raw
 * input, before the fields are parsed, so every field's error shows at once.
 */
function liftMainContact(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const data = raw as Record<string, unknown>;
  const first = Array.isArray(data.contatos) ? data.contatos[0] : undefined;
  if (!first || typeof first !== 'object') return raw;
  const contact = first as Record<string, unknown>;
  const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
  const lifted = { ...data };
  for (const field of ['email', 'phone', 'mobilePhone'] as const)
    if (blank(lifted[field]) && !blank(contact[field])) lifted[field] = contact[field];
  return lifted;
}

/** SPEC 5 "Client save": the fields each kind of client needs, documents by check digits. */
function checkRequired(data: ClienteData, ctx: Ctx, options: { mobilePhone?: boolean; nameAlways?: boolean } = {}) {
  const need = (field: keyof ClienteData, ok: boolean, message: string = MSG.required) => {
    if (!ok) ctx.addIssue({ code: 'custom', path: [field], message });
  };
  const juridica = data.cadastro === 'JURIDICA';
  if (juridica) {
    need('razaosocial', !!data.razaosocial);
    need('cnpj', !!data.cnpj);
    if (data.cnpj) need('cnpj', isCnpj(data.cnpj), MSG.invalidCnpj);
    if (options.nameAlways) need('name', !!data.name);
    if (options.nameAlways) need('cpf', !!data.cpf);
  } else {
    need('name', !!data.name);
    need('cpf', !!data.cpf);
  }
  if (data.cpf) need('cpf', isCpf(data.cpf), MSG.invalidCpf);
  need('email', !!data.email);
  if (options.mobilePhone) need('mobilePhone', !!data.mobilePhone);
}

const clienteStatus = int(MSG.clienteStatus).refine((v) => Object.values(CLIENTE_STATUS).includes(v as never), {
  error: MSG.clienteStatus,
});

export const clienteSchema = z.preprocess(
  liftMainContact,
  z
    .object({
      ...clienteDataShape,
      status: z.preprocess((v) => (v === null || v === undefined || v === '' ? CLIENTE_STATUS.ATIVO : v), clienteStatus),
      login: text(100),
      /** "Não enviar mensagens": the client's alerts are skipped (and logged as skipped). Omitted: kept. */
      naoEnviarMensagens: bool().optional(),
      /** The client's tracking-app password: write-only, an empty one keeps the stored one. */
      password: z.preprocess(
        (v) => v ?? '',
        safeString()
          .max(100, { error: maxChars(100) })
          .refine((v) => v === '' || v.length >= 6, { error: MSG.passwordTooShort }),
      ),
    })
    .superRefine((data, ctx) => checkRequired(data, ctx)),
);
export type ClienteInput = z.infer<typeof clienteSchema>;

/** Step 'Informações' of the pre-registration (SPEC 5): name, cpf, email, mobilePhone (+ cnpj, razão social). */
export const precadastroDadosSchema = z.preprocess(
  liftMainContact,
  z.object(clienteDataShape).superRefine((data, ctx) => checkRequired(data, ctx, { mobilePhone: true, nameAlways: true })),
);

/** One document of the pre-registration: an image or a PDF, as a data URL or bare base64. */
export const precadastroDocumentoSchema = z.object({
  name: text(255).pipe(z.string().min(1, { error: MSG.uploadNameRequired })),
  type: codeText(100),
  base64: safeString().min(1, { error: MSG.uploadContentRequired }),
});

/** POST /v1/static/precadastro/{token}: the data and its documents, stored together. */
export const precadastroSchema = z.preprocess(
  liftMainContact,
  z
    .object({
      ...clienteDataShape,
      documentos: z.preprocess((v) => v ?? [], z.array(precadastroDocumentoSchema).max(3, { error: MSG.tooManyDocumentos })),
    })
    .superRefine((data, ctx) => {
      checkRequired(data, ctx, { mobilePhone: true, nameAlways: true });
      const expected = PRECADASTRO_DOCUMENTOS[data.cadastro];
      if (data.documentos?.length !== expected)
        ctx.addIssue({ code: 'custom', path: ['documentos'], message: precadastroDocumentosMessage(expected) });
    }),
);
export type PrecadastroInput = z.infer<typeof precadastroSchema>;
