/**
 * What a batch of an import works with (lote.ts) and counts: shared by the spreadsheet's batches
 * and the Traccar import's (traccar.ts), so neither imports the other's types.
 */
import type { Duplicados, LinhaIgnorada, ModoImportacao, RecursoImportacao } from '../../domain/importacao';
import type { AnyResource, RequestContext } from '../resources/definition';
import type { Adaptador } from './adaptadores';

export interface Importacao {
  id: number;
  origem: string;
  recurso: RecursoImportacao;
  modo: ModoImportacao;
  duplicados: Duplicados;
  colunas: Record<string, string>;
  processadas: number;
  iduser: number | null;
}

/** Counts of a batch. */
export interface Contagem {
  criadas: number;
  atualizadas: number;
  ignoradas: number;
  erros: { linha: number; campo: string; mensagem: string; dados: Record<string, string> }[];
  /** The skipped rows, with why and the record each matched (issue 30). */
  ignoradasLinhas?: LinhaIgnorada[];
}

export interface LoteEnv {
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
