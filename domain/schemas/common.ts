/** Building blocks for the entity schemas: forms send '' or null for empty fields, APIs send either. */
import { z } from 'zod';
import { isCnpj, isCpf } from '../documents';
import { MSG } from '../messages';
import { onlyDigits } from '../text';

const blankToEmpty = (value: unknown) => (value === null || value === undefined ? '' : typeof value === 'number' ? String(value) : value);

/** Optional free text, trimmed, '' when absent. */
export const text = (max = 255) =>
  z.preprocess(
    blankToEmpty,
    z
      .string({ error: 'Deve ser um texto' })
      .trim()
      .max(max, { error: `No máximo ${max} caracteres` }),
  );

/** Required text: absent, null or blank gives 'Campo obrigatório'. */
export const requiredText = (max = 255) =>
  z.preprocess(
    blankToEmpty,
    z
      .string({ error: 'Deve ser um texto' })
      .trim()
      .min(1, { error: MSG.required })
      .max(max, { error: `No máximo ${max} caracteres` }),
  );

export const email = (required = true) =>
  z.preprocess(
    blankToEmpty,
    z
      .string({ error: 'Deve ser um texto' })
      .trim()
      .toLowerCase()
      .max(254, { error: 'No máximo 254 caracteres' })
      .refine((v) => (required ? v.length > 0 : true), { error: MSG.required })
      .refine((v) => v === '' || z.email().safeParse(v).success, { error: MSG.invalidEmail }),
  );

/** CPF stored as its 11 digits; check digits verified. */
export const cpf = (required = true) =>
  z.preprocess(
    (v) => onlyDigits(blankToEmpty(v)),
    z
      .string()
      .refine((v) => (required ? v.length > 0 : true), { error: MSG.required })
      .refine((v) => v === '' || isCpf(v), { error: MSG.invalidCpf }),
  );

export const cnpj = (required = true) =>
  z.preprocess(
    (v) => onlyDigits(blankToEmpty(v)),
    z
      .string()
      .refine((v) => (required ? v.length > 0 : true), { error: MSG.required })
      .refine((v) => v === '' || isCnpj(v), { error: MSG.invalidCnpj }),
  );

/** Integer that may come as "2" from a select or a query string. */
export const int = (message = 'Deve ser um número inteiro') =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' && /^-?\d+$/.test(v.trim()) ? Number(v) : v),
    z.number({ error: message }).int({ error: message }),
  );

export const bool = () =>
  z.preprocess(
    (v) => (v === 'true' || v === 1 || v === '1' ? true : v === 'false' || v === 0 || v === '0' ? false : v),
    z.boolean({ error: 'Deve ser verdadeiro ou falso' }),
  );

/** Postal address fields shared by users and clients. */
export const addressShape = {
  address: text(200),
  addressNumber: text(20),
  province: text(100),
  cityandstate: text(120),
  uf: z.preprocess(blankToEmpty, z.string().trim().toUpperCase().max(2, { error: 'Use a sigla do estado (2 letras)' })),
  postalCode: z.preprocess(
    (v) => onlyDigits(blankToEmpty(v)),
    z.string().refine((v) => v === '' || v.length === 8, { error: 'CEP deve ter 8 dígitos' }),
  ),
  complement: text(120),
};

export const phoneShape = {
  phone: text(30),
  mobilePhone: text(30),
};
