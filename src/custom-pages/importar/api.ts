/** The import calls (DESIGN 10): the multipart uploads and the status read. */
import { HttpError } from 'ra-core';
import { MSG } from '../../../domain/messages';
import type { ImportacaoEstado, RecursoImportacao } from '../../../domain/importacao';
import { apiFetch } from '../../dataProvider/http';

export interface Cabecalho {
  formato: 'csv' | 'xlsx';
  total: number;
  cabecalhos: string[];
  colunas: Record<string, string>;
  campos: { campo: string; rotulo: string; obrigatorio: boolean }[];
}

/** A multipart POST with apiFetch's error shape (the reply's `message` and `errors`). */
async function postForm<T>(url: string, fields: Record<string, string>, arquivo: File): Promise<T> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('arquivo', arquivo, arquivo.name);
  const response = await fetch(url, { method: 'POST', body: form, credentials: 'same-origin', headers: { Accept: 'application/json' } });
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    const body = (json && typeof json === 'object' ? json : {}) as { message?: string };
    throw new HttpError(body.message || MSG.networkError, response.status, body);
  }
  return json as T;
}

export const lerCabecalho = (recurso: RecursoImportacao, arquivo: File) =>
  postForm<Cabecalho>('/v1/importacoes/cabecalho', { recurso }, arquivo);

export const iniciarImportacao = (
  fields: {
    recurso: RecursoImportacao;
    modo: 'simular' | 'importar';
    duplicados: 'ignorar' | 'atualizar';
    colunas: Record<string, string>;
  },
  arquivo: File,
) => postForm<{ id: number }>('/v1/importacoes', { ...fields, colunas: JSON.stringify(fields.colunas) }, arquivo);

export const lerImportacao = (id: number) => apiFetch<ImportacaoEstado>(`/v1/importacoes/${id}`);
