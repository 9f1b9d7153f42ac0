/** Spreadsheets for the import tests (DESIGN 10): CSV text, XLSX from exceljs, multipart bodies. */
import { crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import unzipper, { type Entry as ZipEntry } from 'unzipper';
import { Readable } from 'node:stream';
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

/**
 * What a zip's local header and its central directory entry both hold, from "version needed" to the
 * name's length, written into `header` at `at`: version 2.0, deflated, no time, the sizes and CRC.
 */
function writeEntryFields(header: Buffer, at: number, entry: { crc: number; packed: number; size: number; nameLength: number }) {
  header.writeUInt16LE(20, at);
  header.writeUInt16LE(8, at + 4);
  header.writeUInt32LE(entry.crc, at + 10);
  header.writeUInt32LE(entry.packed, at + 14);
  header.writeUInt32LE(entry.size, at + 18);
  header.writeUInt16LE(entry.nameLength, at + 22);
}

/** A zip of `entries`, each deflated (the shape of an XLSX), written here so a test controls every byte. */
export function zip(entries: { name: string; data: Buffer }[]) {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const nameBytes = Buffer.from(name);
    const packed = deflateRawSync(data, { level: 9 });
    const crc = crc32(data);
    const entry = { crc, packed: packed.length, size: data.length, nameLength: nameBytes.length };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    writeEntryFields(local, 4, entry);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by version 2.0
    writeEntryFields(central, 6, entry);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A real workbook from exceljs of `rows`, with `alter` changing its entries (by name) before it is zipped again. */
export async function xlsxAlterada(rows: (string | number)[][], alter: (entries: Map<string, Buffer>) => void) {
  const entries = new Map<string, Buffer>();
  for await (const entry of Readable.from([await xlsx(rows)]).pipe(unzipper.Parse({ forceStream: true })) as AsyncIterable<ZipEntry>) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry as AsyncIterable<Buffer>) chunks.push(chunk);
    entries.set(entry.path, Buffer.concat(chunks));
  }
  alter(entries);
  return zip([...entries].map(([name, data]) => ({ name, data })));
}

/**
 * An XLSX whose one cell holds `bytes` of text (issue 30: 196 KB compressed, 200 MB inside): a
 * real workbook from exceljs, its shared string 'GIGANTE' replaced by `bytes` letters.
 */
export function xlsxCelulaGigante(bytes: number) {
  return xlsxAlterada(
    [
      ['Nome', 'CPF'],
      ['GIGANTE', '529.982.247-25'],
    ],
    (entries) => {
      const [before, after] = entries.get('xl/sharedStrings.xml')!.toString('utf8').split('GIGANTE');
      entries.set('xl/sharedStrings.xml', Buffer.concat([Buffer.from(before), Buffer.alloc(bytes, 'A'), Buffer.from(after)]));
    },
  );
}
