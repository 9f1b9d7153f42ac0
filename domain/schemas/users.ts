/** Users (staff) and the calls around them: install, login, profile (SPEC 2.3, 2.4, 2.16, 2.17). */
import { z } from 'zod';
import { ACESSO } from '../constants';
import { MSG, maxChars } from '../messages';
import {
  addressShape,
  bool,
  codeText,
  cpf,
  email,
  flatAttributes,
  int,
  onlyDigitsInput,
  digitsString,
  phoneShape,
  requiredText,
  safeString,
  text,
} from './common';
import { dadosempresaSchema, integrationsSchema } from './company';
import { isCnpj } from '../documents';

const password = z.preprocess((v) => (v === null || v === undefined ? '' : v), safeString().max(200, { error: maxChars(200) }));
const newPassword = password.refine((v) => v.length >= 6, { error: MSG.passwordTooShort });
/** On update an empty password keeps the stored one. */
const optionalNewPassword = password.refine((v) => v === '' || v.length >= 6, { error: MSG.passwordTooShort });

const acesso = int(MSG.accessLevel).refine((v) => v === ACESSO.ADMIN || v === ACESSO.USUARIO || v === ACESSO.TECNICO, {
  error: MSG.accessLevel,
});
const login = requiredText(100).pipe(z.string().regex(/^\S+$/, { error: MSG.loginSpaces }));

/** The user's own profile: what SPEC 5 "User save" requires (name, cpf, email, acesso, login). */
const profileShape = {
  name: requiredText(200),
  cpf: cpf(true),
  email: email(true),
  ...phoneShape,
  ...addressShape,
  login,
  acesso,
  bloqueado: bool().default(false),
  attributes: flatAttributes(),
};
export const PROFILE_FIELDS = Object.keys(profileShape) as (keyof typeof profileShape)[];
export const userProfileSchema = z.object(profileShape);

const settingsShape = {
  dadosempresa: dadosempresaSchema.partial().optional(),
  integrations: integrationsSchema.optional(),
};

export const userCreateSchema = z.object({ ...profileShape, ...settingsShape, password: newPassword });
/** What the forms check before a user (or one's profile) is saved. */
export const userUpdateSchema = z.object({ ...profileShape, ...settingsShape, password: optionalNewPassword });
export type UserCreate = z.infer<typeof userCreateSchema>;
export type UserUpdate = z.infer<typeof userUpdateSchema>;

const optional = <T extends Record<string, z.ZodType>>(shape: T) =>
  Object.fromEntries(Object.entries(shape).map(([key, schema]) => [key, schema.optional()])) as { [K in keyof T]: z.ZodOptional<T[K]> };

/**
 * The body of PUT /v1/users/{id}: each field checked for its type and size only, and an omitted
 * field keeps its value. The profile's own rules (userProfileSchema: CPF required and valid, e-mail
 * format, …) apply when the profile changes, so company, integration and notification settings
 * save whatever state the saver's own profile is in (the first administrator has no CPF).
 */
export const userUpdateBodySchema = z.object({
  name: text(200).optional(),
  cpf: z.preprocess(onlyDigitsInput, digitsString().max(11, { error: MSG.invalidCpf })).optional(),
  email: z
    .preprocess(
      (v) => (v === null ? '' : v),
      safeString()
        .trim()
        .toLowerCase()
        .max(254, { error: maxChars(254) }),
    )
    .optional(),
  phone: codeText(30).optional(),
  mobilePhone: codeText(30).optional(),
  ...optional(addressShape),
  login: text(100).optional(),
  acesso: acesso.optional(),
  bloqueado: bool().optional(),
  attributes: flatAttributes().optional(),
  ...settingsShape,
  password: optionalNewPassword,
});
export type UserUpdateBody = z.infer<typeof userUpdateBodySchema>;

/**
 * POST /v1/install: the first administrator and, optionally, the company's name and CNPJ, which
 * every public page and message names (issue 30). A body without them is still an install.
 */
export const installSchema = z.object({
  name: text(200),
  email: email(true),
  password: newPassword,
  empresa: text(200).optional(),
  cnpj: z
    .preprocess(
      onlyDigitsInput,
      digitsString().refine((v) => v === '' || isCnpj(v), { error: MSG.invalidCnpj }),
    )
    .optional(),
});

/** POST /v1/session: form-encoded or JSON; `email` may hold the login or the e-mail. */
export const loginSchema = z.object({
  email: requiredText(254),
  password: z.preprocess(
    (v) => v ?? '',
    safeString()
      .min(1, { error: MSG.required })
      .max(200, { error: maxChars(200) }),
  ),
});
