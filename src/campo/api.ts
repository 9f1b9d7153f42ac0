/**
 * The técnico's phone's calls (DESIGN 11, "The técnico's phone"): the agenda and what the server's
 * refusals say. The operations go through the queue (fila.ts, sincronia.ts).
 */
import { HttpError } from 'ra-core';
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
  fotos?: { id: number; name: string; type: string; size: number; createdAt: string }[];
  assinaturaCliente?: { nome: string; em: string; idupload: number } | null;
  validacao?: Record<string, unknown> | null;
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
