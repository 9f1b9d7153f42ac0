/**
 * An XLSX read as a stream (DESIGN 10): one pass that bounds its bytes and refuses formulas and
 * merged cells (xlsxVarredura), then the first worksheet's rows (xlsxLinhas).
 *
 * The rows are read here, with unzipper and the saxes XML parser, rather than by exceljs's streaming
 * WorkbookReader: that reader loses an entry's bytes now and then under load (its own stream
 * iterator), and a file then reads as corrupted at random (one run in a few hundred, seen in CI).
 * Node's own async iteration of each zip entry does not.
 */
import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import unzipper, { type Entry as ZipEntry } from 'unzipper';
import { PLANILHA_MSG, PlanilhaInvalida, XLSX_LIMITES } from './planilha-erros';

/** A row as the sheet shows it: its number (the header is row 1 in a CSV) and its cells as text. */
export interface Linha {
  linha: number;
  celulas: string[];
  /** A cell the sheet keeps as a number too long to be exact (an ICCID typed as a number): its column index. */
  imprecisas?: number[];
}

/** The worksheet an import reads: the first one in the zip. */
const PLANILHA = /^xl\/worksheets\/[^/]+\.xml$/;
const TEXTOS = 'xl/sharedStrings.xml';

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
export async function xlsxVarredura(source: Readable) {
  const zip = source.pipe(unzipper.Parse({ forceStream: true }));
  let rows = 0;
  let seen = false;
  let total = 0;
  try {
    for await (const entry of zip as AsyncIterable<ZipEntry>) {
      const sheet: boolean = !seen && PLANILHA.test(entry.path);
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
 * The sheet's shared strings (most of an XLSX's text: Excel writes each distinct text once), kept as
 * UTF-8 in one growing buffer with their offsets, outside the JavaScript heap: 100,000 rows of
 * clients hold 500,000 of them, which as strings would cost as many objects.
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

/** An element's name without its namespace prefix (`x:row` is `row`). */
const local = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * Feeds `entry`'s XML to a saxes parser and yields, after each chunk, what `take` gathered from it;
 * a parse error is a corrupted file.
 */
async function* xml<T>(entry: AsyncIterable<Buffer>, parser: SaxesParser, take: () => T[]): AsyncGenerator<T> {
  const text = new StringDecoder('utf8');
  let failed: Error | undefined;
  parser.on('error', (error) => {
    failed ??= error;
  });
  for await (const chunk of entry) {
    parser.write(text.write(chunk));
    if (failed) throw new PlanilhaInvalida(PLANILHA_MSG.ilegivel);
    yield* take();
  }
  parser.write(text.end()).close();
  if (failed) throw new PlanilhaInvalida(PLANILHA_MSG.ilegivel);
  yield* take();
}

/** The texts of xl/sharedStrings.xml, each as a cell shows it: its runs joined, phonetic hints left out. */
async function lerTextos(entry: AsyncIterable<Buffer>, strings: SharedStrings) {
  const parser = new SaxesParser();
  let item: string[] | undefined;
  let inT = false;
  let phonetic = 0;
  parser.on('opentag', (tag: SaxesTagPlain) => {
    const name = local(tag.name);
    if (name === 'si') item = [];
    else if (name === 'rPh') phonetic++;
    else if (name === 't') inT = !tag.isSelfClosing;
  });
  const text = (value: string) => {
    if (inT && item && phonetic === 0) item.push(value);
  };
  parser.on('text', text);
  parser.on('cdata', text);
  parser.on('closetag', (tag: SaxesTagPlain) => {
    const name = local(tag.name);
    if (name === 't') inT = false;
    else if (name === 'rPh') phonetic--;
    else if (name === 'si' && item) {
      strings.add(item.join('').trim());
      item = undefined;
    }
  });
  for await (const _ of xml(entry, parser, () => [])) void _;
}

/** `B12` → column 2 (A is 1); 0 when the reference has no letters. */
function coluna(ref: string | undefined): number {
  let n = 0;
  for (const char of ref ?? '') {
    const code = char.charCodeAt(0);
    if (code < 65 || code > 90) break;
    n = n * 26 + code - 64;
  }
  return n;
}

/** A cell's text by its type (`t`): numbers as written, booleans in pt-BR, an error as blank. */
function celula(tipo: string | undefined, valor: string, inline: string, strings: SharedStrings): { text: string; imprecisa?: boolean } {
  switch (tipo) {
    case 's':
      return { text: valor === '' ? '' : strings.get(Number(valor)) };
    case 'inlineStr':
      return { text: inline.trim() };
    case 'str':
      return { text: valor.trim() };
    case 'b':
      return { text: valor === '' ? '' : valor === '1' || valor === 'true' ? 'VERDADEIRO' : 'FALSO' };
    case 'e':
      return { text: '' };
    case 'd':
      return { text: valor.slice(0, 10) };
    default: {
      if (valor.trim() === '') return { text: '' };
      const number = Number(valor);
      if (Number.isNaN(number)) return { text: valor.trim() };
      if (Number.isInteger(number) && !Number.isSafeInteger(number)) return { text: String(number), imprecisa: true };
      return { text: String(number) };
    }
  }
}

/** The rows of the worksheet `entry`, with the shared strings `strings`. */
function lerPlanilha(entry: AsyncIterable<Buffer>, strings: SharedStrings): AsyncGenerator<Linha> {
  const parser = new SaxesParser();
  const prontas: Linha[] = [];
  let linha: { numero: number; celulas: string[]; imprecisas: number[] } | undefined;
  let ultimaLinha = 0;
  let cell: { coluna: number; tipo?: string; valor: string[]; inline: string[] } | undefined;
  let dentro: 'v' | 't' | undefined;
  let phonetic = 0;
  parser.on('opentag', (tag: SaxesTagPlain) => {
    const name = local(tag.name);
    const attr = (key: string) => (typeof tag.attributes[key] === 'string' ? (tag.attributes[key] as string) : undefined);
    if (name === 'row') {
      const numero = Number(attr('r'));
      ultimaLinha = Number.isInteger(numero) && numero > 0 ? numero : ultimaLinha + 1;
      linha = { numero: ultimaLinha, celulas: [], imprecisas: [] };
    } else if (name === 'c' && linha) {
      const ref = coluna(attr('r'));
      cell = { coluna: ref > 0 ? ref : linha.celulas.length + 1, tipo: attr('t'), valor: [], inline: [] };
    } else if (name === 'v' && cell) dentro = 'v';
    else if (name === 't' && cell) dentro = 't';
    else if (name === 'rPh') phonetic++;
  });
  const text = (value: string) => {
    if (!cell || phonetic > 0) return;
    if (dentro === 'v') cell.valor.push(value);
    else if (dentro === 't') cell.inline.push(value);
  };
  parser.on('text', text);
  parser.on('cdata', text);
  parser.on('closetag', (tag: SaxesTagPlain) => {
    const name = local(tag.name);
    if (name === 'v' || name === 't') dentro = undefined;
    else if (name === 'rPh') phonetic--;
    else if (name === 'c' && cell && linha) {
      const { text: valor, imprecisa } = celula(cell.tipo, cell.valor.join(''), cell.inline.join(''), strings);
      while (linha.celulas.length < cell.coluna - 1) linha.celulas.push('');
      linha.celulas[cell.coluna - 1] = valor;
      if (imprecisa) linha.imprecisas.push(cell.coluna - 1);
      cell = undefined;
    } else if (name === 'row' && linha) {
      const { numero, celulas, imprecisas } = linha;
      prontas.push({ linha: numero, celulas, ...(imprecisas.length ? { imprecisas } : {}) });
      linha = undefined;
    }
  });
  return xml(entry, parser, () => prontas.splice(0));
}

/**
 * The first worksheet's rows. The shared strings may come before or after it in the zip (Excel
 * writes them after): in one pass when they come first, else the file is read a second time
 * (`open` gives it from its start).
 */
export async function* xlsxLinhas(open: () => Readable): AsyncGenerator<Linha> {
  const strings = new SharedStrings();
  let textosLidos = false;
  let planilhaDepois = false;
  const primeira = open();
  try {
    for await (const entry of primeira.pipe(unzipper.Parse({ forceStream: true })) as AsyncIterable<ZipEntry>) {
      if (entry.path === TEXTOS && !textosLidos) {
        await lerTextos(entry, strings);
        textosLidos = true;
        if (planilhaDepois) break;
      } else if (PLANILHA.test(entry.path) && !planilhaDepois) {
        planilhaDepois = true;
        if (textosLidos) {
          yield* lerPlanilha(entry, strings);
          return;
        }
        entry.autodrain();
      } else entry.autodrain();
    }
    if (!planilhaDepois) throw new PlanilhaInvalida(PLANILHA_MSG.ilegivel);
  } catch (error) {
    if (error instanceof PlanilhaInvalida) throw error;
    throw new PlanilhaInvalida(PLANILHA_MSG.ilegivel);
  } finally {
    primeira.destroy();
  }
  // The worksheet came before the shared strings (or there are none): read it now.
  const segunda = open();
  try {
    for await (const entry of segunda.pipe(unzipper.Parse({ forceStream: true })) as AsyncIterable<ZipEntry>) {
      if (PLANILHA.test(entry.path)) {
        yield* lerPlanilha(entry, strings);
        return;
      }
      entry.autodrain();
    }
  } catch (error) {
    if (error instanceof PlanilhaInvalida) throw error;
    throw new PlanilhaInvalida(PLANILHA_MSG.ilegivel);
  } finally {
    segunda.destroy();
  }
}
