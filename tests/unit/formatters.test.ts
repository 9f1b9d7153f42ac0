import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatCpfCnpj, formatDate, formatDateTime, formatMoney, formatNumero, formatPhone, setDateLogger } from '../../domain/formatters';
import { isCnpj, isCpf } from '../../domain/documents';
import { normalizeSearch, searchText } from '../../domain/text';

describe('formatters', () => {
  afterEach(() => setDateLogger((message, value) => console.warn(message, value)));

  it('numbers are zero-padded to 5 digits and truncated to 5', () => {
    expect(formatNumero(7)).toBe('00007');
    expect(formatNumero(12345)).toBe('12345');
    expect(formatNumero(1234567)).toBe('12345');
    expect(formatNumero(undefined)).toBe('');
  });

  it('dates are dd/mm/yyyy in UTC, and an invalid date shows nothing and logs Data inválida', () => {
    expect(formatDate('2026-11-21')).toBe('21/11/2026');
    expect(formatDate('2026-01-01T01:30:00-03:00')).toBe('01/01/2026');
    expect(formatDate(new Date(Date.UTC(2025, 1, 28, 23, 59)))).toBe('28/02/2025');
    const logger = vi.fn();
    setDateLogger(logger);
    expect(formatDate('31/31/2026')).toBe('');
    expect(logger).toHaveBeenCalledWith('Data inválida', '31/31/2026');
    expect(formatDate('')).toBe('');
    expect(logger).toHaveBeenCalledTimes(1);
  });

  it("moments are dd/mm/yyyy hh:mm on the clock of America/Sao_Paulo, whatever the browser's zone", () => {
    expect(formatDateTime('2026-03-05T14:07:00.000Z')).toBe('05/03/2026 11:07');
    // Just after midnight UTC is still the evening before in São Paulo, and midnight reads 00, not 24.
    expect(formatDateTime('2026-01-01T01:30:00Z')).toBe('31/12/2025 22:30');
    expect(formatDateTime('2026-01-01T03:00:00Z')).toBe('01/01/2026 00:00');
    expect(formatDateTime(new Date(Date.UTC(2026, 6, 1, 12, 0)), 'UTC')).toBe('01/07/2026 12:00');
    const logger = vi.fn();
    setDateLogger(logger);
    expect(formatDateTime('ontem')).toBe('');
    expect(logger).toHaveBeenCalledWith('Data inválida', 'ontem');
    expect(formatDateTime(null)).toBe('');
  });

  it('money is pt-BR with two decimals', () => {
    expect(formatMoney(49.9)).toBe('R$ 49,90');
    expect(formatMoney(1234567.891)).toBe('R$ 1.234.567,89');
    expect(formatMoney('0')).toBe('R$ 0,00');
    expect(formatMoney('abc')).toBe('');
  });

  it('CPF and CNPJ are punctuated; other digit counts read Número inválido', () => {
    const shown: [string, string][] = [
      ['52998224725', '529.982.247-25'],
      ['11.222.333/0001-81', '11.222.333/0001-81'],
      ['11222333000181', '11.222.333/0001-81'],
      ['123', 'Número inválido'],
      ['', ''],
    ];
    for (const [typed, expected] of shown) expect(formatCpfCnpj(typed)).toBe(expected);
  });

  it('phones are punctuated by length', () => {
    expect(formatPhone('11987654321')).toBe('(11) 98765-4321');
    expect(formatPhone('1134567890')).toBe('(11) 3456-7890');
    expect(formatPhone('+55 11')).toBe('+55 11');
  });
});

describe('CPF and CNPJ check digits', () => {
  it('accepts valid numbers with or without punctuation and refuses wrong check digits', () => {
    expect(isCpf('529.982.247-25')).toBe(true);
    expect(isCpf('52998224725')).toBe(true);
    expect(isCpf('529.982.247-26')).toBe(false);
    expect(isCpf('111.111.111-11')).toBe(false);
    expect(isCnpj('11.222.333/0001-81')).toBe(true);
    expect(isCnpj('11.222.333/0001-82')).toBe(false);
  });
});

describe('search normalization', () => {
  it('lower-cases, removes accents and collapses spaces', () => {
    expect(normalizeSearch('  JOSÉ   da  Conceição ')).toBe('jose da conceicao');
    expect(normalizeSearch(null)).toBe('');
  });

  it("a record's search text is its fields normalized, blanks left out", () => {
    expect(searchText(['Fiat', null, '  ', 'ÁVILA  Ltda', 42, undefined])).toBe('fiat avila ltda 42');
    expect(searchText([])).toBe('');
  });
});
