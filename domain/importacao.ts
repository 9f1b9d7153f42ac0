/**
 * Spreadsheet imports (DESIGN 10, "Stock and imports"), shared by the screens and the server: the
 * columns each resource takes, how a sheet's Portuguese headers are matched to them, the limits.
 */
import { opcoes } from './opcoes';

import { formatCpfCnpj } from './formatters';

export const { valores: RECURSOS_IMPORTACAO, labels: RECURSO_IMPORTACAO_LABEL } = opcoes({
  clientes: 'Clientes',
  veiculos: 'Veículos',
  trackres: 'Rastreadores',
  chips: 'Chips',
});
export type RecursoImportacao = (typeof RECURSOS_IMPORTACAO)[number];
export const MODOS_IMPORTACAO = ['simular', 'importar'] as const;
export type ModoImportacao = (typeof MODOS_IMPORTACAO)[number];
export const DUPLICADOS = ['atualizar', 'ignorar'] as const;
export type Duplicados = (typeof DUPLICADOS)[number];

/** A file of at most 50 MB and 200,000 data rows. */
export const IMPORTACAO_MAX_BYTES = 50 * 1024 * 1024;
export const IMPORTACAO_MAX_LINHAS = 200_000;

/** A column the product takes: its field, the template's header, the other headers it is known by. */
export interface CampoImportacao {
  campo: string;
  rotulo: string;
  /** Header names it matches besides the label (compared without accents, case, spaces or punctuation). */
  nomes: readonly string[];
  /**
   * The resource's own API field names that `colunas` may use for it besides `campo` (DESIGN 10:
   * `{ "cpf": "CPF do cliente" }`): `cpf` and `cnpj` for a client's document, `idcliente` for a
   * vehicle's client, `idveiculo` for a tracker's vehicle, `deviceId` for a chip's tracker.
   */
  aliases?: readonly string[];
  obrigatorio?: boolean;
  /** An example value for the template. */
  exemplo: string;
}

export const CAMPOS_IMPORTACAO: Readonly<Record<RecursoImportacao, readonly CampoImportacao[]>> = {
  clientes: [
    {
      campo: 'cpfcnpj',
      rotulo: 'CPF/CNPJ',
      nomes: ['cpf', 'cnpj', 'documento', 'cpf cnpj'],
      aliases: ['cpf', 'cnpj'],
      obrigatorio: true,
      exemplo: '529.982.247-25',
    },
    { campo: 'name', rotulo: 'Nome', nomes: ['nome completo', 'cliente', 'nome do cliente'], exemplo: 'Maria da Silva' },
    { campo: 'razaosocial', rotulo: 'Razão social', nomes: ['empresa', 'razao'], exemplo: '' },
    { campo: 'email', rotulo: 'E-mail', nomes: ['email', 'correio eletronico'], obrigatorio: true, exemplo: 'maria@exemplo.com.br' },
    { campo: 'phone', rotulo: 'Telefone', nomes: ['fone', 'telefone fixo'], exemplo: '(11) 3333-4444' },
    { campo: 'mobilePhone', rotulo: 'Celular', nomes: ['whatsapp', 'telefone celular', 'movel'], exemplo: '(11) 98888-7777' },
    { campo: 'postalCode', rotulo: 'CEP', nomes: [], exemplo: '01310-100' },
    { campo: 'address', rotulo: 'Endereço', nomes: ['logradouro', 'rua'], exemplo: 'Avenida Paulista' },
    { campo: 'addressNumber', rotulo: 'Número', nomes: ['numero', 'no', 'n'], exemplo: '1000' },
    { campo: 'complement', rotulo: 'Complemento', nomes: [], exemplo: 'Sala 12' },
    { campo: 'province', rotulo: 'Bairro', nomes: [], exemplo: 'Bela Vista' },
    { campo: 'cityandstate', rotulo: 'Cidade', nomes: ['municipio'], exemplo: 'São Paulo' },
    { campo: 'uf', rotulo: 'UF', nomes: ['estado'], exemplo: 'SP' },
  ],
  veiculos: [
    { campo: 'placa', rotulo: 'Placa', nomes: [], obrigatorio: true, exemplo: 'ABC1D23' },
    {
      campo: 'cliente',
      rotulo: 'CPF/CNPJ do cliente',
      nomes: ['cpf', 'cnpj', 'cpf cnpj', 'documento do cliente', 'cpf do cliente', 'cnpj do cliente'],
      aliases: ['idcliente', 'cpf', 'cnpj', 'cpfcnpj'],
      obrigatorio: true,
      exemplo: '529.982.247-25',
    },
    { campo: 'marca', rotulo: 'Marca', nomes: ['fabricante'], obrigatorio: true, exemplo: 'Fiat' },
    { campo: 'modelo', rotulo: 'Modelo', nomes: [], obrigatorio: true, exemplo: 'Strada' },
    { campo: 'ano', rotulo: 'Ano', nomes: ['ano modelo'], exemplo: '2022' },
    { campo: 'cor', rotulo: 'Cor', nomes: [], exemplo: 'Branco' },
    { campo: 'renavan', rotulo: 'Renavam', nomes: ['renavan'], obrigatorio: true, exemplo: '00123456789' },
    { campo: 'chassi', rotulo: 'Chassi', nomes: [], obrigatorio: true, exemplo: '9BD11111111111111' },
    { campo: 'category', rotulo: 'Categoria', nomes: ['tipo', 'tipo de veiculo'], obrigatorio: true, exemplo: 'carro' },
  ],
  trackres: [
    { campo: 'imei', rotulo: 'IMEI', nomes: [], obrigatorio: true, exemplo: '356938035643809' },
    { campo: 'marca', rotulo: 'Marca', nomes: ['fabricante'], obrigatorio: true, exemplo: 'Coban' },
    { campo: 'modelo', rotulo: 'Modelo', nomes: [], obrigatorio: true, exemplo: 'GT06' },
    { campo: 'placa', rotulo: 'Placa do veículo', nomes: ['placa', 'veiculo'], aliases: ['idveiculo'], exemplo: 'ABC1D23' },
  ],
  chips: [
    { campo: 'iccid', rotulo: 'ICCID', nomes: ['sim card', 'simcard'], obrigatorio: true, exemplo: '89550312345678901234' },
    {
      campo: 'phone',
      rotulo: 'Linha',
      nomes: ['numero', 'telefone', 'numero da linha', 'msisdn'],
      obrigatorio: true,
      exemplo: '11987654321',
    },
    { campo: 'operadora', rotulo: 'Operadora', nomes: [], exemplo: 'Vivo' },
    { campo: 'fonecedor', rotulo: 'Fornecedor', nomes: ['fonecedor'], exemplo: 'Distribuidora Sul' },
    { campo: 'custoMensal', rotulo: 'Custo mensal', nomes: ['custo', 'valor mensal', 'mensalidade'], exemplo: '9,90' },
    { campo: 'imei', rotulo: 'IMEI do rastreador', nomes: ['imei', 'rastreador'], aliases: ['deviceId'], exemplo: '' },
  ],
};

/** A header as compared: no accents, lower case, letters and digits only. */
export const normalizeHeader = (header: string) =>
  header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** The import field a `colunas` key names: the field itself, or one of its resource names (`aliases`). */
export function campoDaColuna(recurso: RecursoImportacao, nome: string): CampoImportacao | undefined {
  const fields = CAMPOS_IMPORTACAO[recurso];
  return fields.find((field) => field.campo === nome) ?? fields.find((field) => field.aliases?.includes(nome));
}

/** Every name `colunas` takes for a resource: its fields and their resource names. */
export const nomesDeColunas = (recurso: RecursoImportacao) => [
  ...new Set(CAMPOS_IMPORTACAO[recurso].flatMap((field) => [field.campo, ...(field.aliases ?? [])])),
];

/**
 * What is wrong with a `colunas` a client sent, by name: a field the resource does not have, or a
 * header the sheet does not have (an empty header is "no column"). Empty when nothing is.
 */
export function colunasInvalidas(recurso: RecursoImportacao, headers: readonly string[], colunas: Readonly<Record<string, string>>) {
  const errors: string[] = [];
  for (const [nome, header] of Object.entries(colunas)) {
    if (!campoDaColuna(recurso, nome))
      errors.push(
        `A importação de ${RECURSO_IMPORTACAO_LABEL[recurso].toLowerCase()} não tem o campo "${nome}": use ${nomesDeColunas(recurso).join(', ')}.`,
      );
    else if (header !== '' && !headers.includes(header)) errors.push(`A planilha não tem a coluna "${header}" (campo ${nome}).`);
  }
  return errors;
}

/**
 * Which sheet header each field takes: the user's choice (`colunas`, field or one of its resource
 * names → header) first, then the label or a known name; each header serves one field at most.
 * When a field's several names (a client's `cpf` and `cnpj`) choose different headers, the first
 * is the field's and each other one is kept under its own name: a row's value is then the first of
 * them that is filled (`valoresDoCampo`).
 */
export function matchColumns(recurso: RecursoImportacao, headers: readonly string[], colunas: Readonly<Record<string, string>> = {}) {
  const byName = new Map<string, string>();
  for (const header of headers) if (!byName.has(normalizeHeader(header))) byName.set(normalizeHeader(header), header);
  const used = new Set<string>();
  const matched: Record<string, string> = {};
  const fields = CAMPOS_IMPORTACAO[recurso];
  // Fields whose names in `colunas` all say "no column".
  const none = new Set<string>();
  for (const field of fields) {
    const names = [field.campo, ...(field.aliases ?? [])].filter(
      (name) => colunas[name] !== undefined && campoDaColuna(recurso, name) === field,
    );
    const own: string[] = [];
    for (const name of names) {
      const chosen = colunas[name];
      if (!headers.includes(chosen) || own.includes(chosen)) continue;
      matched[own.length ? name : field.campo] = chosen;
      own.push(chosen);
      used.add(chosen);
    }
    if (names.length && names.every((name) => colunas[name] === '')) none.add(field.campo);
  }
  for (const field of fields) {
    if (field.campo in matched || none.has(field.campo)) continue;
    for (const name of [field.rotulo, field.campo, ...field.nomes]) {
      const header = byName.get(normalizeHeader(name));
      if (header !== undefined && !used.has(header)) {
        matched[field.campo] = header;
        used.add(header);
        break;
      }
    }
  }
  return matched;
}

/**
 * A row's values by field, from its values by matched name: a field left empty takes the first
 * filled value of its other names (a client's CNPJ column when the CPF one is empty).
 */
export function valoresDoCampo(recurso: RecursoImportacao, valores: Record<string, string>) {
  for (const field of CAMPOS_IMPORTACAO[recurso]) {
    if ((valores[field.campo] ?? '') !== '' || !field.aliases) continue;
    const other = field.aliases.find((name) => (valores[name] ?? '') !== '' && campoDaColuna(recurso, name) === field);
    if (other !== undefined) valores[field.campo] = valores[other];
  }
  return valores;
}

/**
 * The template's example row is marked (issue 30): its first cell starts with MARCA_EXEMPLO
 * ("Exemplo: 529.982.247-25"), and the import skips that row as ignored, so the example never
 * creates or updates a record (529.982.247-25 is Brazil's most common test CPF: a company may
 * well have a real client with it). A row equal to the former, unmarked example (every example
 * value of the template, as sheets made from it still carry) is skipped too.
 */
export const MARCA_EXEMPLO = 'Exemplo:';
export const MOTIVO_EXEMPLO = 'Linha de exemplo do modelo';

/** The template's example row: the first cell marked. */
export const linhaExemplo = (recurso: RecursoImportacao) =>
  CAMPOS_IMPORTACAO[recurso].map((f, i) => (i === 0 ? `${MARCA_EXEMPLO} ${f.exemplo}` : f.exemplo));

/** Whether a sheet's row is the template's example: its first cell marked, or every example value as the template had it. */
export function ehLinhaExemplo(recurso: RecursoImportacao, primeiraCelula: string, valores: Readonly<Record<string, string>>): boolean {
  if (primeiraCelula.trim().toLowerCase().startsWith(MARCA_EXEMPLO.toLowerCase())) return true;
  const campos = CAMPOS_IMPORTACAO[recurso].filter((f) => f.exemplo);
  return campos.every((f) => (valores[f.campo] ?? '').trim() === f.exemplo);
}

/** A row's key as people read it: a client's CPF or CNPJ formatted ("cpf:52998224725" → "529.982.247-25"), others as they are. */
export function chaveLegivel(chave: string): string {
  const doc = /^(?:cpf|cnpj):(\d+)$/.exec(chave);
  return doc ? formatCpfCnpj(doc[1]) : chave;
}

/** A row the import skipped: its line, why, and the record it matched (its id and key), if any. */
export interface LinhaIgnorada {
  linha: number;
  motivo: string;
  registro: { id: number | null; chave: string } | null;
}

/** The required fields no header serves. */
export const missingColumns = (recurso: RecursoImportacao, matched: Readonly<Record<string, string>>) =>
  CAMPOS_IMPORTACAO[recurso].filter((field) => field.obrigatorio && !(field.campo in matched));

/** Vehicle categories as a sheet may write them, in Portuguese or as stored. */
export const CATEGORIA_NOMES: Readonly<Record<string, string>> = {
  moto: 'motorcycle',
  motocicleta: 'motorcycle',
  motorcycle: 'motorcycle',
  carro: 'car',
  automovel: 'car',
  car: 'car',
  caminhonete: 'pickup',
  picape: 'pickup',
  pickup: 'pickup',
  caminhao: 'truck',
  truck: 'truck',
  onibus: 'bus',
  bus: 'bus',
  van: 'van',
  utilitario: 'van',
};

/** Luhn check, as IMEIs carry in their last digit. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** An import as `GET /v1/importacoes/{id}` gives it. */
export interface ImportacaoEstado {
  id: number;
  recurso: RecursoImportacao;
  origem: 'arquivo' | 'traccar';
  modo: ModoImportacao;
  duplicados: Duplicados;
  nomeArquivo: string;
  status: 'processando' | 'concluida' | 'falhou';
  motivo: string;
  total: number;
  processadas: number;
  criadas: number;
  atualizadas: number;
  ignoradas: number;
  /** The skipped rows (the first ERROS_NA_RESPOSTA), each with its line, reason and the record it matched. */
  ignoradasLinhas: LinhaIgnorada[];
  nErros: number;
  /** Notes on rows written all the same (a Traccar device created without its vehicle or chip). */
  nAvisos: number;
  colunas: Record<string, string>;
  erros: LinhaResultado[];
  avisos: LinhaResultado[];
}

/** A refused row (or a note): a Traccar import's names its device instead of a sheet's line and column. */
export interface LinhaResultado {
  linha: number;
  campo: string;
  mensagem: string;
  dispositivo?: { id: number; name: string; uniqueId: string };
}
