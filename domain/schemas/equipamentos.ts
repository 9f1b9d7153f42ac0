/**
 * Vehicles, trackers and SIM chips (SPEC sections 3 and 5, DESIGN sections 5 and 9). Links
 * (tracker ↔ vehicle, chip ↔ tracker) are ids here; the server keeps both sides consistent.
 */
import { z } from 'zod';
import { VEHICLE_CATEGORIES } from '../constants';
import { MSG, maxChars } from '../messages';
import { money } from './money';
import { codeText, digitsInput, digitsString, id, int, onlyDigitsInput, requiredText, safeString, text } from './common';

const blank = (v: unknown) => v === null || v === undefined || v === '';
/** A link id: absent keeps the current link, 0 unlinks, a positive id links. */
const linkId = (message: string) =>
  z.preprocess((v) => (v === null || v === '' ? 0 : v), int(message).pipe(z.number().min(0, { error: message }))).optional();
/** A required code typed by people (plate, chassi, IMEI): strings or numbers, normalized, never an object. */
const code = (normalize: (v: string) => string) => (v: unknown) => {
  const input = digitsInput(v);
  return typeof input === 'string' ? normalize(input) : input;
};

/** Old (ABC1234) or Mercosul (ABC1D23) plate, stored upper-case without separators. */
export const PLACA = /^[A-Z]{3}[0-9][A-Z0-9][0-9]{2}$/;
export const normalizePlaca = (v: string) => v.toUpperCase().replace(/[\s-]/g, '');
const placa = z.preprocess(
  code(normalizePlaca),
  z.string({ error: MSG.mustBeText }).min(1, { error: MSG.required }).regex(PLACA, { error: MSG.placa }),
);

export const veiculoSchema = z
  .object({
    idcliente: z.preprocess((v) => (blank(v) ? undefined : v), id(MSG.invalidCliente).optional()),
    cliente: z
      .object({ id: z.preprocess((v) => (blank(v) ? undefined : v), id(MSG.invalidCliente).optional()) })
      .partial()
      .nullish(),
    category: z.preprocess(
      (v) => (blank(v) ? undefined : v),
      z.enum(VEHICLE_CATEGORIES, { error: (i) => (i.input === undefined ? MSG.required : MSG.category) }),
    ),
    marca: requiredText(60),
    modelo: requiredText(60),
    ano: codeText(9),
    placa,
    renavan: z.preprocess(
      code((v) => v.trim()),
      z
        .string({ error: MSG.mustBeText })
        .min(1, { error: MSG.required })
        .regex(/^\d{9,11}$/, { error: MSG.renavam }),
    ),
    chassi: z.preprocess(
      code((v) => v.toUpperCase().replace(/\s/g, '')),
      safeString()
        .min(1, { error: MSG.required })
        .max(30, { error: maxChars(30) }),
    ),
    cor: text(40),
  })
  .transform(({ cliente, ...v }, ctx) => {
    // Canonical idcliente wins; the embedded cliente's id is accepted too (DESIGN section 4).
    const idcliente = v.idcliente ?? cliente?.id;
    if (!idcliente || idcliente < 1) {
      ctx.addIssue({ code: 'custom', path: ['idcliente'], message: MSG.clienteRequired });
      return z.NEVER;
    }
    return { ...v, idcliente };
  });
export type VeiculoInput = z.infer<typeof veiculoSchema>;

/**
 * The vehicle's electrical system (DESIGN 10, "Fleet"): 12 or 24 V; empty (null, '') is "inferred
 * from the readings"; absent keeps what the tracker has.
 */
export const TENSOES_NOMINAIS = [12, 24] as const;
const tensaoNominal = z
  .preprocess(
    (v) => (v === null || v === '' ? null : typeof v === 'string' && /^\s*\d{1,3}\s*$/.test(v) ? Number(v) : v),
    z.union([z.literal(12), z.literal(24), z.null()], { error: MSG.tensaoNominal }),
  )
  .optional();

export const trackerSchema = z
  .object({
    imei: z.preprocess(
      code((v) => v.trim()),
      z
        .string({ error: MSG.mustBeText })
        .min(1, { error: MSG.required })
        .regex(/^\d{15}$/, { error: MSG.imei }),
    ),
    modelo: requiredText(60),
    marca: requiredText(60),
    chipId: linkId(MSG.invalidChip),
    idveiculo: linkId(MSG.invalidVeiculo),
    idVeiculo: linkId(MSG.invalidVeiculo),
    idcliente: linkId(MSG.invalidCliente),
    tensaoNominal,
  })
  .transform(({ idVeiculo, ...v }) => ({ ...v, idveiculo: v.idveiculo ?? idVeiculo }));
export type TrackerInput = z.infer<typeof trackerSchema>;

export const chipSchema = z.object({
  phone: z.preprocess(
    onlyDigitsInput,
    digitsString()
      .min(1, { error: MSG.required })
      .refine((v) => v.length >= 10 && v.length <= 13, { error: MSG.chipPhone }),
  ),
  iccid: z.preprocess(
    code((v) => v.replace(/\s/g, '')),
    z
      .string({ error: MSG.mustBeText })
      .min(1, { error: MSG.required })
      .regex(/^\d{19,20}$/, { error: MSG.iccid }),
  ),
  operadora: text(40),
  fonecedor: text(80),
  /** What the SIM card costs a month, in reais (DESIGN 10); blank is 0. */
  custoMensal: z.preprocess((v) => (blank(v) ? 0 : v), money()),
  deviceId: linkId(MSG.invalidRastreador),
});
export type ChipInput = z.infer<typeof chipSchema>;
