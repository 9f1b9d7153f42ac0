import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../domain/messages';
import { dataProvider } from '../../src/dataProvider';
import { listQuery } from '../../src/dataProvider/query';

const reply = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('dataProvider', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('maps page, perPage, sort and the pesquisa/status filters onto the list query', () => {
    const query = listQuery({
      pagination: { page: 2, perPage: 50 },
      sort: { field: 'name', order: 'ASC' },
      filter: { pesquisa: 'maria', status: 1, empty: '' },
    });
    expect(Object.fromEntries(query)).toEqual({ page: '2', pageSize: '50', sort: 'name', order: 'asc', pesquisa: 'maria', status: '1' });
  });

  it('leaves the default id desc order to the server', () => {
    const query = listQuery({ pagination: { page: 1, perPage: 20 }, sort: { field: 'id', order: 'DESC' }, filter: {} });
    expect(query.has('sort')).toBe(false);
  });

  it('reads usuarios from /v1/users and the total from meta.total', async () => {
    const fetch = vi.fn(async () =>
      reply({ meta: { page: 1, pageSize: 20, total: 42, totalItens: 42, totalPaginas: 3 }, Items: [{ id: 1 }] }),
    );
    vi.stubGlobal('fetch', fetch);
    const result = await dataProvider.getList('usuarios', {
      pagination: { page: 1, perPage: 20 },
      sort: { field: 'id', order: 'DESC' },
      filter: { status: 0 },
    });
    expect(result.total).toBe(42);
    expect(result.data).toEqual([{ id: 1 }]);
    expect((fetch.mock.calls[0] as unknown as [string])[0]).toBe('/v1/users?page=1&pageSize=20&status=0');
  });

  it("throws an HttpError carrying the server's message and field errors", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply({ message: 'Dados inválidos.', errors: { cpf: 'CPF inválido' } }, 400)),
    );
    await expect(dataProvider.create('usuarios', { data: { name: 'x' } })).rejects.toMatchObject({
      message: 'Dados inválidos.',
      status: 400,
      body: { errors: { cpf: 'CPF inválido' } },
    });
  });

  it("carries a plain-text reply as the message, but never a proxy's HTML error page", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('Serviço em manutenção', { status: 503 })),
    );
    await expect(dataProvider.getOne('planos', { id: 1 })).rejects.toMatchObject({ message: 'Serviço em manutenção', status: 503 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html><body><h1>502 Bad Gateway</h1></body></html>', { status: 502 })),
    );
    await expect(dataProvider.getOne('planos', { id: 1 })).rejects.toMatchObject({ message: MSG.networkError, status: 502 });
  });

  it('sends the whole record on update with PUT /v1/users/{id}', async () => {
    const fetch = vi.fn(async () => reply({ id: 3, name: 'Novo' }));
    vi.stubGlobal('fetch', fetch);
    await dataProvider.update('usuarios', { id: 3, data: { id: 3, name: 'Novo' }, previousData: { id: 3, name: 'Velho' } });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/v1/users/3');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({ id: 3, name: 'Novo' });
  });
});
