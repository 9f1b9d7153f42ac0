/**
 * Reading a spreadsheet for an import (DESIGN 10), streamed: memory follows the batch, never the
 * file. CSV through csv-parse (UTF-8 or Latin-1, `;`, `,` or tab, found from the file's start);
 * XLSX through ./xlsx (the first worksheet, unzipper and saxes), after one pass over the file that
 * bounds its bytes and refuses formulas and merged cells. SheetJS is never used.
 */
import { Readable, Transform } from 'node:stream';
import { parse as parseCsv } from 'csv-parse';
import { IMPORTACAO_MAX_LINHAS } from '../../domain/importacao';
import { PLANILHA_MSG, PlanilhaInvalida } from './planilha-erros';
import { type Linha, xlsxLinhas, xlsxVarredura } from './xlsx';

export type Formato = 'csv' | 'xlsx';

export { PLANILHA_MSG, PlanilhaInvalida, XLSX_LIMITES } from './planilha-erros';
export type { Linha } from './xlsx';

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

/**
 * The rows of a sheet, blank ones skipped. `open` gives the whole file from its start (each call a
 * new stream), `head` its first bytes (for the format, the encoding and the separator).
 */
export function linhas(open: () => Readable, head: Buffer): AsyncGenerator<Linha> {
  return formatoDe(head) === 'xlsx' ? xlsxLinhas(open) : csvLinhas(open(), head);
}

/** What a file is: its header (the first non-blank row), its number of data rows; refused as a whole when it cannot be imported. */
export interface Inspecao {
  formato: Formato;
  cabecalho: string[];
  linhaCabecalho: number;
  total: number;
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
  for await (const row of linhas(open, head)) {
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
