/**
 * The técnico's phone's calls (DESIGN 11, "The técnico's phone"), online: the agenda, and one
 * operation at a time, in the order they were made (the queue the offline slice will keep).
 */
import { HttpError } from 'ra-core';
import type { CampoOperacaoTipo } from '../../domain/schemas/campo';
import { apiFetch } from '../dataProvider/http';

export interface OrdemCampo {
  id: number;
  versao: number;
  status: number;
  tipo: string;
  descricao?: string | null;
  agendamento: string | null;
  horario: string | null;
  informacoes?: string | null;
  checklist: Record<string, string> | null;
  rejeicao: { motivo?: string } | null;
  cliente: { id: number; name: string; phones: string[]; endereco: string };
  veiculo: { placa?: string | null; marca?: string | null; modelo?: string | null; cor?: string | null } | null;
  device: { imei?: string | null; modelo?: string | null; marca?: string | null } | null;
  navegacao: string | null;
}

export interface Agenda {
  de: string;
  ate: string;
  Items: OrdemCampo[];
}

export const carregarAgenda = () => apiFetch<Agenda>('/v1/campo/agenda');

/** A conflict with the office (409): the server's pt-BR message and the order as it is now. */
export interface Conflito {
  message: string;
  motivo: string;
  ordem: OrdemCampo | null;
  /** A validation's conflict names what Finalizar may confirm: `semValidacao` or `aceitarSituacao`. */
  errors?: Record<string, string>;
}

export const conflitoDe = (error: unknown): Conflito | null =>
  error instanceof HttpError && (error.body as { resultado?: string } | undefined)?.resultado === 'conflito'
    ? (error.body as Conflito)
    : null;

/** The message to show for a refusal: a field's message (the checklist's) before the general one. */
export function mensagemDe(error: unknown): string {
  const body = error instanceof HttpError ? (error.body as { errors?: Record<string, string> } | undefined) : undefined;
  const first = body?.errors ? Object.values(body.errors)[0] : undefined;
  return first || (error instanceof Error ? error.message : String(error));
}

let fila: Promise<unknown> = Promise.resolve();

/**
 * Sends one operation made now on `ordem` (its own uuid, versaoBase the order's versao), after the
 * ones sent before it: the answer is the order as the server left it.
 */
export function enviarOperacao(ordem: Pick<OrdemCampo, 'id' | 'versao'>, tipo: CampoOperacaoTipo, dados: unknown) {
  const op = { id: crypto.randomUUID(), idordemservico: ordem.id, versaoBase: ordem.versao, em: new Date().toISOString(), tipo, dados };
  const sent = fila.then(() => apiFetch<{ resultado: string; ordem: OrdemCampo }>('/v1/campo/operacoes', { method: 'POST', body: op }));
  fila = sent.catch(() => undefined);
  return sent;
}
