/**
 * What the técnico's phone keeps in IndexedDB (DESIGN 11, "The técnico's phone"), so /campo opens
 * and works without signal and nothing done offline is lost when the browser closes:
 * - `fila`: the operations made on the phone, each with its uuid, in the order they were made
 *   (an auto-increment key), waiting to be sent;
 * - `cache`: the signed-in técnico and its week's agenda (each order with what its page shows),
 *   as the server last gave them;
 * - `conflitos`: the office's last refusal of an order's operation (a 409's reason), until the
 *   técnico reads it or acts on the order again.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { CampoOperacaoTipo } from '../../domain/schemas/campo';
import type { SessionUser } from '../authProvider';
import type { Agenda } from './api';

/** One operation as `POST /v1/campo/operacoes` takes it. */
export interface Operacao {
  id: string;
  idordemservico: number;
  versaoBase: number;
  em: string;
  tipo: CampoOperacaoTipo;
  dados: Record<string, unknown>;
}

export interface Pendente {
  seq?: number;
  /** The técnico who made it: another's queue on a shared phone is left alone. */
  usuario: number;
  op: Operacao;
}

/** The office's refusal of an operation, kept on the order. */
export interface ConflitoGuardado {
  idordemservico: number;
  message: string;
  motivo: string;
  tipo: CampoOperacaoTipo;
  /** A Finalizar refused by the tracker's check: the confirmation that finalizes it anyway. */
  confirmar?: Record<string, boolean>;
}

interface CampoDB extends DBSchema {
  fila: { key: number; value: Pendente };
  cache: { key: string; value: unknown };
  conflitos: { key: number; value: ConflitoGuardado };
}

const NOME = 'rastreio-campo';
let aberto: Promise<IDBPDatabase<CampoDB>> | null = null;

function banco() {
  aberto ??= openDB<CampoDB>(NOME, 1, {
    upgrade(db) {
      db.createObjectStore('fila', { keyPath: 'seq', autoIncrement: true });
      db.createObjectStore('cache');
      db.createObjectStore('conflitos', { keyPath: 'idordemservico' });
    },
    // Another tab upgrading the database: this one lets go and opens it again when next asked.
    blocking() {
      void fechar();
    },
  });
  return aberto;
}

/** Closes the connection (as a closed browser would): the next call opens the database again. */
export async function fechar() {
  const db = aberto;
  aberto = null;
  if (db) (await db).close();
}

/** A uuid made on the phone (crypto.randomUUID needs a secure context; the fallback is v4 too). */
export function novoId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export async function enfileirar(usuario: number, op: Operacao): Promise<Pendente> {
  const db = await banco();
  const pendente: Pendente = { usuario, op };
  pendente.seq = await db.add('fila', pendente);
  return pendente;
}

/** The técnico's operations waiting, oldest first. */
export async function pendentes(usuario: number): Promise<Pendente[]> {
  const all = await (await banco()).getAll('fila');
  return all.filter((p) => p.usuario === usuario);
}

export async function remover(seq: number) {
  await (await banco()).delete('fila', seq);
}

export async function guardarAgenda(usuario: SessionUser, agenda: Agenda) {
  const db = await banco();
  const tx = db.transaction('cache', 'readwrite');
  await Promise.all([tx.store.put(usuario, 'usuario'), tx.store.put(agenda, `agenda:${usuario.id}`), tx.done]);
}

export async function agendaGuardada(usuario: number): Promise<Agenda | null> {
  return ((await (await banco()).get('cache', `agenda:${usuario}`)) as Agenda | undefined) ?? null;
}

/** The técnico last signed in on this phone: /campo opens with it when the server cannot be reached. */
export async function usuarioGuardado(): Promise<SessionUser | null> {
  return ((await (await banco()).get('cache', 'usuario')) as SessionUser | undefined) ?? null;
}

/** Sair: the week and the técnico are forgotten (its queue waits for its next sign-in). */
export async function esquecerUsuario() {
  const db = await banco();
  const usuario = (await db.get('cache', 'usuario')) as SessionUser | undefined;
  const tx = db.transaction('cache', 'readwrite');
  await Promise.all([tx.store.delete('usuario'), usuario && tx.store.delete(`agenda:${usuario.id}`), tx.done]);
}

export async function guardarConflito(conflito: ConflitoGuardado) {
  await (await banco()).put('conflitos', conflito);
}

export async function conflitos(): Promise<ConflitoGuardado[]> {
  return (await banco()).getAll('conflitos');
}

export async function esquecerConflito(idordemservico: number) {
  await (await banco()).delete('conflitos', idordemservico);
}
