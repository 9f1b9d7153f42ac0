/**
 * CSV that Excel in Portuguese opens as a table: `;` between fields (the comma is the decimal
 * separator there), CRLF between lines, fields quoted when they need it, and a BOM so the accents
 * read as UTF-8.
 */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | null | undefined;
}

const quote = (value: string) => (/[";\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/**
 * A text cell that a spreadsheet would read as a formula (OWASP's CSV injection rule: it begins
 * with `=`, `+`, `-`, `@`, TAB or CR) gets a leading `'`, so Excel shows it as text and runs
 * nothing. A client's name or a charge's description can come from the public pre-registration.
 * Numbers are never formulas and stay as they are.
 */
export const neutralizeFormula = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

const cell = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : typeof value === 'number' ? String(value) : neutralizeFormula(value);

export function toCsv<T>(rows: T[], columns: CsvColumn<T>[]): string {
  const line = (cells: string[]) => cells.map(quote).join(';');
  const header = line(columns.map((column) => neutralizeFormula(column.header)));
  const body = rows.map((row) => line(columns.map((column) => cell(column.value(row)))));
  return `\uFEFF${[header, ...body].join('\r\n')}\r\n`;
}

/** 1234.5 → "1234,50": a number Excel in pt-BR reads as a number. */
export const csvMoney = (value: unknown) => {
  const number = Number(value);
  return value === null || value === undefined || value === '' || !Number.isFinite(number) ? '' : number.toFixed(2).replace('.', ',');
};

/** Saves `blob` as `filename`; the browser has taken it when the memory goes back, a minute later. */
export function downloadBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function downloadText(text: string, filename: string, type = 'text/csv;charset=utf-8') {
  downloadBlob(new Blob([text], { type }), filename);
}
