/**
 * What the generic resource machinery relies on: a resource is named as its table, and every
 * table a list reads (its own and its embeds') bumps its version on every write, so that the
 * list caches are never stale.
 */
import { and, getTableColumns, getTableName, sql } from 'drizzle-orm';
import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { planos } from '../../server/db/schema';
import { registerAuth } from '../../server/plugins/auth';
import { registerErrorHandling } from '../../server/plugins/errors';
import { listCaches } from '../../server/resources/list-cache';
import { registerResource, tablesRead } from '../../server/resources/routes';
import { pesquisaCondition } from '../../server/resources/list-query';
import { planosResource, RESOURCES, usersResource } from '../../server/resources/registry';
import { ADMIN, backends, Client, newUser, useInstalledApp } from '../support/app';
import { newChip, newCliente, newOrdem, newPlano, newTracker, newVeiculo } from '../support/registry';

describe.each(backends)('resource machinery (%s)', (backend) => {
  const env = useInstalledApp(backend);

  it("every resource's name is its table's name", () => {
    expect(RESOURCES.length).toBeGreaterThanOrEqual(8);
    for (const resource of RESOURCES) expect(getTableName(resource.table), resource.name).toBe(resource.name);
  });

  it('PostgreSQL plans each run of a statement on the main pool, and a statement once on `plannedOnce`', async () => {
    const { database } = env.t;
    const mode = async (db: typeof database.db) =>
      ((await db.execute(sql`SHOW plan_cache_mode`)) as unknown as { rows: { plan_cache_mode: string }[] }).rows[0].plan_cache_mode;
    if (backend === 'pglite') {
      expect(database.plannedOnce).toBeUndefined();
      return;
    }
    expect(await mode(database.db)).toBe('force_custom_plan');
    expect(await mode(database.plannedOnce!)).toBe('force_generic_plan');
  });

  it('every table a list reads has its version trigger', async () => {
    const result = (await env.t.database.db.execute(sql`SELECT tgname FROM pg_trigger WHERE NOT tgisinternal`)) as unknown as {
      rows: { tgname: string }[];
    };
    const triggers = new Set(result.rows.map((row) => row.tgname));
    const read = new Set(RESOURCES.flatMap(tablesRead));
    // Embedded records' tables count: a vehicle list shows its client's name.
    expect([...read]).toEqual(expect.arrayContaining(['users', 'clientes', 'veiculos', 'trackres', 'chips', 'planos']));
    const missing = [...read].filter((table) => !triggers.has(`${table}_versao`));
    expect(missing).toEqual([]);
  });

  // A valid new record per writable resource; one added without one fails the test below.
  const samples: Record<string, (admin: Client) => Promise<Record<string, unknown>>> = {
    users: async () => newUser(),
    clientes: async () => newCliente({ password: 'app-secreta-1' }),
    veiculos: async (admin) => newVeiculo((await admin.post('/v1/clientes', newCliente())).body.id),
    trackres: async () => newTracker(),
    chips: async () => newChip(),
    planos: async () => newPlano(),
    contratos: async (admin) => ({
      idcliente: (await admin.post('/v1/clientes', newCliente())).body.id,
      idplano: (await admin.post('/v1/planos', newPlano())).body.id,
    }),
    assinaturas: async (admin) => ({
      idcliente: (await admin.post('/v1/clientes', newCliente())).body.id,
      description: 'Mensalidade',
      valor: 59.9,
      nextduedate: '2030-01-10',
      cycle: 'MONTHLY',
    }),
    cobrancas: async (admin) => ({
      idcliente: (await admin.post('/v1/clientes', newCliente())).body.id,
      descricao: 'Instalação',
      valor: 120,
      duedate: '2030-01-10',
    }),
    ordensservicos: async (admin) => {
      const idcliente = (await admin.post('/v1/clientes', newCliente())).body.id;
      const idveiculo = (await admin.post('/v1/veiculos', newVeiculo(idcliente))).body.id;
      const iddevice = (await admin.post('/v1/trackres', newTracker())).body.id;
      return newOrdem({ idcliente, idveiculo, iddevice });
    },
  };

  it('hidden columns and the search text are never sent: create, read, update and list replies', async () => {
    const writable = RESOURCES.filter((resource) => resource.create);
    expect(Object.keys(samples).sort()).toEqual(writable.map((r) => r.name).sort());
    // Every record keeps its creator but the users themselves.
    expect(writable.filter((resource) => !('idcard' in getTableColumns(resource.table))).map((r) => r.name)).toEqual(['users']);
    for (const resource of writable) {
      const never = ['busca', ...(resource.hiddenColumns ?? [])];
      const creatorKept = 'idcard' in getTableColumns(resource.table);
      const body = await samples[resource.name](env.admin);
      const created = await env.admin.post(`/v1/${resource.name}`, body);
      expect(created.status, `${resource.name} ${JSON.stringify(created.body)}`).toBe(201);
      const id = created.body.id as number;
      const read = await env.admin.get(`/v1/${resource.name}/${id}`);
      const updated = await env.admin.put(`/v1/${resource.name}/${id}`, read.body);
      expect(updated.status, `${resource.name} ${JSON.stringify(updated.body)}`).toBe(200);
      const list = await env.admin.get(`/v1/${resource.name}?pageSize=100&sort=id&order=DESC`);
      const listed = list.body.Items.find((item: { id: number }) => item.id === id);
      expect(listed, resource.name).toBeDefined();
      for (const [what, item] of Object.entries({ created: created.body, read: read.body, updated: updated.body, listed })) {
        // A write-only field may come back empty (the clients' app password), never with its value.
        const sent = Object.keys(item).filter((key) => never.includes(key) && item[key] !== '');
        expect(sent, `${resource.name} ${what}`).toEqual([]);
        // The machinery sets the creator (DESIGN 4) where the table has one, under both its names; elsewhere there is none.
        if (creatorKept) expect([item.idcard, item.idCard], `${resource.name} ${what}`).toEqual([1, 1]);
        else
          expect(
            Object.keys(item).filter((key) => key.toLowerCase() === 'idcard'),
            `${resource.name} ${what}`,
          ).toEqual([]);
      }
    }
    // The session replies present the signed-in user through the same presenter.
    const never = ['busca', ...(usersResource.hiddenColumns ?? [])];
    const signedIn = await new Client(env.t.app).login(ADMIN.email, ADMIN.password);
    for (const reply of [signedIn.body, (await env.admin.get('/v1/session')).body, (await env.admin.get('/v1/session')).body]) {
      expect(Object.keys(reply).filter((key) => never.includes(key))).toEqual([]);
      expect(reply).toMatchObject({ id: 1, nivel: '1', status: 0, dadosempresa: expect.any(Object) });
    }
  });
});

describe.each(backends)('a list reply with extra fields (listSummary) (%s)', (backend) => {
  const env = useInstalledApp(backend);

  it('the hook adds its fields beside meta and Items, for the same query, cached or not', async () => {
    for (const cache of [true, false]) {
      // The plans as a resource whose list reply also sums the value of every plan the query finds.
      const app = Fastify();
      app.setValidatorCompiler(validatorCompiler);
      app.setSerializerCompiler(serializerCompiler);
      registerErrorHandling(app);
      await app.register(fastifyCookie);
      await registerAuth(app, env.t.database);
      const db = env.t.database.db;
      registerResource(
        app,
        db,
        {
          ...planosResource,
          // Read by the page statement itself: the sums and the page see the same rows. `minimo` is bound on each request.
          listSummary: {
            sql: (query) => {
              const where = and(
                pesquisaCondition(planos.busca, query.pesquisa, { placeholders: true }),
                sql`${planos.valor} >= ${sql.placeholder('minimo')}`,
              );
              return sql`(SELECT json_build_object('total', count(*), 'Informacoes', json_build_object('quantidade', count(*), 'soma', coalesce(sum(${planos.valor}), 0)))::text FROM ${planos} WHERE ${where})`;
            },
            params: () => ({ minimo: 0 }),
          },
        },
        listCaches(cache),
      );
      await app.ready();
      const get = async (url: string) => (await app.inject({ method: 'GET', url, headers: { cookie: env.admin.cookie } })).json();

      await env.admin.post('/v1/planos', newPlano({ name: `Básico ${cache}`, valor: 10 }));
      await env.admin.post('/v1/planos', newPlano({ name: `Completo ${cache}`, valor: 25.5 }));
      const all = await get('/v1/planos?pageSize=1');
      expect(all.meta.total).toBe(all.Informacoes.quantidade);
      expect(all.Items).toHaveLength(1);
      const one = await get(`/v1/planos?pesquisa=completo ${cache}`);
      expect(one.Informacoes).toEqual({ quantidade: 1, soma: 25.5 });
      // A page past the last has no row to carry them: they are read alone.
      const past = await get(`/v1/planos?pesquisa=completo ${cache}&page=9`);
      expect(past.Items).toEqual([]);
      expect(past.meta.total).toBe(1);
      expect(past.Informacoes).toEqual({ quantidade: 1, soma: 25.5 });
      // A write in between: the extras follow it (the cached reply is not reused).
      await env.admin.post('/v1/planos', newPlano({ name: `Completo ${cache} 2`, valor: 4.5 }));
      expect((await get(`/v1/planos?pesquisa=completo ${cache}`)).Informacoes).toEqual({ quantidade: 2, soma: 30 });
      await app.close();
    }
  });
});
