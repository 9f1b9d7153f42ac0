/** react-admin ↔ /v1 (DESIGN section 5). Errors are HttpError(message, status, body). */
import type { DataProvider, Identifier, RaRecord } from 'ra-core';
import { apiFetch } from './http';
import { listQuery, type ListReply } from './query';
import { apiPath } from './resources';

const getList = async (resource: string, params: Parameters<DataProvider['getList']>[1]) => {
  const query = listQuery(params);
  const reply = await apiFetch<ListReply<RaRecord>>(`${apiPath(resource)}?${query}`, { signal: params.signal });
  const Items = reply?.Items ?? [];
  return {
    data: Items,
    total: reply?.meta?.total ?? reply?.meta?.totalItens ?? Items.length,
    meta: { Informacoes: reply?.Informacoes, ...reply?.meta },
  };
};

const getOne = (resource: string, id: Identifier, signal?: AbortSignal) =>
  apiFetch<RaRecord>(`${apiPath(resource)}/${encodeURIComponent(String(id))}`, { signal });

export const dataProvider: DataProvider = {
  getList: (resource, params) => getList(resource, params) as never,

  getOne: async (resource, params) => ({ data: (await getOne(resource, params.id, params.signal)) as never }),

  getMany: async (resource, params) => {
    const data = await Promise.all(params.ids.map((id) => getOne(resource, id, params.signal)));
    return { data: data as never };
  },

  getManyReference: (resource, params) =>
    getList(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } }) as never,

  create: async (resource, params) => {
    const data = await apiFetch<RaRecord>(apiPath(resource), { method: 'POST', body: params.data });
    return { data: data as never };
  },

  update: async (resource, params) => {
    const data = await apiFetch<RaRecord>(`${apiPath(resource)}/${encodeURIComponent(String(params.id))}`, {
      method: 'PUT',
      // The form holds the whole record, so the body is the whole user/item (SPEC section 7).
      body: params.data,
    });
    return { data: data as never };
  },

  updateMany: async (resource, params) => {
    await Promise.all(
      params.ids.map((id) => apiFetch(`${apiPath(resource)}/${encodeURIComponent(String(id))}`, { method: 'PUT', body: params.data })),
    );
    return { data: params.ids };
  },

  delete: async (resource, params) => {
    const data = await apiFetch<RaRecord>(`${apiPath(resource)}/${encodeURIComponent(String(params.id))}`, { method: 'DELETE' });
    return { data: (data ?? params.previousData) as never };
  },

  deleteMany: async (resource, params) => {
    await Promise.all(params.ids.map((id) => apiFetch(`${apiPath(resource)}/${encodeURIComponent(String(id))}`, { method: 'DELETE' })));
    return { data: params.ids };
  },
};
