/** Spreadsheets for the import tests (DESIGN 10): CSV text, XLSX from exceljs, multipart bodies. */
import ExcelJS from 'exceljs';
import { luhnDigit } from '../../server/seed/identifiers';

/** A CSV body from rows of cells (`;` and UTF-8 unless told). */
export function csv(rows: (string | number)[][], { delimiter = ';', encoding = 'utf-8' as BufferEncoding } = {}) {
  const text = rows
    .map((row) =>
      row.map((cell) => (/[;,"\n]/.test(String(cell)) ? `"${String(cell).replace(/"/g, '""')}"` : String(cell))).join(delimiter),
    )
    .join('\r\n');
  return Buffer.from(`${text}\r\n`, encoding);
}

/** An XLSX workbook of one sheet, with a hook to add formulas or merges. */
export async function xlsx(rows: (string | number)[][], touch?: (sheet: ExcelJS.Worksheet) => void) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Planilha');
  for (const row of rows) sheet.addRow(row);
  touch?.(sheet);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A multipart/form-data body and its content type. */
export async function multipart(fields: Record<string, string>, file?: { name: string; data: Buffer }) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append('arquivo', new Blob([new Uint8Array(file.data)]), file.name);
  const response = new Response(form);
  return { body: Buffer.from(await response.arrayBuffer()), headers: { 'content-type': response.headers.get('content-type')! } };
}

let serial = 1000;
/** A valid IMEI (Luhn check digit), different on every call. */
export const validImei = () => {
  const body = `35${String(Date.now() % 1e7).padStart(7, '0')}${String(serial++).padStart(5, '0')}`.slice(0, 14);
  return body + luhnDigit(body);
};
