/**
 * A paged list read from an endpoint that is not a react-admin resource (the audit log, the
 * messages): `GET path?page&pageSize&…filters`, answered `{ meta: { total }, Items }`. Gives the
 * list's context as react-admin's lists have it, so the shared table (ListTable) and react-admin's
 * Pagination read it; the last page read stays on screen while the next one loads.
 */
import * as React from 'react';
import type { ListControllerResult } from 'ra-core';
import { DEFAULT_PAGE_SIZE } from '../../domain/constants';
import { useApiGet } from './useApiGet';

export interface PagedReply<T> {
  meta: { total?: number; totalItens?: number };
  Items: T[];
}

export interface PagedListOptions {
  /** The filters sent, empty ones left out; a change goes back to page 1 through `resetPage`. */
  filters?: Record<string, string>;
  /** What the list shows it is sorted by (the server's order). */
  sort: { field: string; order: 'ASC' | 'DESC' };
  resource: string;
}

export function usePagedApiList<T, R extends PagedReply<T> = PagedReply<T>>(
  path: string,
  { filters = {}, sort, resource }: PagedListOptions,
) {
  const [page, setPage] = React.useState(1);
  const [perPage, setPerPage] = React.useState<number>(DEFAULT_PAGE_SIZE);
  const query = new URLSearchParams({
    page: String(page),
    pageSize: String(perPage),
    ...Object.fromEntries(Object.entries(filters).filter(([, value]) => value)),
  });
  const reply = useApiGet<R>(`${path}?${query}`);
  const [shown, setShown] = React.useState<R>();
  if (reply.data && reply.data !== shown) setShown(reply.data);

  const total = shown?.meta.total ?? shown?.meta.totalItens ?? 0;
  const items = shown?.Items ?? [];
  const list = {
    data: items,
    isFetching: reply.isFetching,
    error: null,
    sort,
    filterValues: filters,
    displayedFilters: {},
    selectedIds: [],
    page,
    perPage,
    total,
    setPage,
    setPerPage: (size: number) => {
      setPerPage(size);
      setPage(1);
    },
    hasPreviousPage: page > 1,
    hasNextPage: page * perPage < total,
    isPending: !shown,
    isLoading: !shown,
    resource,
  } as unknown as ListControllerResult<T & { id: number | string }>;
  /** A filter changed: back to the first page. */
  const resetPage = () => setPage(1);
  return { list, items, total, reply, resetPage };
}
