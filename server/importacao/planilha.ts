/**
 * Reading a spreadsheet for an import (DESIGN 10), streamed: memory follows the batch, never the
 * file. CSV through csv-parse (UTF-8 or Latin-1, `;`, `,` or tab, found from the file's start);
 * XLSX through exceljs's streaming reader (the first worksheet), after one pass over the sheet's
 * XML (unzipper) that counts its rows and refuses formulas and merged cells. SheetJS is never used.
 */
import { Readable, Transform } from 'node:stream';
import { parse as parseCsv } from 'csv-parse';
import ExcelJS from 'exceljs';
import unzipper, { type Entry as ZipEntry } from 'unzipper';
import { IMPORTACAO_MAX_LINHAS } from '../../domain/importacao';

export type Formato = 'csv' | 'xlsx';

/** A file refused as a whole, with its pt-BR reason (a 4xx at upload, `falhou` in a job). */
export class PlanilhaInvalida extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

export const PLANILHA_MSG = {
  naoPlanilha: 'O arquivo não é uma planilha: envie CSV (separado por ; ou ,) ou XLSX.',
  xlsAntigo: 'Planilha no formato antigo do Excel (.xls): salve-a como .xlsx ou CSV e envie de novo.',
  vazia: 'A planilha está vazia.',
  semLinhas: 'A planilha só tem o cabeçalho: não há linhas para importar.',
  grande: 'O arquivo passa de 50 MB: divida a planilha em partes menores.',
  linhas: `A planilha passa de ${IMPORTACAO_MAX_LINHAS.toLocaleString('pt-BR')} linhas: divida-a em partes menores.`,
  formulas: 'A planilha tem fórmulas: copie as células e cole como valores antes de importar.',
  mescladas: 'A planilha tem células mescladas: desfaça a mesclagem antes de importar.',
  cabecalho: 'A primeira linha da planilha deve ser o cabeçalho, com o nome de cada coluna.',
  ilegivel: 'Não foi possível ler a planilha: o arquivo está corrompido ou não é CSV nem XLSX.',
  celula: 'A planilha tem uma célula com mais de 32.767 caracteres, o limite do Excel: corrija-a e envie de novo.',
  linha: 'A planilha tem uma linha com mais de 4 MB: não é uma planilha de cadastro.',
  descompactada: 'A planilha descompactada passa de 400 MB: divida-a em partes menores.',
} as const;

/**
 * What an XLSX may hold once decompressed (issue 30: a 196 KB file whose one cell held 200 MB of
 * text ended the server). A zip says its sizes, but they may lie: these are counted on the bytes as
 * they come out, and past one the file is refused before the next chunk is inflated.
 * - A cell: Excel's own limit is 32,767 characters. In the XML, between two tags, that is at most
 *   six bytes a character (UTF-8 and `&amp;`-style escapes).
 * - A row: 4 MB of XML (a client's row is a few KB).
 * - The whole file: 400 MB of XML (200,000 rows of 20 columns is about 150 MB).
 */
export const XLSX_LIMITES = { celula: 32_767 * 6, linha: 4 * 1024 * 1024, total: 400 * 1024 * 1024 };

/** What the first bytes say: XLSX (a zip), CSV (text), or neither. */
export function formatoDe(head: Buffer): Formato {
  if (head.length === 0) throw new PlanilhaInvalida(PLANILHA_MSG.vazia);
  if (head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return 'xlsx';
  if (head.subarray(0, 4).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0]))) throw new PlanilhaInvalida(PLANILHA_MSG.xlsAntigo, 415);
  // Text has no NUL and few control characters; a PDF, an image or an executable has them.
  const sample = head.subarray(0, 8192);
  let control = 0;
  for (const byte of sample) {
    if (byte === 0) throw new PlanilhaInvalida(PLANILHA_MSG.naoPlanilha, 415);
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) control++;
  }
  if (control > sample.length / 100 || sample.subarray(0, 5).toString('latin1') === '%PDF-')
    throw new PlanilhaInvalida(PLANILHA_MSG.naoPlanilha, 415);
  return 'csv';
}

/** UTF-8 when the start decodes as UTF-8 (a character cut at the sample's end aside), else Latin-1. */
export function encodingDe(head: Buffer): 'utf-8' | 'latin1' {
  let sample = head.subarray(0, 65536);
  if (sample.length === 65536) {
    // Drop a character the sample's end may have cut.
    let end = sample.length;
    while (end > sample.length - 4 && end > 0 && (sample[end - 1] & 0xc0) === 0x80) end--;
    if (end > 0 && sample[end - 1] >= 0xc0) end--;
    sample = sample.subarray(0, end);
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample);
    return 'utf-8';
  } catch {
    return 'latin1';
  }
}

/** The separator of the first line: the most frequent of `;`, `,` and tab outside quotes. */
export function delimitadorDe(head: Buffer, encoding: 'utf-8' | 'latin1'): string {
  const text = new TextDecoder(encoding).decode(head.subarray(0, 65536));
  const counts: Record<string, number> = { ';': 0, ',': 0, '\t': 0 };
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char in counts) counts[char]++;
  }
  const best = Object.entries(counts).sort((a, b) => b[1] - a[1])[0];
  return best[1] > 0 ? best[0] : ';';
}

/** Bytes → text in the file's encoding, across chunk boundaries. */
function decoder(encoding: 'utf-8' | 'latin1') {
  const textDecoder = new TextDecoder(encoding);
  return new Transform({
    readableObjectMode: false,
    transform(chunk: Buffer, _enc, done) {
      done(null, textDecoder.decode(chunk, { stream: true }));
    },
    flush(done) {
      done(null, textDecoder.decode());
    },
  });
}

/** A row as the sheet shows it: its number (the header is row 1 in a CSV) and its cells as text. */
export interface Linha {
  linha: number;
  celulas: string[];
  /** A cell the sheet keeps as a number too long to be exact (an ICCID typed as a number): its column index. */
  imprecisas?: number[];
}

const blankRow = (cells: readonly string[]) => cells.every((cell) => cell === '');

async function* csvLinhas(source: Readable, head: Buffer): AsyncGenerator<Linha> {
  const encoding = encodingDe(head);
  const parser = parseCsv({
    delimiter: delimitadorDe(head, encoding),
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    trim: true,
    // One record is at most 1 MB: a file that is one long quoted field is not a sheet.
    max_record_size: 1024 * 1024,
  });
  source.on('error', (error) => parser.destroy(error));
  const decoded = source.pipe(decoder(encoding));
  decoded.on('error', (error) => parser.destroy(error));
  decoded.pipe(parser);
  let linha = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      linha++;
      yield { linha, celulas: record };
    }
  } catch (error) {
    if (error instanceof Error && 'code' in error && String((error as { code: unknown }).code).startsWith('CSV_'))
      throw new PlanilhaInvalida(`${PLANILHA_MSG.ilegivel} (linha ${linha + 1})`);
    throw error;
  }
}

type CellValue = ExcelJS.CellValue;
/** A cell as text: numbers as written, rich text joined, a formula's cached result. */
function cellText(value: CellValue): { text: string; imprecisa?: boolean } {
  if (value === null || value === undefined) return { text: '' };
  if (typeof value === 'string') return { text: value.trim() };
  if (typeof value === 'number') {
    if (Number.isInteger(value) && !Number.isSafeInteger(value)) return { text: String(value), imprecisa: true };
    return { text: String(value) };
  }
  if (typeof value === 'boolean') return { text: value ? 'VERDADEIRO' : 'FALSO' };
  if (value instanceof Date) return { text: value.toISOString().slice(0, 10) };
  if (typeof value === 'object') {
    if ('richText' in value)
      return {
        text: value.richText
          .map((part) => part.text)
          .join('')
          .trim(),
      };
    if ('text' in value && typeof value.text === 'string') return { text: value.text.trim() };
    if ('result' in value) return cellText((value as { result?: CellValue }).result ?? null);
  }
  return { text: '' };
}

/**
 * The sheet's shared strings (most of an XLSX's text: Excel writes each distinct text once), kept as
 * UTF-8 in one growing buffer with their offsets, outside the JavaScript heap: 100,000 rows of
 * clients hold 500,000 of them, which exceljs would keep as as many strings and objects.
 */
class SharedStrings {
  #bytes = Buffer.alloc(1 << 20);
  #used = 0;
  #ends = new Uint32Array(1 << 16);
  #count = 0;

  add(text: string) {
    const length = Buffer.byteLength(text);
    if (this.#used + length > this.#bytes.length) {
      const bigger = Buffer.alloc(Math.max(this.#bytes.length * 2, this.#used + length));
      this.#bytes.copy(bigger, 0, 0, this.#used);
      this.#bytes = bigger;
    }
    this.#used += this.#bytes.write(text, this.#used);
    if (this.#count === this.#ends.length) {
      const bigger = new Uint32Array(this.#ends.length * 2);
      bigger.set(this.#ends);
      this.#ends = bigger;
    }
    this.#ends[this.#count++] = this.#used;
  }

  get(index: number): string {
    if (!Number.isInteger(index) || index < 0 || index >= this.#count) return '';
    return this.#bytes.toString('utf8', index === 0 ? 0 : this.#ends[index - 1], this.#ends[index]);
  }
}

async function* xlsxLinhas(source: Readable): AsyncGenerator<Linha> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(source, {
    worksheets: 'emit',
    // Emitted, not cached: kept compactly here (SharedStrings) and looked up by the cells.
    sharedStrings: 'emit',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'emit',
  });
  const strings = new SharedStrings();
  // parse() gives the worksheets as { eventType, value } and, in its order, each shared string
  // bare, as { index, text } (exceljs 4.4); a string is kept as the cell would show it.
  const events = workbook.parse() as AsyncGenerator<{ eventType?: string; value?: unknown; index?: number; text?: CellValue }>;
  try {
    for await (const event of events) {
      if (event.eventType === undefined && typeof event.index === 'number') {
        strings.add(cellText(event.text ?? null).text);
        continue;
      }
      if (event.eventType !== 'worksheet') continue;
      for await (const row of event.value as AsyncIterable<ExcelJS.Row>) {
        const values = row.values as CellValue[];
        const celulas: string[] = [];
        const imprecisas: number[] = [];
        for (let i = 1; i < values.length; i++) {
          const cell = values[i];
          const { text, imprecisa } = cellText(
            cell !== null && typeof cell === 'object' && 'sharedString' in cell ? strings.get(Number(cell.sharedString)) : cell,
          );
          celulas.push(text);
          if (imprecisa) imprecisas.push(i - 1);
        }
        yield { linha: row.number, celulas, ...(imprecisas.length ? { imprecisas } : {}) };
      }
      // The first worksheet only.
      break;
    }
  } catch (error) {
    if (error instanceof PlanilhaInvalida) throw error;
    throw new PlanilhaInvalida(PLANILHA_MSG.ilegivel);
  } finally {
    source.destroy();
  }
}

/**
 * The rows of a sheet, blank ones skipped. `source` is the whole file from its start, `head` its
 * first bytes (for the format, the encoding and the separator).
 */
export function linhas(source: Readable, head: Buffer): AsyncGenerator<Linha> {
  return formatoDe(head) === 'xlsx' ? xlsxLinhas(source) : csvLinhas(source, head);
}

/** What a file is: its header (the first non-blank row), its number of data rows; refused as a whole when it cannot be imported. */
export interface Inspecao {
  formato: Formato;
  cabecalho: string[];
  linhaCabecalho: number;
  total: number;
}

/**
 * The bytes since the last '<' after `chunk`, given those before it (`run`); refuses a cell's
 * worth of text between two tags past XLSX_LIMITES.celula.
 */
function maiorTrechoSemTag(chunk: Buffer, run: number): number {
  let at = chunk.indexOf(0x3c /* < */);
  if (at < 0) run += chunk.length;
  else {
    if (run + at > XLSX_LIMITES.celula) throw new PlanilhaInvalida(PLANILHA_MSG.celula, 413);
    for (let next = chunk.indexOf(0x3c, at + 1); next >= 0; at = next, next = chunk.indexOf(0x3c, at + 1))
      if (next - at > XLSX_LIMITES.celula) throw new PlanilhaInvalida(PLANILHA_MSG.celula, 413);
    run = chunk.length - at - 1;
  }
  if (run > XLSX_LIMITES.celula) throw new PlanilhaInvalida(PLANILHA_MSG.celula, 413);
  return run;
}

/**
 * One pass over the XLSX: every entry's decompressed bytes are counted and bounded (XLSX_LIMITES),
 * and the first worksheet's rows are counted, its formulas and merged cells refused (the streaming
 * reader skips merges, and a formula's value is only its last result).
 */
async function xlsxVarredura(source: Readable) {
  const zip = source.pipe(unzipper.Parse({ forceStream: true }));
  let rows = 0;
  let seen = false;
  let total = 0;
  try {
    for await (const entry of zip as AsyncIterable<ZipEntry>) {
      const sheet: boolean = !seen && /^xl\/worksheets\/[^/]+\.xml$/.test(entry.path);
      seen ||= sheet;
      const xml = entry.path.endsWith('.xml') || entry.path.endsWith('.rels');
      // Bytes since the last '<' (a cell's text lies between two tags) and since the last row's start.
      let semTag = 0;
      let naLinha = 0;
      let tail = '';
      for await (const chunk of entry as AsyncIterable<Buffer>) {
        total += chunk.length;
        if (total > XLSX_LIMITES.total) throw new PlanilhaInvalida(PLANILHA_MSG.descompactada, 413);
        if (!xml) continue;
        semTag = maiorTrechoSemTag(chunk, semTag);
        if (!sheet) continue;
        const text = tail + chunk.toString('latin1');
        if (/<(\w+:)?mergeCell[\s>/]/.test(text)) throw new PlanilhaInvalida(PLANILHA_MSG.mescladas);
        if (/<(\w+:)?f[\s>/]/.test(text)) throw new PlanilhaInvalida(PLANILHA_MSG.formulas);
        // Rows counted in this chunk, without the part kept for the next one.
        const cut = Math.max(0, text.length - 16);
        const starts = text.slice(0, cut).match(/<(\w+:)?row[\s>]/g) ?? [];
        rows += starts.length;
        let lastRow = -1;
        for (const start of text.matchAll(/<(\w+:)?row[\s>]/g)) lastRow = start.index;
        naLinha = lastRow >= 0 ? text.length - lastRow : naLinha + chunk.length;
        if (naLinha > XLSX_LIMITES.linha) throw new PlanilhaInvalida(PLANILHA_MSG.linha, 413);
        tail = text.slice(cut);
      }
      if (sheet) rows += (tail.match(/<(\w+:)?row[\s>]/g) ?? []).length;
    }
  } catch (error) {
    if (error instanceof PlanilhaInvalida) throw error;
    throw new PlanilhaInvalida(PLANILHA_MSG.ilegivel);
  } finally {
    source.destroy();
  }
  if (!seen) throw new PlanilhaInvalida(PLANILHA_MSG.ilegivel);
  return rows;
}

/**
 * Reads a whole file once (`open` gives it from its start, each call a new stream): its header and
 * data rows counted; refuses what cannot be imported (not a sheet, empty, only a header, more than
 * 200,000 rows, formulas, merged cells).
 */
export async function inspecionar(open: () => Readable, head: Buffer): Promise<Inspecao> {
  const formato = formatoDe(head);
  if (formato === 'xlsx') await xlsxVarredura(open());
  let cabecalho: string[] | undefined;
  let linhaCabecalho = 0;
  let total = 0;
  for await (const row of linhas(open(), head)) {
    if (blankRow(row.celulas)) continue;
    if (!cabecalho) {
      cabecalho = row.celulas;
      linhaCabecalho = row.linha;
      continue;
    }
    total++;
    if (total > IMPORTACAO_MAX_LINHAS) throw new PlanilhaInvalida(PLANILHA_MSG.linhas, 413);
  }
  if (!cabecalho) throw new PlanilhaInvalida(PLANILHA_MSG.vazia);
  if (cabecalho.filter(Boolean).length === 0) throw new PlanilhaInvalida(PLANILHA_MSG.cabecalho);
  if (total === 0) throw new PlanilhaInvalida(PLANILHA_MSG.semLinhas);
  return { formato, cabecalho, linhaCabecalho, total };
}

export { blankRow };
