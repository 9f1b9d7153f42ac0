/**
 * What no request can do: leave a secret in the log, or leave the database unusable for the next
 * request (a failed statement on either database; a crash of the embedded one).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../domain/messages';
import { planos, users } from '../../server/db/schema';
import { registerErrorHandling } from '../../server/plugins/errors';
import { backends, Client, createTestApp, installAndLogin, newUser, useInstalledApp, type TestApp } from '../support/app';
import { LogCapture } from '../support/log';
import { newCliente, newPlano } from '../support/registry';

/** Statements a test runs straight on the database, one by one. */
async function run(t: TestApp, ...statements: string[]) {
  for (const statement of statements) await t.database.db.execute(sql.raw(statement));
}

describe.each(backends)('logs hold no secret (%s)', (backend) => {
  const log = new LogCapture();
  const env = useInstalledApp(backend, { logStream: log, logLevel: 'info' });

  it('at the default level, failed writes log no parameters and logged URLs carry no token', async () => {
    // Writes that fail inside the database, after the password is hashed: the statement's parameters hold the secrets.
    await run(
      env.t,
      `CREATE FUNCTION falhar() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'falha de teste'; END $$`,
      'CREATE TRIGGER falhar_users BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION falhar()',
      'CREATE TRIGGER falhar_clientes BEFORE INSERT ON clientes FOR EACH ROW EXECUTE FUNCTION falhar()',
    );
    const userPassword = 'senha-plantada-7391';
    const appPassword = 'app-plantada-5528';
    expect((await env.admin.post('/v1/users', newUser({ password: userPassword }))).status).toBe(500);
    expect((await env.admin.post('/v1/clientes', newCliente({ login: 'cliente.app', password: appPassword }))).status).toBe(500);
    await run(env.t, 'DROP TRIGGER falhar_users ON users', 'DROP TRIGGER falhar_clientes ON clientes');

    const [own] = await env.t.database.db.select({ token: users.token, hash: users.passwordHash }).from(users).where(eq(users.id, 1));
    expect((await new Client(env.t.app).get(`/v1/static/precadastro/${own.token}`)).status).toBe(200);
    expect((await env.admin.get('/v1/clientes?pesquisa=segredo-na-url')).status).toBe(200);

    expect(log.text).toContain('unexpected error');
    expect(log.text).toContain('/v1/static/precadastro/[oculto]');
    for (const secret of [
      userPassword,
      appPassword,
      own.token,
      own.hash,
      'scrypt$',
      'segredo-na-url',
      env.admin.cookie.replace('Token=', ''),
    ]) {
      expect(log.text.includes(secret), `the log holds ${secret.slice(0, 12)}…`).toBe(false);
    }
  });
});

describe.each(backends)('a failed statement never leaves a transaction open (%s)', (backend) => {
  const env = useInstalledApp(backend);

  it('a write broken inside its transaction answers 500, and the next requests work', async () => {
    await run(
      env.t,
      `CREATE FUNCTION quebrar() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'quebra de teste'; END $$`,
      'CREATE TRIGGER quebrar_planos AFTER INSERT ON planos FOR EACH ROW EXECUTE FUNCTION quebrar()',
    );
    expect((await env.admin.post('/v1/planos', newPlano())).status).toBe(500);
    expect((await new Client(env.t.app).get('/v1/health')).status).toBe(200);
    expect((await env.admin.get('/v1/planos')).body.meta.total).toBe(0);
    await run(env.t, 'DROP TRIGGER quebrar_planos ON planos');
    expect((await env.admin.post('/v1/planos', newPlano())).status).toBe(201);
    expect((await new Client(env.t.app).login('ana@rastreio.test', 'senha-forte-1')).status).toBe(200);
  });
});

describe('the embedded database is never left unusable', () => {
  let dataDir: string;
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'rastreio-crash-'));
    t = await createTestApp('pglite', { dataDir: path.join(dataDir, 'db') });
    admin = await installAndLogin(t.app);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a statement that fails inside an explicit transaction on the embedded client is rolled back', async () => {
    const embedded = t.database.embedded!;
    await expect(embedded.exec('BEGIN; SELECT 1/0;')).rejects.toThrow(/division by zero/);
    expect(embedded.instance.isInTransaction()).toBe(false);
    expect((await new Client(t.app).get('/v1/health')).status).toBe(200);
    expect((await admin.get('/v1/planos')).status).toBe(200);
  });

  it('after a statement crashes the instance, the next request answers and committed data is intact', async () => {
    const plano = (await admin.post('/v1/planos', newPlano({ name: 'Plano Sobrevivente' }))).body;
    const deep = '{"a":'.repeat(1500) + '1' + '}'.repeat(1500);
    // Not through the API (it refuses bodies nested beyond 8 levels): straight to the database.
    await expect(t.database.db.execute(sql`SELECT ${deep}::jsonb AS j`)).rejects.toThrow();
    expect(t.database.embedded!.recoveries).toBe(1);

    expect((await new Client(t.app).get('/v1/health')).status).toBe(200);
    // The session and the plan were committed before the crash: both are there.
    expect((await admin.get(`/v1/planos/${plano.id}`)).body.name).toBe('Plano Sobrevivente');
    expect((await admin.post('/v1/planos', newPlano())).status).toBe(201);
    const rows = await t.database.db.select({ id: planos.id }).from(planos);
    expect(rows).toHaveLength(2);
  });
});

describe('an error the routes did not name still answers in Portuguese by its status', () => {
  it('404, 413, 415 and 429 keep their meaning; any other 4xx is invalid input; the rest is 500', async () => {
    const app = Fastify();
    registerErrorHandling(app);
    app.get('/falha/:status', async (request) => {
      const status = Number((request.params as { status: string }).status);
      throw Object.assign(new Error(`internal detail ${status}`), { statusCode: status });
    });
    const answer = async (status: number) => (await app.inject({ method: 'GET', url: `/falha/${status}` })).json();
    expect(await answer(404)).toEqual({ message: MSG.notFound });
    expect(await answer(413)).toEqual({ message: MSG.tooLarge });
    expect(await answer(415)).toEqual({ message: MSG.unsupportedMediaType });
    expect(await answer(429)).toEqual({ message: MSG.tooMany });
    expect(await answer(405)).toEqual({ message: MSG.invalidInput });
    expect(await answer(503)).toEqual({ message: MSG.internal });
    await app.close();
  });
});
