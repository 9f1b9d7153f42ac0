/** Why a spreadsheet is refused as a whole, and what an XLSX may hold (DESIGN 10, issue 30). */
import { IMPORTACAO_MAX_LINHAS } from '../../domain/importacao';

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
