/**
 * Spreadsheet imports (DESIGN 10, "Stock and imports"): a pg-boss job reads the stored file as a
 * stream, in batches of LOTE rows, each batch one transaction that writes its rows, its refused
 * rows and the import's counters together, so progress is readable at any moment and a restart
 * resumes after the last committed batch (`processadas`). Each row goes through its resource's own
 * create or update (resources/write.ts): the same schema, hooks, search text, copies and
 * Traccar/Asaas follow-ups as the form. Records are found by natural key (CPF/CNPJ, placa, IMEI,
 * ICCID): existing ones are updated or skipped (`duplicados`), so importing a file twice creates
 * nothing new. A dry run (`simular`) checks every row by the same rules and writes nothing else.
 */
import { Readable } from 'node:stream';
import { and, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { ZodType } from 'zod';
import {
  CAMPOS_IMPORTACAO,
  CATEGORIA_NOMES,
  chaveLegivel,
  ehLinhaExemplo,
  luhnValid,
  matchColumns,
  valoresDoCampo,
  normalizeHeader,
  MOTIVO_EXEMPLO,
  type Duplicados,
  type LinhaIgnorada,
  type ModoImportacao,
  type RecursoImportacao,
} from '../../domain/importacao';
import { MSG } from '../../domain/messages';
import { normalizePlaca } from '../../domain/schemas/equipamentos';
import { onlyDigits } from '../../domain/text';
import type { Db, DbOrTx } from '../db/client';
import {
  chips,
  clientes,
  estoqueMovimentos,
  importacaoErros,
  importacaoIgnoradas,
  importacoes,
  trackres,
  users,
  veiculos,
} from '../db/schema';
import { HttpError } from '../regras/http-errors';
import { issuesToErrors, pgError, UNIQUE_MESSAGES } from '../plugins/errors';
import { QUEUES, type JobQueue } from '../queue/boss';
import type { AnyResource, Item, RequestContext } from '../resources/definition';
import { RESOURCES } from '../resources/registry';
import { copiersOf, createItem, createItems, updateItem } from '../resources/write';
import { veiculosResource } from '../resources/veiculos';
import { chipsResource } from '../resources/chips';
import { autorDe } from '../estoque/estoque';
import { trackerBusca } from '../estoque/links';
import type { Effects } from '../cobrancas/effects';
import { blankRow, linhas, PlanilhaInvalida } from './planilha';
import { allDevices, devicesOfUser, type TraccarDevice } from '../integrations/traccar';
import { activeTraccar, type TraccarSettings } from '../frota/traccar-sync';
import { PLACA } from '../../domain/schemas/equipamentos';

/** Rows per batch (one transaction each). */
export const LOTE = 500;
/** The refused rows a status reply lists (all go to erros.csv). */
export const ERROS_NA_RESPOSTA = 200;
/** The stored file is read in slices of this size. */
const FATIA = 1024 * 1024;
/** The slice of a file written at a time (criarImportacao). */
const GRAVACAO = 4 * 1024 * 1024;

interface Recusa {
  campo: string;
  mensagem: string;
}
const recusa = (campo: string, mensagem: string): Recusa => ({ campo, mensagem });
const isRecusa = (v: unknown): v is Recusa => typeof v === 'object' && v !== null && 'mensagem' in v && 'campo' in v;

/** A data row as the sheet gave it: its values by product field, and by header (for erros.csv). */
interface LinhaDados {
  linha: number;
  valores: Record<string, string>;
  dados: Record<string, string>;
  imprecisas: string[];
  /** A Traccar device's phone as the chip its tracker gets: a chip of that number in stock, or a new one. */
  chip?: number | 'novo';
}

/**
 * What each resource needs from a row: its natural key, the records that already have it, the
 * records its links name, and the input its form would send.
 */
interface Adaptador {
  /** The natural key of a row ('' when the row has none: refused by `entrada`). */
  chave(v: Record<string, string>): string;
  /** The existing records of these keys (of these rows), by key. */
  existentes(tx: DbOrTx, chaves: string[], linhas: LinhaDados[]): Promise<Map<string, Item>>;
  /** The ids of the records the rows link to, by the sheet's value. */
  vinculos(tx: DbOrTx, linhas: LinhaDados[]): Promise<Map<string, number>>;
  /** The input of a new record, or (with `existente`) of its update: the sheet's values over the record's. */
  entrada(v: Record<string, string>, vinculos: Map<string, number>, existente?: Item): Item | Recusa;
  /** Which import field a form field's error belongs to. */
  campoDe(field: string): string;
}

const filled = (v: Record<string, string>, campo: string) => (v[campo] ?? '') !== '';
/** Marks an existing record the row completes even when duplicates are skipped (a chip without its ICCID). */
const COMPLETAR = Symbol('completar');
/** The sheet's value when it has one, else the record's. */
const pick = (v: Record<string, string>, campo: string, existente: Item | undefined, coluna = campo) =>
  filled(v, campo) ? v[campo] : ((existente?.[coluna] as string | undefined) ?? '');

const docKey = (raw: string) => {
  const digits = onlyDigits(raw);
  return digits.length === 11 ? `cpf:${digits}` : digits.length === 14 ? `cnpj:${digits}` : '';
};

async function clientesPorDocumento(tx: DbOrTx, keys: string[]) {
  const cpfs = keys.filter((k) => k.startsWith('cpf:')).map((k) => k.slice(4));
  const cnpjs = keys.filter((k) => k.startsWith('cnpj:')).map((k) => k.slice(5));
  if (!cpfs.length && !cnpjs.length) return new Map<string, Item>();
  const rows = await tx
    .select()
    .from(clientes)
    .where(or(cpfs.length ? inArray(clientes.cpf, cpfs) : undefined, cnpjs.length ? inArray(clientes.cnpj, cnpjs) : undefined));
  const found = new Map<string, Item>();
  for (const row of rows) {
    if (row.cpf && cpfs.includes(row.cpf)) found.set(`cpf:${row.cpf}`, row);
    if (row.cnpj && cnpjs.includes(row.cnpj)) found.set(`cnpj:${row.cnpj}`, row);
  }
  return found;
}

const semVinculos = async () => new Map<string, number>();

const ADAPTADORES: Record<RecursoImportacao, Adaptador> = {
  clientes: {
    chave: (v) => docKey(v.cpfcnpj ?? ''),
    existentes: clientesPorDocumento,
    vinculos: semVinculos,
    entrada(v, _vinculos, existente) {
      const doc = onlyDigits(v.cpfcnpj ?? '');
      if (doc.length !== 11 && doc.length !== 14) return recusa('cpfcnpj', 'CPF/CNPJ deve ter 11 (CPF) ou 14 (CNPJ) dígitos');
      const juridica = doc.length === 14;
      const name = pick(v, 'name', existente);
      return {
        cadastro: juridica ? 'JURIDICA' : 'FISICA',
        name,
        // A company's sheet may give its name only: it is the razão social.
        razaosocial: juridica ? pick(v, 'razaosocial', existente) || name : pick(v, 'razaosocial', existente),
        cpf: juridica ? ((existente?.cpf as string) ?? '') : doc,
        cnpj: juridica ? doc : ((existente?.cnpj as string) ?? ''),
        email: pick(v, 'email', existente),
        phone: pick(v, 'phone', existente),
        mobilePhone: pick(v, 'mobilePhone', existente),
        postalCode: pick(v, 'postalCode', existente),
        address: pick(v, 'address', existente),
        addressNumber: pick(v, 'addressNumber', existente),
        complement: pick(v, 'complement', existente),
        province: pick(v, 'province', existente),
        cityandstate: pick(v, 'cityandstate', existente),
        uf: pick(v, 'uf', existente),
        ...(existente
          ? {
              status: existente.status,
              login: existente.login,
              incmunicipal: existente.incmunicipal,
              incestdudal: existente.incestdudal,
              contatos: existente.contatos,
            }
          : {}),
      };
    },
    campoDe: (field) => (['cpf', 'cnpj', 'cadastro'].includes(field) ? 'cpfcnpj' : field),
  },
  veiculos: {
    chave: (v) => normalizePlaca(v.placa ?? ''),
    async existentes(tx, keys) {
      const rows = keys.length ? await tx.select().from(veiculos).where(inArray(veiculos.placa, keys)) : [];
      return new Map(rows.map((row) => [row.placa, row as Item]));
    },
    async vinculos(tx, rows) {
      const keys = [...new Set(rows.map((row) => docKey(row.valores.cliente ?? '')).filter(Boolean))];
      const found = await clientesPorDocumento(tx, keys);
      return new Map([...found].map(([key, row]) => [key, Number(row.id)]));
    },
    entrada(v, vinculos, existente) {
      let idcliente = existente?.idcliente as number | undefined;
      if (filled(v, 'cliente')) {
        const key = docKey(v.cliente);
        if (!key) return recusa('cliente', 'CPF/CNPJ do cliente deve ter 11 ou 14 dígitos');
        idcliente = vinculos.get(key);
        if (!idcliente) return recusa('cliente', `Cliente com CPF/CNPJ ${onlyDigits(v.cliente)} não encontrado: importe os clientes antes`);
      }
      const categoria = filled(v, 'category') ? (CATEGORIA_NOMES[normalizeHeader(v.category)] ?? v.category) : existente?.category;
      return {
        idcliente: idcliente ?? null,
        placa: v.placa,
        marca: pick(v, 'marca', existente),
        modelo: pick(v, 'modelo', existente),
        ano: pick(v, 'ano', existente),
        cor: pick(v, 'cor', existente),
        renavan: pick(v, 'renavan', existente),
        chassi: pick(v, 'chassi', existente),
        category: categoria ?? '',
      };
    },
    campoDe: (field) => (field === 'idcliente' ? 'cliente' : field),
  },
  trackres: {
    chave: (v) => onlyDigits(v.imei ?? ''),
    async existentes(tx, keys) {
      const rows = keys.length ? await tx.select().from(trackres).where(inArray(trackres.imei, keys)) : [];
      return new Map(rows.map((row) => [row.imei, row as Item]));
    },
    async vinculos(tx, rows) {
      const keys = [...new Set(rows.map((row) => normalizePlaca(row.valores.placa ?? '')).filter(Boolean))];
      const found = keys.length
        ? await tx.select({ id: veiculos.id, placa: veiculos.placa }).from(veiculos).where(inArray(veiculos.placa, keys))
        : [];
      return new Map(found.map((row) => [row.placa, row.id]));
    },
    entrada(v, vinculos, existente) {
      const imei = (v.imei ?? '').trim();
      if (/^\d{15}$/.test(imei) && !luhnValid(imei)) return recusa('imei', 'IMEI inválido: o dígito verificador não confere');
      let idveiculo: number | undefined;
      if (filled(v, 'placa')) {
        idveiculo = vinculos.get(normalizePlaca(v.placa));
        if (!idveiculo) return recusa('placa', `Veículo com placa ${normalizePlaca(v.placa)} não encontrado: importe os veículos antes`);
      }
      return {
        imei,
        marca: pick(v, 'marca', existente),
        modelo: pick(v, 'modelo', existente),
        ...(idveiculo !== undefined ? { idveiculo } : {}),
      };
    },
    campoDe: (field) => (field === 'idveiculo' || field === 'idVeiculo' ? 'placa' : field),
  },
  chips: {
    chave: (v) => onlyDigits(v.iccid ?? ''),
    async existentes(tx, keys, linhas) {
      const rows = keys.length ? await tx.select().from(chips).where(inArray(chips.iccid, keys)) : [];
      const found = new Map(rows.map((row) => [row.iccid, row as Item]));
      // A chip known by its number only (made from a Traccar device's phone) is the row of its number: the row completes it.
      const porFone = new Map<string, string>();
      for (const linha of linhas) {
        const key = onlyDigits(linha.valores.iccid ?? '');
        const phone = onlyDigits(linha.valores.phone ?? '');
        if (!key || !phone || found.has(key)) continue;
        // The same number with or without Brazil's 55 in front.
        for (const variante of [phone, `55${phone}`, phone.startsWith('55') ? phone.slice(2) : ''])
          if (variante && !porFone.has(variante)) porFone.set(variante, key);
      }
      if (!porFone.size) return found;
      const semIccid = await tx
        .select()
        .from(chips)
        .where(and(eq(chips.iccid, ''), inArray(chips.phone, [...porFone.keys()])))
        .orderBy(chips.id);
      for (const chip of semIccid) {
        const key = porFone.get(chip.phone);
        if (key && !found.has(key)) found.set(key, { ...chip, [COMPLETAR]: true } as Item);
      }
      return found;
    },
    async vinculos(tx, rows) {
      const keys = [...new Set(rows.map((row) => onlyDigits(row.valores.imei ?? '')).filter(Boolean))];
      const found = keys.length
        ? await tx.select({ id: trackres.id, imei: trackres.imei }).from(trackres).where(inArray(trackres.imei, keys))
        : [];
      return new Map(found.map((row) => [row.imei, row.id]));
    },
    entrada(v, vinculos, existente) {
      let deviceId: number | undefined;
      if (filled(v, 'imei')) {
        deviceId = vinculos.get(onlyDigits(v.imei));
        if (!deviceId) return recusa('imei', `Rastreador com IMEI ${onlyDigits(v.imei)} não encontrado: importe os rastreadores antes`);
      }
      return {
        iccid: (v.iccid ?? '').trim(),
        phone: pick(v, 'phone', existente),
        operadora: pick(v, 'operadora', existente),
        fonecedor: pick(v, 'fonecedor', existente),
        custoMensal: filled(v, 'custoMensal') ? v.custoMensal : existente ? Number(existente.custoMensal) : 0,
        ...(deviceId !== undefined ? { deviceId } : {}),
      };
    },
    campoDe: (field) => (field === 'deviceId' ? 'imei' : field),
  },
};

/** The refusal an error of a row's write makes: a form rule, a unique key, a link taken. */
function recusaDoErro(error: unknown, adaptador: Adaptador): Recusa | undefined {
  if (error instanceof HttpError) {
    const [field, message] = Object.entries(error.errors ?? {})[0] ?? ['', error.message];
    return recusa(adaptador.campoDe(field), message);
  }
  const pg = pgError(error);
  if (pg?.code === '23505') {
    const known = pg.constraint ? UNIQUE_MESSAGES[pg.constraint] : undefined;
    return recusa(adaptador.campoDe(known?.field ?? ''), known?.message ?? MSG.duplicate);
  }
  if (pg?.code === '23503') return recusa('', MSG.inUse);
  return undefined;
}

/** The schema's first refusal of an input, under its import field. */
function validar(schema: ZodType, input: Item, adaptador: Adaptador): { ok: true; data: unknown } | Recusa {
  const checked = schema.safeParse(input);
  if (checked.success) return { ok: true, data: checked.data };
  const [field, message] = Object.entries(issuesToErrors(checked.error.issues))[0] ?? ['', MSG.invalidInput];
  return recusa(adaptador.campoDe(field), message);
}

interface Importacao {
  id: number;
  origem: string;
  recurso: RecursoImportacao;
  modo: ModoImportacao;
  duplicados: Duplicados;
  colunas: Record<string, string>;
  processadas: number;
  iduser: number | null;
}

/** The stored file, from its start, as a stream of slices (never whole in memory). */
function arquivoStream(db: Db, id: number, tamanho: number): Readable {
  async function* slices() {
    for (let from = 1; from <= tamanho; from += FATIA) {
      const result = (await db.execute(
        sql`SELECT substring(arquivo FROM ${from} FOR ${FATIA}) AS c FROM importacoes WHERE id = ${id}`,
      )) as unknown as {
        rows: { c: Uint8Array | null }[];
      };
      const chunk = result.rows[0]?.c;
      if (!chunk || chunk.length === 0) return;
      yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    }
  }
  return Readable.from(slices(), { objectMode: false });
}

/** Counts of a batch. */
interface Contagem {
  criadas: number;
  atualizadas: number;
  ignoradas: number;
  erros: { linha: number; campo: string; mensagem: string; dados: Record<string, string> }[];
  /** The skipped rows, with why and the record each matched (issue 30). */
  ignoradasLinhas?: LinhaIgnorada[];
}

/** A skipped row counted and kept with its reason. */
function ignorar(contagem: Contagem, row: LinhaDados, motivo: string, registro: LinhaIgnorada['registro'] = null) {
  contagem.ignoradas++;
  (contagem.ignoradasLinhas ??= []).push({ linha: row.linha, motivo, registro });
}
const MOTIVO_EXISTENTE = 'Já cadastrado: ignorado (duplicados: Ignorar)';
const MOTIVO_REPETIDA = 'Repete uma linha anterior da planilha: ignorada (duplicados: Ignorar)';

/** Stops a runner whose import another runner has moved on (or that is no longer running). */
class Parar extends Error {}

/**
 * Runs (or resumes) import `id`: the rows after `processadas`, batch by batch. Safe to run twice at
 * once: each batch checks, under the import's row lock, that nobody else advanced it.
 */
export async function runImportacao(db: Db, effects: Effects, id: number) {
  const [row] = await db
    .select({
      id: importacoes.id,
      origem: importacoes.origem,
      recurso: importacoes.recurso,
      modo: importacoes.modo,
      duplicados: importacoes.duplicados,
      colunas: importacoes.colunas,
      processadas: importacoes.processadas,
      iduser: importacoes.iduser,
      status: importacoes.status,
      tamanho: sql<number>`coalesce(octet_length(${importacoes.arquivo}), 0)`.mapWith(Number),
    })
    .from(importacoes)
    .where(eq(importacoes.id, id));
  if (!row || row.status !== 'processando') return { status: row?.status ?? 'inexistente' };
  const importacao = row as Importacao & { tamanho: number };
  try {
    if (importacao.origem === 'traccar') await processarTraccar(db, effects, importacao);
    else await processar(db, effects, importacao);
    await db
      .update(importacoes)
      .set({ status: 'concluida', arquivo: null, updatedAt: new Date() })
      .where(and(eq(importacoes.id, id), eq(importacoes.status, 'processando')));
    return { status: 'concluida' };
  } catch (error) {
    if (error instanceof Parar) return { status: 'outro' };
    if (error instanceof PlanilhaInvalida) {
      await db
        .update(importacoes)
        .set({ status: 'falhou', motivo: error.message, arquivo: null, updatedAt: new Date() })
        .where(and(eq(importacoes.id, id), eq(importacoes.status, 'processando')));
      return { status: 'falhou' };
    }
    throw error;
  }
}

/**
 * The import's job failed its last attempt (or expired) on an error of no rule of ours, a database
 * fault for one: the import is `falhou` with a pt-BR reason (never the error's own text); the
 * batches committed before stay, with their counters and refused rows.
 */
export async function marcarImportacaoFalhou(db: Db, id: number) {
  const [row] = await db
    .select({ modo: importacoes.modo, origem: importacoes.origem, processadas: importacoes.processadas, total: importacoes.total })
    .from(importacoes)
    .where(eq(importacoes.id, id));
  if (!row) return { status: 'inexistente' };
  // From Traccar, in words about its devices.
  const traccar = row.origem === 'traccar';
  const feito = `Erro inesperado depois de ${row.processadas}${row.total ? ` de ${row.total}` : ''} ${traccar ? 'dispositivos' : 'linhas'}.`;
  const motivo =
    row.modo === 'simular'
      ? `${feito} Simule de novo; se o erro continuar, avise o suporte.`
      : traccar
        ? `${feito} Os dispositivos anteriores continuam importados; importe de novo (os já importados serão ignorados). Se o erro continuar, avise o suporte.`
        : `${feito} As linhas anteriores continuam gravadas; importe o arquivo de novo (as já gravadas serão reconhecidas como duplicadas). Se o erro continuar, avise o suporte.`;
  const [done] = await db
    .update(importacoes)
    .set({ status: 'falhou', motivo, arquivo: null, updatedAt: new Date() })
    .where(and(eq(importacoes.id, id), eq(importacoes.status, 'processando')))
    .returning({ id: importacoes.id });
  return { status: done ? 'falhou' : 'inalterada' };
}

/** What a runner needs to write batches of one import. */
async function ambiente(db: Db, effects: Effects, importacao: Importacao) {
  const def = RESOURCES.find((d) => d.name === importacao.recurso)!;
  const adaptador = ADAPTADORES[importacao.recurso];
  const [user] = importacao.iduser ? await db.select().from(users).where(eq(users.id, importacao.iduser)) : [];
  if (!user) throw new PlanilhaInvalida('O usuário que iniciou a importação não existe mais.');
  // The hooks of a job have no request: only the users' own hooks read it, and users are not imported.
  const ctx: RequestContext = { db, request: undefined as never, user, effects };
  return { def, adaptador, ctx, copiers: copiersOf(def, RESOURCES) };
}

/**
 * Commits one batch: under the import's row lock, checks that no other runner advanced it, then
 * writes the rows, the refused ones and the counters together.
 */
async function gravarLote(db: Db, importacao: Importacao, esperadas: number, batch: LinhaDados[], env: Omit<LoteEnv, 'importacao'>) {
  // The dry run's keys of a pass that is rolled back must not count in the next one.
  const vistas = new Set(env.vistas);
  try {
    await gravarUmaVez(db, importacao, esperadas, batch, { ...env, cuidadoso: importacao.modo === 'simular' });
  } catch (error) {
    if (!(error instanceof Refazer)) throw error;
    env.vistas.clear();
    for (const key of vistas) env.vistas.add(key);
    await gravarUmaVez(db, importacao, esperadas, batch, { ...env, cuidadoso: true });
  }
}

async function gravarUmaVez(db: Db, importacao: Importacao, esperadas: number, batch: LinhaDados[], env: Omit<LoteEnv, 'importacao'>) {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ processadas: importacoes.processadas, status: importacoes.status })
      .from(importacoes)
      .where(eq(importacoes.id, importacao.id))
      .for('update');
    if (!current || current.status !== 'processando' || current.processadas !== esperadas) throw new Parar();
    const lote = { ...env, importacao };
    const notas = importacao.origem === 'traccar' ? await antesDoTraccar(tx, batch, lote) : [];
    const contagem = await loteDe(tx, batch, lote);
    // A note is on a device created all the same: one the tracker's form refused has its refusal only.
    const recusadas = new Set(contagem.erros.map((erro) => erro.linha));
    const avisos = notas.filter((nota) => !recusadas.has(nota.linha));
    contagem.erros.sort((a, b) => a.linha - b.linha);
    const linhas = [
      ...contagem.erros.map((erro) => ({ idimportacao: importacao.id, ...erro })),
      ...avisos.map((aviso) => ({ idimportacao: importacao.id, ...aviso, aviso: true })),
    ];
    if (linhas.length) await tx.insert(importacaoErros).values(linhas);
    if (contagem.ignoradasLinhas?.length)
      await tx.insert(importacaoIgnoradas).values(contagem.ignoradasLinhas.map((i) => ({ idimportacao: importacao.id, ...i })));
    await tx
      .update(importacoes)
      .set({
        processadas: sql`${importacoes.processadas} + ${batch.length}`,
        criadas: sql`${importacoes.criadas} + ${contagem.criadas}`,
        atualizadas: sql`${importacoes.atualizadas} + ${contagem.atualizadas}`,
        ignoradas: sql`${importacoes.ignoradas} + ${contagem.ignoradas}`,
        nErros: sql`${importacoes.nErros} + ${contagem.erros.length}`,
        nAvisos: sql`${importacoes.nAvisos} + ${avisos.length}`,
        updatedAt: new Date(),
      })
      .where(eq(importacoes.id, importacao.id));
  });
}

/**
 * Traccar's devices the product lacks become trackers (DESIGN 10): IMEI = uniqueId, its model; its
 * phone becomes the tracker's chip (`chipsDoTraccar`). A device named by a plate is installed in
 * that plate's vehicle, which is created when the product lacks it (`veiculosDoTraccar`). One read
 * of /api/devices, then batches as a sheet's rows (line = the device's place in Traccar's list).
 * Traccar itself is only read: the trackers' sync leaves each device's own name and phone
 * (traccar-sync.ts `camposDoDispositivo`).
 */
async function processarTraccar(db: Db, effects: Effects, importacao: Importacao) {
  const settings = await activeTraccar(db);
  if (!settings) throw new PlanilhaInvalida('A integração com o Traccar não está ativa.');
  let devices: TraccarDevice[];
  let donos: Map<number, number[]>;
  try {
    devices = await allDevices(settings, 60_000);
    donos = await clientesDosDispositivos(db, settings, devices);
  } catch (error) {
    throw new PlanilhaInvalida(
      `Não foi possível ler os dispositivos do Traccar: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  await db.update(importacoes).set({ total: devices.length, updatedAt: new Date() }).where(eq(importacoes.id, importacao.id));
  const env = await ambiente(db, effects, importacao);
  const vistas = new Set<string>();
  let processadas = importacao.processadas;
  for (let from = processadas; from < devices.length; from += LOTE) {
    const batch: LinhaDados[] = devices.slice(from, from + LOTE).map((device, i) => ({
      linha: from + i + 1,
      valores: {
        imei: String(device.uniqueId ?? '').trim(),
        modelo: String(device.model ?? '').trim() || 'Não informado',
        marca: String((device.attributes as Record<string, unknown> | undefined)?.marca ?? '').trim() || 'Não informada',
        // Set in the batch's transaction (veiculosDoTraccar).
        placa: '',
        phone: onlyDigits(String(device.phone ?? '')),
      },
      dados: {
        id: String(device.id),
        name: String(device.name ?? ''),
        uniqueId: String(device.uniqueId ?? ''),
        model: String(device.model ?? ''),
        phone: String(device.phone ?? ''),
      },
      imprecisas: [],
    }));
    await gravarLote(db, importacao, processadas, batch, {
      ...env,
      vistas,
      cabecalhos: { imei: 'uniqueId', modelo: 'model', placa: 'name', phone: 'phone' },
      donos,
    });
    processadas += batch.length;
  }
}

/** A Traccar device's name as a plate, or '' when it is none. */
const placaDoNome = (name: string) => {
  const placa = normalizePlaca(name.trim());
  return PLACA.test(placa) ? placa : '';
};

/**
 * Which of our clients each device belongs to on Traccar (device id → client ids): the devices
 * linked to each client's Traccar user (`GET /api/devices?userId=`, INTEGRATIONS.md section 1).
 * Asked only when a device is named by a plate the product has no vehicle for.
 */
async function clientesDosDispositivos(db: Db, settings: TraccarSettings, devices: TraccarDevice[]) {
  const donos = new Map<number, number[]>();
  const placas = [...new Set(devices.map((d) => placaDoNome(String(d.name ?? ''))).filter(Boolean))];
  const conhecidas = new Set<string>();
  for (let i = 0; i < placas.length; i += 1000) {
    const rows = await db
      .select({ placa: veiculos.placa })
      .from(veiculos)
      .where(inArray(veiculos.placa, placas.slice(i, i + 1000)));
    for (const row of rows) conhecidas.add(row.placa);
  }
  if (placas.every((placa) => conhecidas.has(placa))) return donos;
  const usuarios = await db
    .select({ id: clientes.id, traccarUserId: clientes.traccarUserId })
    .from(clientes)
    .where(isNotNull(clientes.traccarUserId));
  for (const cliente of usuarios) {
    for (const device of await devicesOfUser(settings, cliente.traccarUserId!)) {
      const ids = donos.get(device.id) ?? [];
      if (!ids.includes(cliente.id)) ids.push(cliente.id);
      donos.set(device.id, ids);
    }
  }
  return donos;
}

/** The input of a vehicle known by its plate only (a Traccar device's name): the rest is filled in on its page. */
const veiculoDaPlaca = (placa: string, idcliente: number) => ({
  idcliente,
  placa,
  category: 'car',
  marca: 'Não informada',
  modelo: 'Não informado',
  ano: '',
  cor: '',
  renavan: '',
  chassi: '',
});

type Notas = Contagem['erros'];

/**
 * A Traccar batch's devices that become trackers (an IMEI Luhn accepts, no tracker has it), before
 * they are written, in the batch's transaction: their vehicles and their chips. Returns the notes
 * on devices created all the same without one (`aviso`, never counted as refused).
 */
async function antesDoTraccar(tx: DbOrTx, batch: LinhaDados[], env: LoteEnv): Promise<Notas> {
  for (const row of batch) {
    row.valores.placa = '';
    delete row.chip;
  }
  const validos = batch.filter((row) => /^\d{15}$/.test(row.valores.imei) && luhnValid(row.valores.imei));
  if (!validos.length) return [];
  const conhecidos = await tx
    .select({ imei: trackres.imei })
    .from(trackres)
    .where(
      inArray(
        trackres.imei,
        validos.map((row) => row.valores.imei),
      ),
    );
  const imeis = new Set(conhecidos.map((t) => t.imei));
  // Trackers the product has already are skipped by the import: no vehicle nor chip for them.
  const novos = validos.filter((row) => !imeis.has(row.valores.imei));
  if (!novos.length) return [];
  const notas = [...(await veiculosDoTraccar(tx, novos, env)), ...(await chipsDoTraccar(tx, novos))];
  return notas.sort((a, b) => a.linha - b.linha);
}

/**
 * The plates of a Traccar batch's new devices: a device named by a plate is installed in that
 * vehicle when it has no tracker; a plate the product lacks becomes a vehicle of the client whose
 * Traccar user has the device (created by the vehicles' own prepare, in bulk; a dry run creates
 * none). Otherwise the tracker is created without a vehicle, with a note saying why.
 */
async function veiculosDoTraccar(tx: DbOrTx, novos: LinhaDados[], env: LoteEnv): Promise<Notas> {
  const avisos: Notas = [];
  const candidatos = novos.flatMap((row) => {
    const placa = placaDoNome(row.dados.name ?? '');
    return placa ? [{ row, placa }] : [];
  });
  if (!candidatos.length) return avisos;
  const found = await tx
    .select({ placa: veiculos.placa, deviceId: veiculos.deviceId })
    .from(veiculos)
    .where(inArray(veiculos.placa, [...new Set(candidatos.map((c) => c.placa))]));
  const existentes = new Map(found.map((v) => [v.placa, v.deviceId]));
  const tomadas = new Set<string>();
  const criar: { row: LinhaDados; placa: string; idcliente: number }[] = [];
  const nota = (row: LinhaDados, mensagem: string) =>
    avisos.push({ linha: row.linha, campo: 'name', mensagem: `Rastreador criado sem veículo: ${mensagem}`, dados: row.dados });
  for (const { row, placa } of candidatos) {
    const deviceId = existentes.get(placa);
    if (tomadas.has(placa) || (deviceId !== undefined && deviceId !== 0)) {
      nota(row, `o veículo ${placa} já tem outro rastreador.`);
      continue;
    }
    if (deviceId === 0) {
      row.valores.placa = placa;
      tomadas.add(placa);
      continue;
    }
    const donos = env.donos?.get(Number(row.dados.id)) ?? [];
    if (donos.length !== 1) {
      nota(
        row,
        donos.length
          ? `a placa ${placa} não está cadastrada e o dispositivo está com usuários de ${donos.length} clientes no Traccar.`
          : `a placa ${placa} não está cadastrada e nenhum cliente tem este dispositivo no Traccar.`,
      );
      continue;
    }
    tomadas.add(placa);
    criar.push({ row, placa, idcliente: donos[0] });
  }
  if (env.importacao.modo === 'importar' && criar.length) {
    await createItems(
      tx,
      veiculosResource,
      criar.map((c) => veiculoDaPlaca(c.placa, c.idcliente)),
      env.ctx,
    );
    for (const c of criar) c.row.valores.placa = c.placa;
  }
  return avisos;
}

/**
 * The phones of a Traccar batch's new devices (issue 30): each becomes the tracker's chip, so the
 * chips and their costs count it: the chip of that number in stock (free and not baixado), else a
 * new chip with the number only (its ICCID, carrier and cost are filled in on its page). A number
 * that is no chip's (10 to 13 digits), or whose chip is in another tracker, gives a note, and the
 * tracker has no chip (its list never shows a number as its chip's without one).
 */
async function chipsDoTraccar(tx: DbOrTx, novos: LinhaDados[]): Promise<Notas> {
  const avisos: Notas = [];
  const nota = (row: LinhaDados, mensagem: string) => avisos.push({ linha: row.linha, campo: 'phone', mensagem, dados: row.dados });
  const comFone = novos.filter((row) => row.valores.phone);
  const validos: LinhaDados[] = [];
  for (const row of comFone) {
    if (row.valores.phone.length >= 10 && row.valores.phone.length <= 13) validos.push(row);
    else nota(row, `Rastreador criado sem chip: o telefone ${row.dados.phone} do dispositivo não é um número de chip (10 a 13 dígitos).`);
  }
  if (!validos.length) return avisos;
  const fones = [...new Set(validos.map((row) => row.valores.phone))];
  const found = await tx
    .select({ id: chips.id, phone: chips.phone, deviceId: chips.deviceId, situacao: chips.situacao })
    .from(chips)
    .where(inArray(chips.phone, fones))
    .orderBy(chips.id);
  const livres = new Map<string, number>();
  const usados = new Set<string>();
  for (const chip of found) {
    if (chip.deviceId === 0 && chip.situacao !== 'baixado') {
      if (!livres.has(chip.phone)) livres.set(chip.phone, chip.id);
    } else usados.add(chip.phone);
  }
  const tomados = new Set<string>();
  for (const row of validos) {
    const phone = row.valores.phone;
    if (tomados.has(phone)) {
      nota(row, `Rastreador criado sem chip: o número ${row.dados.phone} é também o de outro dispositivo desta importação.`);
      continue;
    }
    tomados.add(phone);
    const livre = livres.get(phone);
    if (livre) row.chip = livre;
    else if (usados.has(phone))
      nota(row, `Rastreador criado sem chip: o chip de número ${row.dados.phone} está em outro rastreador (ou baixado).`);
    else row.chip = 'novo';
  }
  return avisos;
}

async function processar(db: Db, effects: Effects, importacao: Importacao & { tamanho: number }) {
  const { def, adaptador, ctx, copiers } = await ambiente(db, effects, importacao);
  const head = await new Promise<Buffer>((resolve, reject) => {
    const parts: Buffer[] = [];
    let size = 0;
    const stream = arquivoStream(db, importacao.id, Math.min(importacao.tamanho, 65536));
    stream.on('data', (chunk: Buffer) => {
      parts.push(chunk);
      size += chunk.length;
    });
    stream.on('end', () => resolve(Buffer.concat(parts, size).subarray(0, 65536)));
    stream.on('error', reject);
  });
  let indices: [string, number][] | undefined;
  let cabecalhos: Record<string, string> = {};
  let cabecalho: string[] = [];
  let feitas = 0;
  let processadas = importacao.processadas;
  let lote: LinhaDados[] = [];
  // A dry run writes nothing: the keys it would create are remembered to count a repeated key as the same record.
  const vistas = new Set<string>();
  const flush = async () => {
    if (!lote.length) return;
    const batch = lote;
    lote = [];
    await gravarLote(db, importacao, processadas, batch, { def, adaptador, ctx, copiers, vistas, cabecalhos });
    processadas += batch.length;
  };
  for await (const linha of linhas(arquivoStream(db, importacao.id, importacao.tamanho), head)) {
    if (blankRow(linha.celulas)) continue;
    if (!indices) {
      cabecalho = linha.celulas;
      cabecalhos = matchColumns(importacao.recurso, cabecalho, importacao.colunas);
      indices = Object.entries(cabecalhos).map(([campo, header]) => [campo, cabecalho.indexOf(header)]);
      continue;
    }
    // Rows a former run committed are skipped.
    if (feitas++ < importacao.processadas) continue;
    const valores: Record<string, string> = {};
    for (const [campo, index] of indices) valores[campo] = linha.celulas[index] ?? '';
    valoresDoCampo(importacao.recurso, valores);
    const dados: Record<string, string> = {};
    cabecalho.forEach((header, i) => {
      if (header) dados[header] = linha.celulas[i] ?? '';
    });
    const imprecisas = (linha.imprecisas ?? []).flatMap((i) => indices!.filter(([, index]) => index === i).map(([campo]) => campo));
    lote.push({ linha: linha.linha, valores, dados, imprecisas });
    if (lote.length >= LOTE) await flush();
  }
  await flush();
}

interface LoteEnv {
  def: AnyResource;
  adaptador: Adaptador;
  ctx: RequestContext;
  copiers: readonly AnyResource[];
  importacao: Importacao;
  vistas: Set<string>;
  cabecalhos: Record<string, string>;
  /** Each row under its own savepoint (the second pass of a batch that had a refusal). */
  cuidadoso?: boolean;
  /** A Traccar import: the clients each device belongs to on Traccar (`clientesDosDispositivos`). */
  donos?: Map<number, number[]>;
}

/** A row the database refused in a batch written without savepoints: the batch is written again, carefully. */
class Refazer extends Error {}

/** What a row of a batch comes to before anything is written. */
type Avaliacao =
  | { tipo: 'recusa'; recusa: Recusa }
  | { tipo: 'ignorar'; motivo: string; registro: LinhaIgnorada['registro'] }
  | { tipo: 'gravar'; key: string; existente: Item | undefined; repetida: boolean; data: unknown };

/** The form's rules over a row: refused, skipped (an existing key, `ignorar`), or its checked input. */
function avaliar(row: LinhaDados, env: LoteEnv, existente: Item | undefined, repetida: boolean, vinculos: Map<string, number>): Avaliacao {
  const { def, adaptador, importacao } = env;
  // The template's example row is never imported (issue 30).
  if (importacao.origem !== 'traccar' && ehLinhaExemplo(importacao.recurso, Object.values(row.dados)[0] ?? '', row.valores))
    return { tipo: 'ignorar', motivo: MOTIVO_EXEMPLO, registro: null };
  if (row.imprecisas.length)
    return {
      tipo: 'recusa',
      recusa: recusa(row.imprecisas[0], 'Número longo demais guardado como número pela planilha: formate a coluna como texto'),
    };
  const key = adaptador.chave(row.valores);
  if ((existente || repetida) && importacao.duplicados === 'ignorar' && !existente?.[COMPLETAR as never])
    return existente
      ? { tipo: 'ignorar', motivo: MOTIVO_EXISTENTE, registro: { id: Number(existente.id), chave: chaveLegivel(key) } }
      : { tipo: 'ignorar', motivo: MOTIVO_REPETIDA, registro: { id: null, chave: chaveLegivel(key) } };
  const input = adaptador.entrada(row.valores, vinculos, existente);
  if (isRecusa(input)) return { tipo: 'recusa', recusa: input };
  const schema = (existente ? def.update!.schema : def.create!.schema) as ZodType;
  const checked = validar(schema, input, adaptador);
  if (isRecusa(checked)) return { tipo: 'recusa', recusa: checked };
  return { tipo: 'gravar', key, existente, repetida, data: checked.data };
}

/** How a batch's refused rows are kept: under the sheet's own column (a Traccar device's field, in device words). */
function recusador(contagem: Contagem, env: LoteEnv) {
  const header = (campo: string) =>
    env.cabecalhos[campo] ?? CAMPOS_IMPORTACAO[env.importacao.recurso].find((f) => f.campo === campo)?.rotulo ?? campo;
  const traccar = env.importacao.origem === 'traccar';
  return (row: LinhaDados, r: Recusa) =>
    contagem.erros.push({
      linha: row.linha,
      campo: r.campo ? header(r.campo) : '',
      mensagem: traccar ? motivoDoDispositivo(row, r) : r.mensagem,
      dados: row.dados,
    });
}

/** Why a Traccar device was not imported, in words about the device (never a sheet's line or column). */
function motivoDoDispositivo(row: LinhaDados, r: Recusa): string {
  const uniqueId = (row.dados.uniqueId ?? '').trim();
  if (r.campo === 'imei') {
    if (!uniqueId) return 'Dispositivo sem identificador (uniqueId): não vira rastreador.';
    if (!/^\d{15}$/.test(uniqueId)) return `O identificador ${uniqueId} não é um IMEI (15 dígitos): o dispositivo não vira rastreador.`;
    if (!luhnValid(uniqueId))
      return `O identificador ${uniqueId} não é um IMEI válido (o dígito verificador não confere): o dispositivo não vira rastreador.`;
  }
  const campo = CAMPO_DO_DISPOSITIVO[r.campo];
  return `Dispositivo não importado: ${campo ? `${campo}: ` : ''}${r.mensagem}`;
}

/** A tracker's field as the Traccar device's (the refusals of a Traccar import). */
const CAMPO_DO_DISPOSITIVO: Record<string, string> = {
  imei: 'identificador (uniqueId)',
  modelo: 'modelo',
  marca: 'marca',
  placa: 'nome',
};

/**
 * One batch. A dry run, and the careful second pass of a batch the database refused a row of, go
 * row by row (each row under a savepoint when writing); a first pass writes in bulk (`emBloco`).
 */
async function loteDe(tx: DbOrTx, batch: LinhaDados[], env: LoteEnv): Promise<Contagem> {
  if (env.importacao.modo === 'importar' && !env.cuidadoso) return emBloco(tx, batch, env);
  const { def, adaptador, ctx, copiers, importacao, vistas } = env;
  const contagem: Contagem = { criadas: 0, atualizadas: 0, ignoradas: 0, erros: [] };
  const recusar = recusador(contagem, env);
  const keys = [...new Set(batch.map((row) => adaptador.chave(row.valores)).filter(Boolean))];
  const existentes = await adaptador.existentes(tx, keys, batch);
  const vinculos = await adaptador.vinculos(tx, batch);
  for (const row of batch) {
    const key = adaptador.chave(row.valores);
    const avaliacao = avaliar(row, env, key ? existentes.get(key) : undefined, key !== '' && vistas.has(key), vinculos);
    if (avaliacao.tipo === 'recusa') {
      recusar(row, avaliacao.recusa);
      continue;
    }
    if (avaliacao.tipo === 'ignorar') {
      ignorar(contagem, row, avaliacao.motivo, avaliacao.registro);
      continue;
    }
    const { existente, repetida, data } = avaliacao;
    if (importacao.modo === 'simular') {
      if (existente || repetida) contagem.atualizadas++;
      else {
        contagem.criadas++;
        if (key) vistas.add(key);
      }
      continue;
    }
    try {
      const saved = await tx.transaction(async (sp) => {
        const record = existente
          ? await updateItem(sp, def, Number(existente.id), data, ctx, copiers)
          : await createItem(sp, def, data, ctx);
        if (importacao.origem === 'traccar' && !existente) await dispositivosCriados(sp, [{ row, record }], env);
        return record;
      });
      if (existente) contagem.atualizadas++;
      else contagem.criadas++;
      // A key repeated further down the sheet finds this record.
      if (key) existentes.set(key, saved);
    } catch (error) {
      const r = recusaDoErro(error, adaptador);
      if (!r) throw error;
      recusar(row, r);
    }
  }
  return contagem;
}

/**
 * A batch's first pass: every row checked first, then the new records created together (the
 * resource's prepare per row, one multi-row INSERT, one follow-up: write.ts `createItems`), then
 * the updates row by row, then the rows that repeat a key created in this batch. A row the
 * database refuses aborts the batch (`Refazer`): it is written again row by row, so the refusal
 * lands on its own row.
 */
async function emBloco(tx: DbOrTx, batch: LinhaDados[], env: LoteEnv): Promise<Contagem> {
  const { def, adaptador, ctx, copiers, importacao } = env;
  const contagem: Contagem = { criadas: 0, atualizadas: 0, ignoradas: 0, erros: [] };
  const recusar = recusador(contagem, env);
  const keys = [...new Set(batch.map((row) => adaptador.chave(row.valores)).filter(Boolean))];
  const existentes = await adaptador.existentes(tx, keys, batch);
  const vinculos = await adaptador.vinculos(tx, batch);
  const criar: { row: LinhaDados; key: string; data: unknown }[] = [];
  const atualizar: { existente: Item; data: unknown }[] = [];
  const repetidas: LinhaDados[] = [];
  const novas = new Set<string>();
  for (const row of batch) {
    const key = adaptador.chave(row.valores);
    if (key && novas.has(key) && !row.imprecisas.length) {
      // A key created further up this batch: updated (or skipped) once it exists.
      if (importacao.duplicados === 'ignorar') ignorar(contagem, row, MOTIVO_REPETIDA, { id: null, chave: chaveLegivel(key) });
      else repetidas.push(row);
      continue;
    }
    const avaliacao = avaliar(row, env, key ? existentes.get(key) : undefined, false, vinculos);
    if (avaliacao.tipo === 'recusa') recusar(row, avaliacao.recusa);
    else if (avaliacao.tipo === 'ignorar') ignorar(contagem, row, avaliacao.motivo, avaliacao.registro);
    else if (avaliacao.existente) atualizar.push({ existente: avaliacao.existente, data: avaliacao.data });
    else {
      criar.push({ row, key, data: avaliacao.data });
      if (key) novas.add(key);
    }
  }
  const gravar = async <T>(write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (error) {
      if (recusaDoErro(error, adaptador)) throw new Refazer();
      throw error;
    }
  };
  if (criar.length) {
    const saved = await gravar(() =>
      createItems(
        tx,
        def,
        criar.map((c) => c.data),
        ctx,
      ),
    );
    if (importacao.origem === 'traccar')
      await dispositivosCriados(
        tx,
        criar.map((c, i) => ({ row: c.row, record: saved[i] })),
        env,
      );
    criar.forEach((c, i) => {
      if (c.key) existentes.set(c.key, saved[i]);
    });
    contagem.criadas += saved.length;
  }
  for (const { existente, data } of atualizar) {
    await gravar(() => updateItem(tx, def, Number(existente.id), data, ctx, copiers));
    contagem.atualizadas++;
  }
  for (const row of repetidas) {
    const key = adaptador.chave(row.valores);
    const avaliacao = avaliar(row, env, existentes.get(key), true, vinculos);
    if (avaliacao.tipo === 'recusa') recusar(row, avaliacao.recusa);
    else if (avaliacao.tipo === 'gravar') {
      const saved = await gravar(() => updateItem(tx, def, Number(avaliacao.existente!.id), avaliacao.data, ctx, copiers));
      existentes.set(key, saved);
      contagem.atualizadas++;
    }
  }
  return contagem;
}

/**
 * Trackers a Traccar import created: each keeps its device's id, and gets the chip its device's
 * phone names (`chipsDoTraccar`): new chips made in one INSERT through the chips' own prepare, then
 * every chip put in its tracker (instalado, its move recorded) and its number, ICCID and carrier
 * copied to the tracker, a few statements for the batch. The trackers' Traccar sync, enqueued with
 * them, runs after the commit and finds the chip.
 */
async function dispositivosCriados(tx: DbOrTx, created: { row: LinhaDados; record: Item }[], env: LoteEnv) {
  const ids = created.map(({ row, record }) => sql`(${Number(record.id)}::int, ${Number(row.dados.id) || null}::int)`);
  if (!ids.length) return;
  await tx.execute(sql`UPDATE trackres t SET traccar_id = v.traccar_id
    FROM (VALUES ${sql.join(ids, sql`, `)}) AS v(id, traccar_id) WHERE t.id = v.id`);
  const novos = created.filter(({ row }) => row.chip === 'novo');
  const feitos = novos.length
    ? await createItems(
        tx,
        chipsResource,
        novos.map(({ row }) => ({ phone: row.valores.phone, iccid: '', operadora: '', fonecedor: '', custoMensal: 0 })),
        env.ctx,
      )
    : [];
  const pares = new Map<number, Item>();
  novos.forEach(({ record }, i) => pares.set(Number(feitos[i].id), record));
  for (const { row, record } of created) if (typeof row.chip === 'number') pares.set(row.chip, record);
  if (!pares.size) return;
  // Locked, and checked again: a chip taken since the batch was read stays where it is.
  const livres = await tx
    .select()
    .from(chips)
    .where(and(inArray(chips.id, [...pares.keys()]), eq(chips.deviceId, 0), ne(chips.situacao, 'baixado')))
    .orderBy(chips.id)
    .for('update');
  if (!livres.length) return;
  const autor = autorDe(env.ctx.user);
  const instalados = livres.map((chip) => ({ chip, tracker: pares.get(chip.id)! }));
  await tx.execute(sql`UPDATE chips c SET device_id = v.device_id, situacao = 'instalado', idtecnico = NULL, motivo = ''
    FROM (VALUES ${sql.join(
      instalados.map(({ chip, tracker }) => sql`(${chip.id}::int, ${Number(tracker.id)}::int)`),
      sql`, `,
    )}) AS v(id, device_id) WHERE c.id = v.id`);
  const movidos = instalados.filter(({ chip }) => chip.situacao !== 'instalado');
  if (movidos.length)
    await tx.insert(estoqueMovimentos).values(
      movidos.map(({ chip }) => ({
        recurso: 'chips',
        unidade: chip.id,
        iduser: autor.iduser,
        usuario: autor.usuario,
        de: chip.situacao,
        para: 'instalado',
        idtecnico: chip.idtecnico,
        motivo: '',
      })),
    );
  const linhas = instalados.map(({ chip, tracker }) => {
    const campos = { chipId: chip.id, phone: chip.phone, iccid: chip.iccid, operadora: chip.operadora };
    Object.assign(tracker, campos);
    tracker.busca = trackerBusca(tracker);
    return sql`(${Number(tracker.id)}::int, ${chip.id}::int, ${chip.phone}::text, ${chip.iccid}::text, ${chip.operadora}::text, ${String(tracker.busca ?? '')}::text)`;
  });
  await tx.execute(sql`UPDATE trackres t SET chip_id = v.chip_id, phone = v.phone, iccid = v.iccid, operadora = v.operadora, busca = v.busca
    FROM (VALUES ${sql.join(linhas, sql`, `)}) AS v(id, chip_id, phone, iccid, operadora, busca) WHERE t.id = v.id`);
}

/** Creates an import with its file and enqueues its job, in one transaction; returns its id. */
export async function criarImportacao(
  db: Db,
  queue: JobQueue,
  values: {
    recurso: RecursoImportacao;
    modo: ModoImportacao;
    duplicados: Duplicados;
    colunas: Record<string, string>;
    nomeArquivo: string;
    arquivo: Buffer;
    total: number;
    iduser: number;
  },
  enqueue = true,
) {
  const { arquivo, ...rest } = values;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(importacoes)
      .values({ ...rest, arquivo: Buffer.alloc(0), origem: 'arquivo', status: 'processando' })
      .returning({ id: importacoes.id });
    // The file goes in slices, as it is read back (arquivoStream): a driver sends a parameter as
    // text (the embedded database's as hex, twice its size), and a 50 MB file in one parameter
    // would hold 100 MB of the heap at once.
    for (let from = 0; from < arquivo.length; from += GRAVACAO) {
      const fatia = arquivo.subarray(from, from + GRAVACAO);
      await tx
        .update(importacoes)
        .set({ arquivo: sql`${importacoes.arquivo} || ${fatia}::bytea` })
        .where(eq(importacoes.id, row.id));
    }
    if (enqueue) await queue.send(tx, QUEUES.importacao.name, { id: row.id });
    return row.id;
  });
}

/** Creates an import of Traccar's devices and enqueues its job, in one transaction; returns its id. */
export async function criarImportacaoTraccar(db: Db, queue: JobQueue, values: { modo: ModoImportacao; iduser: number }) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(importacoes)
      .values({ ...values, recurso: 'trackres', origem: 'traccar', duplicados: 'ignorar', nomeArquivo: 'Traccar', status: 'processando' })
      .returning({ id: importacoes.id });
    await queue.send(tx, QUEUES.importacao.name, { id: row.id });
    return row.id;
  });
}

/** At start-up: a job for every import still running (its former process may have died mid-way). */
export async function retomarImportacoes(db: Db, queue: JobQueue) {
  const running = await db.select({ id: importacoes.id }).from(importacoes).where(eq(importacoes.status, 'processando'));
  if (running.length)
    await queue.sendMany(
      db,
      QUEUES.importacao.name,
      running.map((row) => ({ data: { id: row.id } })),
    );
  return running.length;
}
