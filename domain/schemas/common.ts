/**
 * Building blocks for the entity schemas. Forms send '' or null for empty fields, APIs send
 * either. Text fields take strings only; fields made of digits (documents, phones, CEP, número,
 * Renavam, IMEI, ICCID) also take JSON numbers. Objects and arrays are never coerced into text,
 * and control characters (NUL and the like; tab and line breaks are fine) are refused: PostgreSQL
 * cannot store NUL and nobody types the others.
 */
import { z } from 'zod';
import { isCpf } from '../documents';
import { MSG, maxChars } from '../messages';
import { onlyDigits } from '../text';

/** Control characters but tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const CONTROL_CHARS_ALL = new RegExp(CONTROL_CHARS, 'g');
/** A UTF-16 surrogate without its pair: broken text (a "\\ud800" in JSON), stored as "�" otherwise. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Control characters, or broken text: neither is anything a person typed. */
const LONE_SURROGATES_ALL = new RegExp(LONE_SURROGATE, 'g');
export const hasControlChars = (value: string) => CONTROL_CHARS.test(value) || LONE_SURROGATE.test(value);
/** A search term is cleaned instead of refused: control characters become spaces. */
export const withoutControlChars = (value: string) => value.replace(CONTROL_CHARS_ALL, ' ').replace(LONE_SURROGATES_ALL, ' ');

/** null and undefined are empty; strings pass; everything else is left for z.string() to refuse. */
const textInput = (value: unknown) => (value === null || value === undefined ? '' : value);
/** As textInput, and a whole non-negative JSON number is taken as its digits (1.5 or 1e21 are not digits). */
export const digitsInput = (value: unknown) =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? String(value) : textInput(value);
/** What a masked number may hold besides digits: "(11) 98888-7777", "123.456.789-09", "+55 11 …". */
const MASKED_DIGITS = /^[\d\s.()/+-]*$/;
/**
 * Only the digits of a masked string or a number ("123.456.789-09" → "12345678909"). Anything
 * else (letters, control characters) is left as it came, for `digitsString` to refuse: "abc" is
 * not an empty phone.
 */
export const onlyDigitsInput = (value: unknown) => {
  const input = digitsInput(value);
  return typeof input === 'string' && MASKED_DIGITS.test(input) ? onlyDigits(input) : input;
};
/** The string a digits field checks after `onlyDigitsInput`: digits only. */
export const digitsString = () => z.string({ error: MSG.mustBeText }).regex(/^\d*$/, { error: MSG.digitsOnly });

const noControl = (schema: z.ZodString) => schema.refine((v) => !hasControlChars(v), { error: MSG.controlChars });

/** A string without control characters. */
export const safeString = () => noControl(z.string({ error: MSG.mustBeText }));

const boundedText = (max: number) =>
  z
    .string({ error: MSG.mustBeText })
    .trim()
    .max(max, { error: maxChars(max) });

/** Optional free text, trimmed, '' when absent. */
export const text = (max = 255) => z.preprocess(textInput, noControl(boundedText(max)));

/** Optional text made of digits or codes: also takes a JSON number. */
export const codeText = (max = 255) => z.preprocess(digitsInput, noControl(boundedText(max)));

/** Required text: absent, null or blank gives 'Campo obrigatório'. */
export const requiredText = (max = 255) => z.preprocess(textInput, noControl(boundedText(max).min(1, { error: MSG.required })));

export const email = (required = true) =>
  z.preprocess(
    textInput,
    noControl(
      z
        .string({ error: MSG.mustBeText })
        .trim()
        .toLowerCase()
        .max(254, { error: maxChars(254) }),
    )
      .refine((v) => (required ? v.length > 0 : true), { error: MSG.required })
      .refine((v) => v === '' || z.email().safeParse(v).success, { error: MSG.invalidEmail }),
  );

/** CPF stored as its 11 digits; check digits verified. */
export const cpf = (required = true) =>
  z.preprocess(
    onlyDigitsInput,
    digitsString()
      .refine((v) => (required ? v.length > 0 : true), { error: MSG.required })
      .refine((v) => v === '' || isCpf(v), { error: MSG.invalidCpf }),
  );

/** PostgreSQL's integer: ids, counts and codes never leave it. */
export const INT_MAX = 2_147_483_647;

/** An integer from `min` to INT_MAX, also as text matching `pattern` (from a select or a query string). */
const wholeNumber = (pattern: RegExp, min: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && pattern.test(v) ? Number(v) : v),
    z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(INT_MAX, { error: message }),
  );

/** Integer that may come as "2" (digits only: no spaces, no exponent). */
export const int = (message: string = MSG.mustBeInteger) => wholeNumber(/^-?\d{1,10}$/, -INT_MAX, message);

/** A record id in a path or query: plain digits, 1 to 2,147,483,647. */
export const id = (message: string = MSG.invalidId) => wholeNumber(/^[1-9]\d{0,9}$/, 1, message);

/** A link's id in a filter, where 0 means "none" (`chips?deviceId=0`: the free chips). */
export const idOrZero = (message: string = MSG.invalidId) => wholeNumber(/^\d{1,10}$/, 0, message);

export const bool = () =>
  z.preprocess(
    (v) => (v === 'true' || v === 1 || v === '1' ? true : v === 'false' || v === 0 || v === '0' ? false : v),
    z.boolean({ error: MSG.mustBeBoolean }),
  );

/** A flat map of scalars (user settings such as `attributes`): no nesting, bounded in keys and size. */
export const flatAttributes = () =>
  z.preprocess(
    (v) => (v === null || v === undefined ? {} : v),
    z
      .record(
        safeString().max(100, { error: maxChars(100) }),
        z.union([safeString().max(2000, { error: maxChars(2000) }), z.number(), z.boolean(), z.null()], { error: MSG.flatAttributes }),
        { error: MSG.flatAttributes },
      )
      .refine((map) => Object.keys(map).length <= 50, { error: MSG.tooManyAttributes }),
  );

/** Postal address fields shared by users, clients and subscriptions. */
export const addressShape = {
  address: text(200),
  addressNumber: codeText(20),
  province: text(100),
  cityandstate: text(120),
  uf: z.preprocess(textInput, noControl(z.string({ error: MSG.mustBeText }).trim().toUpperCase().max(2, { error: MSG.uf }))),
  postalCode: z.preprocess(
    onlyDigitsInput,
    digitsString().refine((v) => v === '' || v.length === 8, { error: MSG.cep }),
  ),
  complement: text(120),
};

export const phoneShape = {
  phone: codeText(30),
  mobilePhone: codeText(30),
};
