/** Builds the generic list query of DESIGN section 5 from react-admin's list params. */
import type { GetListParams } from 'ra-core';

export interface ListMeta {
  page: number;
  pageSize: number;
  total: number;
  totalItens?: number;
  totalPaginas?: number;
}

export interface ListReply<T = Record<string, unknown>> {
  meta: ListMeta;
  Items: T[];
  Informacoes?: unknown;
}

export function listQuery(params: Partial<GetListParams>): URLSearchParams {
  const query = new URLSearchParams();
  const { page = 1, perPage = 20 } = params.pagination ?? {};
  query.set('page', String(page));
  query.set('pageSize', String(perPage));
  const sort = params.sort;
  if (sort?.field && sort.field !== 'id') {
    query.set('sort', sort.field);
    query.set('order', sort.order === 'ASC' ? 'asc' : 'desc');
  } else if (sort?.field === 'id' && sort.order === 'ASC') {
    query.set('sort', 'id');
    query.set('order', 'asc');
  }
  for (const [key, value] of Object.entries(params.filter ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    // react-admin's full-text filter is `q`; the API calls it `pesquisa`.
    query.set(key === 'q' ? 'pesquisa' : key, String(value));
  }
  return query;
}
