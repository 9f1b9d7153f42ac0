/**
 * Identifiers that look and check like real ones: plates in both formats, RENAVAM and IMEI with
 * their check digits, VINs, ICCIDs and phone numbers with real area codes.
 */
import { fakerPT_BR as faker } from '@faker-js/faker';

const digits = (length: number) => faker.string.numeric({ length, allowLeadingZeros: true });
const letters = (length: number) => faker.string.alpha({ length, casing: 'upper' });

/** Luhn check digit, as IMEIs and ICCIDs carry. */
export function luhnDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = body.charCodeAt(body.length - 1 - i) - 48;
    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

/** Old plates (ABC1234) until 2018, Mercosul ones (ABC1D23) after. */
export const placa = (mercosul: boolean) => (mercosul ? `${letters(3)}${digits(1)}${letters(1)}${digits(2)}` : `${letters(3)}${digits(4)}`);

/** RENAVAM: 10 digits and a check digit (weights 3298765432, sum × 10 mod 11, 10 becomes 0). */
export function renavam(): string {
  const body = digits(10);
  const weights = [3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += (body.charCodeAt(i) - 48) * weights[i];
  const check = (sum * 10) % 11;
  return body + (check === 10 ? '0' : String(check));
}

const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789'; // never I, O or Q
const VIN_YEARS = 'ABCDEFGHJKLMNPRSTVWXY'; // 2010 = A … 2030 = Y
const vinChars = (length: number) => Array.from({ length }, () => VIN_CHARS[faker.number.int(VIN_CHARS.length - 1)]).join('');

/** 17-character VIN: manufacturer (WMI), description, model-year code at position 10, serial. */
export const chassi = (wmi: string, modelYear: number) =>
  `${wmi}${vinChars(6)}${modelYear >= 2010 ? VIN_YEARS[modelYear - 2010] : String(modelYear % 10)}${vinChars(1)}${digits(6)}`;

export function imei(tac: string): string {
  const body = tac + digits(6);
  return body + luhnDigit(body);
}

/** ICCID: 89 (telecom) 55 (Brazil), the carrier's issuer code, the account, a Luhn digit. */
export function iccid(emissor: string, length: number): string {
  const body = `8955${emissor}${digits(length - 7)}`;
  return body + luhnDigit(body);
}

export const celular = (ddd: string) => `${ddd}9${faker.number.int({ min: 6, max: 9 })}${digits(7)}`;
export const fixo = (ddd: string) => `${ddd}${faker.number.int({ min: 2, max: 5 })}${digits(7)}`;

/** Values a unique index guards: drawn again on a collision with an earlier draw or a stored row. */
export class UniqueValues {
  private seen: Set<string>;
  constructor(existing: Iterable<string> = []) {
    this.seen = new Set(existing);
  }
  next(draw: () => string): string {
    let value = draw();
    while (this.seen.has(value)) value = draw();
    this.seen.add(value);
    return value;
  }
}
