import { describe, expect, it } from 'vitest';
import { neutralizeFormula, toCsv } from '../../src/components/csv';

describe('CSV export', () => {
  it('a text cell that begins with = + - @ TAB or CR is neutralised with a leading quote (OWASP CSV injection)', () => {
    const names = ['=HYPERLINK("http://x","y")', '+1+1', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd'];
    const csv = toCsv(
      names.map((name) => ({ name })),
      [{ header: 'Nome', value: (row) => row.name }],
    );
    const cells = csv.replace('\uFEFF', '').split('\r\n').slice(1, -1);
    expect(cells).toEqual([`"'=HYPERLINK(""http://x"",""y"")"`, "'+1+1", "'-2+3", "'@SUM(A1)", "'\tcmd", `"'\rcmd"`]);
  });

  it('ordinary text and numbers are left as they are', () => {
    expect(neutralizeFormula('Maria da Silva')).toBe('Maria da Silva');
    expect(neutralizeFormula('a=b')).toBe('a=b');
    const csv = toCsv([{ n: -5 }], [{ header: 'N', value: (row) => row.n }]);
    expect(csv).toBe('\uFEFFN\r\n-5\r\n');
  });
});
