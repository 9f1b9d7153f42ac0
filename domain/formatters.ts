/** Display formatters of SPEC section 9, shared by the list columns, documents and the server. */
import { wallClock } from './calendar';
import { onlyDigits } from './text';

/** Client, charge and contract numbers: zero-padded to 5 digits and truncated to 5. */
export function formatNumero(id: unknown): string {
  if (id === null || id === undefined || id === '') return '';
  return String(id).padStart(5, '0').slice(0, 5);
}

let dateLogger: (message: string, value: unknown) => void = (message, value) => console.warn(message, value);
/** Tests replace the logger to observe 'Data inválida' without noise. */
export function setDateLogger(logger: typeof dateLogger) {
  dateLogger = logger;
}

/**
 * dd/mm/yyyy read in UTC, so a date-only value ("2026-11-21") never shifts a day. Invalid dates
 * show nothing and log 'Data inválida' (SPEC section 5).
 */
export function formatDate(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(date.getTime())) {
    dateLogger('Data inválida', value);
    return '';
  }
  const dd = String(date.getUTCDate()).padStart(2, '0');
  const mm = String(date.getUTCMonth() + 1).padStart(2, '0');
  return `${dd}/${mm}/${date.getUTCFullYear()}`;
}

/**
 * A moment (an audit entry, a message sent) as dd/mm/yyyy hh:mm on the wall clock of `timeZone`,
 * the company's (APP_TIMEZONE) by default, whatever the browser's zone. Invalid: as formatDate.
 */
export function formatDateTime(value: unknown, timeZone = 'America/Sao_Paulo'): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(date.getTime())) {
    dateLogger('Data inválida', value);
    return '';
  }
  const wall = wallClock(date, timeZone);
  return `${wall.day}/${wall.month}/${wall.year} ${wall.hour}:${wall.minute}`;
}

const money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** R$ 1.234,56. Intl puts a non-breaking space after R$; we use a plain one so text matches. */
export function formatMoney(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number)) return '';
  return money.format(number).replace(/\u00a0/g, ' ');
}

/** CPF (11 digits) or CNPJ (14 digits) with punctuation; anything else is 'Número inválido'. */
export function formatCpfCnpj(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const d = onlyDigits(value);
  if (d.length === 11) return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
  if (d.length === 14) return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
  return 'Número inválido';
}

/** (11) 98765-4321 or (11) 3456-7890; other lengths are shown as typed. */
export function formatPhone(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const d = onlyDigits(value);
  if (d.length === 11) return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
  if (d.length === 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
  return String(value);
}
