import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { RESOURCES } from '../../server/resources/registry';
import { backends, useInstalledApp, newUser } from '../support/app';
import { newCliente, newEmpresa, newOrdem, newTracker, newVeiculo } from '../support/registry';

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

  it('the dashboard lists answer with the list shape, and their filters exclude the rows seeded to be excluded', async () => {
    const { admin } = env;
    const ativo = (await admin.post('/v1/clientes', newCliente())).body;
    const bloqueado = (await admin.post('/v1/clientes', newCliente({ status: 1 }))).body;
    const empresa = (await admin.post('/v1/clientes', newEmpresa())).body;
    for (const created of [ativo, bloqueado, empresa]) expect(created.id, JSON.stringify(created)).toBeGreaterThan(0);
    const veiculo = (await admin.post('/v1/veiculos', newVeiculo(ativo.id))).body;
    const other = (await admin.post('/v1/veiculos', newVeiculo(empresa.id))).body;
    const charge = async (status: number) =>
      (await admin.post('/v1/cobrancas', { idcliente: ativo.id, descricao: 'Mensalidade', valor: 50, duedate: '2031-05-10', status })).body;
    const [aberta, paga] = [await charge(0), await charge(1)];
    const iddevice = (await admin.post('/v1/trackres', newTracker())).body.id;
    const ordem = (await admin.post('/v1/ordensservicos', newOrdem({ idcliente: ativo.id, idveiculo: veiculo.id, iddevice }))).body;
    for (const created of [veiculo, other, aberta, paga, ordem]) expect(created.id, JSON.stringify(created)).toBeGreaterThan(0);

    const ids = async (url: string) => {
      const response = await admin.get(url);
      expect(response.status, `${url}: ${JSON.stringify(response.body)}`).toBe(200);
      // toMatchObject: the charges' reply adds its Informacoes (issue 9).
      const total = response.body.Items.length;
      expect(response.body.meta, url).toMatchObject({ page: 1, pageSize: 100, total, totalItens: total, totalPaginas: total ? 1 : 0 });
      return response.body.Items.map((item: { id: number }) => item.id).sort((a: number, b: number) => a - b);
    };
    expect(await ids('/v1/clientes?pageSize=100')).toEqual([ativo.id, bloqueado.id, empresa.id]);
    expect(await ids('/v1/clientes?pageSize=100&status=1')).toEqual([bloqueado.id]);
    expect(await ids('/v1/clientes?pageSize=100&status=0')).toEqual([ativo.id, empresa.id]);
    expect(await ids('/v1/clientes?pageSize=100&status=2')).toEqual([]);
    expect(await ids('/v1/clientes?pageSize=100&cadastro=JURIDICA')).toEqual([empresa.id]);
    expect(await ids('/v1/veiculos?pageSize=100')).toEqual([veiculo.id, other.id]);
    expect(await ids(`/v1/veiculos?pageSize=100&idcliente=${empresa.id}`)).toEqual([other.id]);
    expect(await ids('/v1/cobrancas?pageSize=100')).toEqual([aberta.id, paga.id]);
    expect(await ids('/v1/cobrancas?pageSize=100&status=1')).toEqual([paga.id]);
    expect(await ids('/v1/cobrancas?pageSize=100&status=3')).toEqual([]);
    expect(await ids('/v1/ordensservicos?pageSize=100&status=0')).toEqual([ordem.id]);
    expect(await ids('/v1/ordensservicos?pageSize=100&status=1')).toEqual([]);
    expect((await admin.get('/v1/clientes?cadastro=OUTRO')).status).toBe(400);
    expect((await admin.get('/v1/veiculos?idcliente=abc')).status).toBe(400);
  });

  it('every list with a status filter answers 400 with a pt-BR message to a status outside its values, and 200 to each of them', async () => {
    // Literal: a new status value, or a new list with a status filter, is added here on purpose.
    const statuses: Record<string, number[]> = {
      users: [0, 1],
      clientes: [0, 1, 2],
      chips: [0, 1],
      contratos: [0, 1],
      assinaturas: [0, 1, 2],
      cobrancas: [0, 1, 2, 3],
      // 2: Aguardando aprovação, a técnico's Finalizar waiting for the office (DESIGN 11).
      ordensservicos: [0, 1, 2],
    };
    expect(Object.fromEntries(RESOURCES.filter((r) => r.status).map((r) => [r.name, [...r.status!.values]]))).toEqual(statuses);
    for (const [resource, values] of Object.entries(statuses)) {
      for (const status of [...values, '']) {
        const response = await env.admin.get(`/v1/${resource}?status=${status}&pageSize=1`);
        expect(response.status, `${resource}?status=${status}: ${JSON.stringify(response.body)}`).toBe(200);
      }
      const message = `Status inválido. Valores aceitos: ${values.join(', ')}`;
      for (const status of ['-1', String(values.length), '4', '99', '2147483647', '2147483648', 'abc', '1.5', '1&status=0']) {
        const response = await env.admin.get(`/v1/${resource}?status=${status}`);
        expect(response.status, `${resource}?status=${status}`).toBe(400);
        expect(response.body, `${resource}?status=${status}`).toEqual({ message: expect.any(String), errors: { status: message } });
      }
    }
    // A list without a status filter has no status to refuse: the key is ignored like any unknown one.
    for (const resource of RESOURCES.filter((r) => !r.status)) {
      expect((await env.admin.get(`/v1/${resource.name}?status=99`)).status, resource.name).toBe(200);
    }
  });
});
