/** Money: a JSON number in reais, non-negative, at most two decimals (DESIGN section 9). */
import { z } from 'zod';
import { MSG } from '../messages';

/** "1.234,56" (pt-BR, as typed) or "1234.56" → 1234.56; numbers pass through. */
export function parseMoney(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.replace(/R\$\s?/, '').trim();
  if (trimmed === '') return undefined;
  const normalized = trimmed.includes(',') ? trimmed.replace(/\./g, '').replace(',', '.') : trimmed;
  return /^-?\d+(\.\d+)?$/.test(normalized) ? Number(normalized) : value;
}

const hasTwoDecimalsAtMost = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;

export const money = () =>
  z.preprocess(
    (v) => (v === null || v === '' ? undefined : parseMoney(v)),
    z
      .number({ error: (issue) => (issue.input === undefined ? MSG.required : MSG.moneyInvalid) })
      .min(0, { error: MSG.moneyNegative })
      .max(99_999_999.99, { error: MSG.moneyTooHigh })
      .refine(hasTwoDecimalsAtMost, { error: MSG.moneyDecimals }),
  );
