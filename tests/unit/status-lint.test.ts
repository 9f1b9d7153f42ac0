/**
 * Status codes by name (issue 31): the lint rule of eslint.config.js refuses a bare status number
 * in product code, in TS and in SQL text, and leaves other numbers and the seeds, tests and
 * domain/constants alone. Each case below is a shape the code base had.
 */
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });
const MESSAGE = /^Status por nome/;

/** The rule's findings in `code`, linted as if it were the file at `filePath`. */
async function findings(code: string, filePath = 'server/exemplo.ts'): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath });
  const fatal = result.messages.find((message) => message.fatal);
  if (fatal) throw new Error(fatal.message);
  return result.messages.filter((message) => MESSAGE.test(message.message)).length;
}

describe('bare status numbers', () => {
  // Loading the configuration and the parsers takes a few seconds on a busy machine: once, here.
  beforeAll(() => findings(''), 60_000);

  it.each([
    ['a comparison', 'export const pago = (row: { status: number }) => row.status === 1;'],
    ['a comparison, reversed', 'export const pago = (status: number) => 1 === status;'],
    ['an optional member', 'export const pago = (row?: { status: number }) => row?.status !== 1;'],
    ['a number read from settings', 'export const ativo = (s: { status?: unknown }) => Number(s?.status) === 1;'],
    ['a property', 'export const padrao = { token: "", status: 0 };'],
    ['a fallback', 'export const st = (data: { status?: string }) => ({ status: Number(data.status) || 0 });'],
    ['a conditional value', 'export const st = (b: boolean) => ({ status: b ? 1 : 0 });'],
    ['an assignment', 'export function fechar(row: { status: number }) { row.status = 3; }'],
    ['a list filter', 'export const filtro = { status: { values: [0, 1], where: () => null } };'],
    [
      'a drizzle condition',
      'declare const eq: (a: unknown, b: unknown) => unknown; declare const t: { status: unknown };\nexport const w = eq(t.status, 2);',
    ],
    ['an includes', 'export const conhecido = (status: number) => [0, 1, 2].includes(Number(status));'],
    ['a status function', "export function chargeStatus(s: string): number {\n  if (s === 'RECEIVED') return 1;\n  return 0;\n}"],
    ['a table of another system', 'export const ASSINATURA_STATUS_ASAAS: Record<string, number> = { ACTIVE: 0 };'],
    [
      'SQL text',
      'declare const sql: (s: TemplateStringsArray, ...v: unknown[]) => unknown;\nexport const q = sql`SELECT 1 FROM cobrancas WHERE status = 2`;',
    ],
    [
      'SQL IN',
      'declare const sql: (s: TemplateStringsArray, ...v: unknown[]) => unknown;\nexport const q = sql`CASE WHEN status IN (0, 2) THEN duedate END`;',
    ],
    [
      'SQL CASE',
      'declare const sql: (s: TemplateStringsArray, ...v: unknown[]) => unknown;\nexport const q = sql`ORDER BY CASE status WHEN 2 THEN 0 END`;',
    ],
    [
      'a number after a status column',
      'declare const sql: (s: TemplateStringsArray, ...v: unknown[]) => unknown; declare const a: { status: unknown };\nexport const q = sql`WHERE ${a.status} = 0`;',
    ],
  ])('refuses %s', async (_shape, code) => {
    expect(await findings(code)).toBeGreaterThan(0);
  });

  it('refuses a transition table from bare numbers, in the browser too', async () => {
    const code =
      'const S = { RECEBIDA: 1 } as const;\nexport const T = { PAGO: { to: COBRANCA_STATUS.RECEBIDA, from: [0, 2] } };\ndeclare const COBRANCA_STATUS: typeof S;';
    expect(await findings(code)).toBe(2);
    expect(await findings('export const pago = (c: { status: number }) => c.status === 1;', 'src/exemplo.tsx')).toBe(1);
  });

  it.each([
    [
      'named codes',
      "import { COBRANCA_STATUS } from '../domain/constants';\nexport const pago = (row: { status: number }) => row.status === COBRANCA_STATUS.RECEBIDA;",
    ],
    ['an HTTP status', 'export const falhou = (reply: { status: number }) => reply.status === 500 || reply.status >= 400;'],
    ['other numbers', 'export const meio = (x: { deviceId: number }) => x.deviceId === 0;'],
    [
      'SQL with named codes',
      'declare const sql: (s: TemplateStringsArray, ...v: unknown[]) => unknown; declare const V: unknown;\nexport const q = sql`WHERE status = ${V} AND device_id = 0`;',
    ],
  ])('accepts %s', async (_shape, code) => {
    expect(await findings(code)).toBe(0);
  });

  it('leaves domain/constants, the seeds and the tests alone', async () => {
    const code = 'export const pago = (row: { status: number }) => row.status === 1;';
    expect(await findings(code, 'domain/constants.ts')).toBe(0);
    expect(await findings(code, 'server/seed/exemplo.ts')).toBe(0);
    expect(await findings(code, 'tests/api/exemplo.test.ts')).toBe(0);
  });
});
