/**
 * What each resource's spreadsheet rows become (DESIGN 10, "Stock and imports"): a row's natural key
 * (CPF/CNPJ, placa, IMEI, ICCID), the records that already have it, the records its links name,
 * and the input its form would send; and a refusal in the import's own words (its field, the form's
 * or the database's message).
 */
import { and, eq, inArray, or } from 'drizzle-orm';
import type { ZodType } from 'zod';
import { CATEGORIA_NOMES, luhnValid, normalizeHeader, type RecursoImportacao } from '../../domain/importacao';
import { MSG } from '../../domain/messages';
import { normalizePlaca } from '../../domain/schemas/equipamentos';
import { onlyDigits } from '../../domain/text';
import type { DbOrTx } from '../db/client';
import { chips, clientes, trackres, veiculos } from '../db/schema';
import { issuesToErrors, pgError, UNIQUE_MESSAGES } from '../plugins/errors';
import { HttpError } from '../regras/http-errors';
import type { Item } from '../resources/definition';

export interface Recusa {
  campo: string;
  mensagem: string;
}
export const recusa = (campo: string, mensagem: string): Recusa => ({ campo, mensagem });
export const isRecusa = (v: unknown): v is Recusa => typeof v === 'object' && v !== null && 'mensagem' in v && 'campo' in v;

/** A data row as the sheet gave it: its values by product field, and by header (for erros.csv). */
export interface LinhaDados {
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
export interface Adaptador {
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
export const COMPLETAR = Symbol('completar');
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

export const ADAPTADORES: Record<RecursoImportacao, Adaptador> = {
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
export function recusaDoErro(error: unknown, adaptador: Adaptador): Recusa | undefined {
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
export function validar(schema: ZodType, input: Item, adaptador: Adaptador): { ok: true; data: unknown } | Recusa {
  const checked = schema.safeParse(input);
  if (checked.success) return { ok: true, data: checked.data };
  const [field, message] = Object.entries(issuesToErrors(checked.error.issues))[0] ?? ['', MSG.invalidInput];
  return recusa(adaptador.campoDe(field), message);
}
