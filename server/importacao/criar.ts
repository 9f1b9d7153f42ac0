/**
 * An import enters the queue (DESIGN 10, "Stock and imports"): its row, its file and its job, in
 * one transaction; and at start-up, a job for every import a stopped process left running.
 */
import { eq, sql } from 'drizzle-orm';
import type { Duplicados, ModoImportacao, RecursoImportacao } from '../../domain/importacao';
import type { Db } from '../db/client';
import { importacoes } from '../db/schema';
import { QUEUES, type JobQueue } from '../queue/boss';

/** The slice of a file written at a time (criarImportacao). */
const GRAVACAO = 4 * 1024 * 1024;

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
