import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { backends, useInstalledApp, newUser } from '../support/app';

/** Every backend, with the list caches on (as served) and off (every reply computed afresh). */
const modes = backends.flatMap((backend) => [
  { backend, countCache: true, label: `${backend}, cache on` },
  { backend, countCache: false, label: `${backend}, cache off` },
]);

describe.each(modes)('generic lists ($label)', ({ backend, countCache }) => {
  const env = useInstalledApp(backend, { countCache });

  it('totals stay exact across writes, including writes made outside this process', async () => {
    const total = async (query = '') => (await env.admin.get(`/v1/users?pageSize=1${query}`)).body.meta.total;
    expect(await total()).toBe(1);
    expect(await total()).toBe(1);
    const created = await env.admin.post('/v1/users', newUser({ name: 'Otávio Cache' }));
    expect(await total()).toBe(2);
    expect(await total('&pesquisa=otavio')).toBe(1);
    // Another app process (or a seed) writing straight to the database.
    await env.t.database.db.execute(sql`UPDATE ${users} SET busca = busca || ' otavio' WHERE id = 1`);
    expect(await total('&pesquisa=otavio')).toBe(2);
    await env.admin.delete(`/v1/users/${created.body.id}`);
    expect(await total()).toBe(1);
    expect(await total('&pesquisa=otavio')).toBe(1);
    expect(await total('&status=1')).toBe(0);
  });

  it('the dashboard lists answer with the list shape and filter by status', async () => {
    for (const resource of ['clientes', 'veiculos', 'cobrancas', 'ordensservicos']) {
      const response = await env.admin.get(`/v1/${resource}?pageSize=5`);
      expect(response.status, resource).toBe(200);
      // toMatchObject: the charges' reply adds its Informacoes (issue 9).
      expect(response.body).toMatchObject({ meta: { page: 1, pageSize: 5, total: 0, totalItens: 0, totalPaginas: 0 }, Items: [] });
    }
    expect((await env.admin.get('/v1/clientes?status=2&pageSize=1')).body.meta.total).toBe(0);
    expect((await env.admin.get('/v1/clientes?cadastro=OUTRO')).status).toBe(400);
    expect((await env.admin.get('/v1/veiculos?idcliente=abc')).status).toBe(400);
  });
});
