/**
 * One batch of an import's rows (DESIGN 10, "Stock and imports"): each row through its resource's
 * form rules (adaptadores.ts), then written by its resource's own create or update
 * (resources/write.ts), or refused or skipped with its reason; in bulk first, row by row when the
 * database refuses one (`Refazer`) and in a dry run.
 */
import type { ZodType } from 'zod';
import { CAMPOS_IMPORTACAO, chaveLegivel, ehLinhaExemplo, MOTIVO_EXEMPLO, type LinhaIgnorada } from '../../domain/importacao';
import type { DbOrTx } from '../db/client';
import type { Item } from '../resources/definition';
import { createItem, createItems, updateItem } from '../resources/write';
import { COMPLETAR, isRecusa, recusa, recusaDoErro, validar, type LinhaDados, type Recusa } from './adaptadores';
import type { Contagem, LoteEnv } from './lote-env';
import { dispositivosCriados, motivoDoDispositivo } from './traccar';

/** A skipped row counted and kept with its reason. */
function ignorar(contagem: Contagem, row: LinhaDados, motivo: string, registro: LinhaIgnorada['registro'] = null) {
  contagem.ignoradas++;
  (contagem.ignoradasLinhas ??= []).push({ linha: row.linha, motivo, registro });
}
const MOTIVO_EXISTENTE = 'Já cadastrado: ignorado (duplicados: Ignorar)';
const MOTIVO_REPETIDA = 'Repete uma linha anterior da planilha: ignorada (duplicados: Ignorar)';

/** A row the database refused in a batch written without savepoints: the batch is written again, carefully. */
export class Refazer extends Error {}

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

/**
 * One batch. A dry run, and the careful second pass of a batch the database refused a row of, go
 * row by row (each row under a savepoint when writing); a first pass writes in bulk (`emBloco`).
 */
export async function loteDe(tx: DbOrTx, batch: LinhaDados[], env: LoteEnv): Promise<Contagem> {
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
 * resource's prepare per row, one multi-row INSERT, one follow-up: resources/write.ts `createItems`), then
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
