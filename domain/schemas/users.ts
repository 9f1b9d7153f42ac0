/** Users (staff) and the calls around them: install, login, profile (SPEC 2.3, 2.4, 2.16, 2.17). */
import { z } from 'zod';
import { ACESSO } from '../constants';
import { MSG } from '../messages';
import { addressShape, bool, cpf, email, int, phoneShape, requiredText, text } from './common';
import { dadosempresaSchema, integrationsSchema } from './company';

const password = z.preprocess(
  (v) => (v === null || v === undefined ? '' : v),
  z.string({ error: 'Deve ser um texto' }).max(200, { error: 'No máximo 200 caracteres' }),
);
const newPassword = password.refine((v) => v.length >= 6, { error: MSG.passwordTooShort });
/** On update an empty password keeps the stored one. */
const optionalNewPassword = password.refine((v) => v === '' || v.length >= 6, { error: MSG.passwordTooShort });

const acesso = int('Nível de acesso inválido').refine((v) => v === ACESSO.ADMIN || v === ACESSO.USUARIO, {
  error: 'Nível de acesso deve ser 1 (Administrador) ou 2 (Usuário)',
});

const userShape = {
  name: requiredText(200),
  cpf: cpf(true),
  email: email(true),
  ...phoneShape,
  ...addressShape,
  login: requiredText(100).pipe(z.string().regex(/^\S+$/, { error: 'O login não pode ter espaços' })),
  acesso,
  bloqueado: bool().default(false),
  attributes: z.record(z.string(), z.unknown()).default({}),
  dadosempresa: dadosempresaSchema.partial().optional(),
  integrations: integrationsSchema.optional(),
};

export const userCreateSchema = z.object({ ...userShape, password: newPassword });
export const userUpdateSchema = z.object({ ...userShape, password: optionalNewPassword });
export type UserCreate = z.infer<typeof userCreateSchema>;
export type UserUpdate = z.infer<typeof userUpdateSchema>;

export const installSchema = z.object({
  name: text(200),
  email: email(true),
  password: newPassword,
});

/** POST /v1/session: form-encoded or JSON; `email` may hold the login or the e-mail. */
export const loginSchema = z.object({
  email: requiredText(254),
  password: z.preprocess((v) => v ?? '', z.string().min(1, { error: MSG.required }).max(200)),
});
