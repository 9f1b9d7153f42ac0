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
import { and, eq, sql } from 'drizzle-orm';
import { matchColumns, valoresDoCampo } from '../../domain/importacao';
import { onlyDigits } from '../../domain/text';
import type { Db } from '../db/client';
import { importacaoErros, importacaoIgnoradas, importacoes, users } from '../db/schema';
import type { Effects } from '../cobrancas/effects';
import { activeTraccar } from '../frota/traccar-sync';
import { allDevices, type TraccarDevice } from '../integrations/traccar';
import type { RequestContext } from '../resources/definition';
import { RESOURCES } from '../resources/registry';
import { copiersOf } from '../resources/write';
import { ADAPTADORES, type LinhaDados } from './adaptadores';
import { loteDe, Refazer } from './lote';
import type { Importacao, LoteEnv } from './lote-env';
import { blankRow, linhas, PlanilhaInvalida } from './planilha';
import { antesDoTraccar, clientesDosDispositivos } from './traccar';

/** Rows per batch (one transaction each). */
export const LOTE = 500;
/** The refused rows a status reply lists (all go to erros.csv). */
export const ERROS_NA_RESPOSTA = 200;
/** The stored file is read in slices of this size. */
const FATIA = 1024 * 1024;

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
 * (frota/traccar-jobs.ts `camposDoDispositivo`).
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
  for await (const linha of linhas(() => arquivoStream(db, importacao.id, importacao.tamanho), head)) {
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
