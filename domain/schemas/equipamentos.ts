/**
 * Vehicles, trackers and SIM chips (SPEC sections 3 and 5, DESIGN sections 5 and 9). Links
 * (tracker ↔ vehicle, chip ↔ tracker) are ids here; the server keeps both sides consistent.
 */
import { z } from 'zod';
import { VEHICLE_CATEGORIES } from '../constants';
import { MSG } from '../messages';
import { onlyDigits } from '../text';
import { int, requiredText, text } from './common';

const blank = (v: unknown) => v === null || v === undefined || v === '';
/** A link id: absent keeps the current link, 0 unlinks, a positive id links. */
const linkId = (message: string) =>
  z.preprocess((v) => (v === null || v === '' ? 0 : v), int(message).pipe(z.number().min(0, { error: message }))).optional();

/** Old (ABC1234) or Mercosul (ABC1D23) plate, stored upper-case without separators. */
export const PLACA = /^[A-Z]{3}[0-9][A-Z0-9][0-9]{2}$/;
export const normalizePlaca = (v: unknown) =>
  String(v ?? '')
    .toUpperCase()
    .replace(/[\s-]/g, '');
const placa = z.preprocess(
  (v) => (blank(v) ? '' : normalizePlaca(v)),
  z.string().min(1, { error: MSG.required }).regex(PLACA, { error: 'Placa inválida: use ABC1234 ou ABC1D23' }),
);

const categoryLabels = 'motorcycle, car, pickup, truck, bus ou van';
export const veiculoSchema = z
  .object({
    idcliente: z.preprocess((v) => (blank(v) ? undefined : v), int('Cliente inválido').optional()),
    cliente: z
      .object({ id: z.preprocess((v) => (blank(v) ? undefined : v), int('Cliente inválido').optional()) })
      .partial()
      .nullish(),
    category: z.preprocess(
      (v) => (blank(v) ? undefined : v),
      z.enum(VEHICLE_CATEGORIES, { error: (i) => (i.input === undefined ? MSG.required : `Categoria deve ser ${categoryLabels}`) }),
    ),
    marca: requiredText(60),
    modelo: requiredText(60),
    ano: text(9),
    placa,
    renavan: z.preprocess(
      (v) => (blank(v) ? '' : String(v).trim()),
      z
        .string()
        .min(1, { error: MSG.required })
        .regex(/^\d{9,11}$/, { error: 'Renavam deve ter de 9 a 11 dígitos' }),
    ),
    chassi: z.preprocess(
      (v) => (blank(v) ? '' : String(v).toUpperCase().replace(/\s/g, '')),
      z.string().min(1, { error: MSG.required }).max(30, { error: 'No máximo 30 caracteres' }),
    ),
    cor: text(40),
  })
  .transform(({ cliente, ...v }, ctx) => {
    // Canonical idcliente wins; the embedded cliente's id is accepted too (DESIGN section 4).
    const idcliente = v.idcliente ?? cliente?.id;
    if (!idcliente || idcliente < 1) {
      ctx.addIssue({ code: 'custom', path: ['idcliente'], message: 'Cliente obrigatório' });
      return z.NEVER;
    }
    return { ...v, idcliente };
  });
export type VeiculoInput = z.infer<typeof veiculoSchema>;

export const trackerSchema = z
  .object({
    imei: z.preprocess(
      (v) => (blank(v) ? '' : String(v).trim()),
      z
        .string()
        .min(1, { error: MSG.required })
        .regex(/^\d{15}$/, { error: 'IMEI deve ter 15 dígitos' }),
    ),
    modelo: requiredText(60),
    marca: requiredText(60),
    chipId: linkId('Chip inválido'),
    idveiculo: linkId('Veículo inválido'),
    idVeiculo: linkId('Veículo inválido'),
    idcliente: linkId('Cliente inválido'),
  })
  .transform(({ idVeiculo, ...v }) => ({ ...v, idveiculo: v.idveiculo ?? idVeiculo }));
export type TrackerInput = z.infer<typeof trackerSchema>;

export const chipSchema = z.object({
  phone: z.preprocess(
    (v) => onlyDigits(v ?? ''),
    z
      .string()
      .min(1, { error: MSG.required })
      .refine((v) => v.length >= 10 && v.length <= 13, { error: 'Número inválido: DDD e número, de 10 a 13 dígitos' }),
  ),
  iccid: z.preprocess(
    (v) => (blank(v) ? '' : String(v).replace(/\s/g, '')),
    z
      .string()
      .min(1, { error: MSG.required })
      .regex(/^\d{19,20}$/, { error: 'ICCID deve ter 19 ou 20 dígitos' }),
  ),
  operadora: text(40),
  fonecedor: text(80),
  deviceId: linkId('Rastreador inválido'),
});
export type ChipInput = z.infer<typeof chipSchema>;
