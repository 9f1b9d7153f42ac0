/**
 * The client's app password is not kept (issue 30 item 22): sent to Traccar when the client's user
 * is made or the password changes, sealed until then and emptied after; the row never holds it in
 * clear, the API never sends it back (only `temSenha`); rows of the old clear column are migrated.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { backends, useInstalledApp } from '../support/app';
import { newCliente } from '../support/registry';
import { useTraccarFake } from '../support/traccar';
import { waitFor } from '../support/wait';

describe.each(backends)('the client app password is not kept (%s)', (backend) => {
  const env = useInstalledApp(backend, { workers: { pollingIntervalSeconds: 0.5 } });
  const traccar = useTraccarFake();

  const row = async (id: number) =>
    ((await env.t.database.db.execute(sql`SELECT * FROM clientes WHERE id = ${id}`)) as unknown as { rows: Record<string, unknown>[] })
      .rows[0];
  const configure = (status: 0 | 1) =>
    env.admin.put('/v1/users/1', {
      integrations: { traccar: { server: traccar.fake.url, userId: String(traccar.fake.userId), token: traccar.fake.token, status } },
    });
  /** Signs in on the fake Traccar as the tracking app would. */
  const signsIn = async (email: string, password: string) =>
    (
      await fetch(`${traccar.fake.url}/api/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email, password }),
      })
    ).status === 200;
  const holds = (value: unknown, secret: string) => JSON.stringify(value).includes(secret);

  it('create and change: Traccar gets the password, the row keeps no clear copy (none once sent), GET never returns it', async () => {
    expect((await configure(1)).status).toBe(200);
    const login = `app.${Date.now()}`;
    const first = 'senha-app-primeira';
    const created = await env.admin.post('/v1/clientes', newCliente({ login, password: first }));
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect(holds(created.body, first)).toBe(false);
    expect(created.body).toMatchObject({ password: '', temSenha: true });
    // Before the job runs, and after: never in clear.
    expect(holds(await row(id), first)).toBe(false);
    await waitFor(() => signsIn(login, first));
    await waitFor(async () => (await row(id)).traccar_senha === '');
    const stored = await row(id);
    expect(stored).not.toHaveProperty('password');
    expect(stored.tem_senha).toBe(true);
    expect(holds(stored, first)).toBe(false);

    const shown = await env.admin.get(`/v1/clientes/${id}`);
    expect(shown.body).toMatchObject({ password: '', temSenha: true });
    expect(shown.body).not.toHaveProperty('traccarSenha');
    expect(holds(shown.body, first)).toBe(false);
    expect(holds((await env.admin.get(`/v1/clientes?pesquisa=${login}`)).body, first)).toBe(false);

    // Saved again with the field empty: the password stays (Traccar keeps its own).
    expect((await env.admin.put(`/v1/clientes/${id}`, { ...shown.body, name: 'Outro Nome', password: '' })).status).toBe(200);
    await waitFor(() => [...traccar.fake.users.values()].some((u) => u.email === login && u.name === 'Outro Nome'));
    expect(await signsIn(login, first)).toBe(true);

    // A new one: Traccar gets it, the row lets it go.
    const second = 'senha-app-segunda';
    const changed = await env.admin.put(`/v1/clientes/${id}`, { ...shown.body, password: second });
    expect(changed.status).toBe(200);
    expect(holds(changed.body, second)).toBe(false);
    expect(holds(await row(id), second)).toBe(false);
    await waitFor(() => signsIn(login, second));
    expect(await signsIn(login, first)).toBe(false);
    await waitFor(async () => (await row(id)).traccar_senha === '');
    expect(holds(await row(id), second)).toBe(false);
  });

  it('saved while Traccar is off: sealed until it is turned on, then the user is made with it and the row lets it go', async () => {
    expect((await configure(0)).status).toBe(200);
    const login = `espera.${Date.now()}`;
    const password = 'senha-app-espera';
    const id = (await env.admin.post('/v1/clientes', newCliente({ login, password }))).body.id as number;
    const waiting = await row(id);
    expect(String(waiting.traccar_senha)).toMatch(/^v1:/);
    expect(holds(waiting, password)).toBe(false);
    expect((await configure(1)).status).toBe(200);
    await waitFor(() => signsIn(login, password));
    await waitFor(async () => (await row(id)).traccar_senha === '');
  });

  it('the migration: a clear password waiting for Traccar is sealed at start, one Traccar has is dropped', async () => {
    // The 0025 migration's own statements on rows shaped as before it (the column added back for the test).
    const db = env.t.database.db;
    const a = (await env.admin.post('/v1/clientes', newCliente({ login: `mig.a.${Date.now()}` }))).body.id as number;
    const b = (await env.admin.post('/v1/clientes', newCliente({ login: `mig.b.${Date.now()}` }))).body.id as number;
    await db.execute(sql`ALTER TABLE clientes ADD COLUMN password text DEFAULT '' NOT NULL`);
    await db.execute(sql`UPDATE clientes SET password = 'antiga-sem-usuario', tem_senha = false, traccar_senha = '' WHERE id = ${a}`);
    await db.execute(
      sql`UPDATE clientes SET password = 'antiga-com-usuario', tem_senha = false, traccar_senha = '', traccar_user_id = 999, traccar_sync = 0 WHERE id = ${b}`,
    );
    const { readFileSync } = await import('node:fs');
    const migration = readFileSync(new URL('../../server/db/migrations/0025_cliente_senha.sql', import.meta.url), 'utf8')
      .split('--> statement-breakpoint')
      .filter((statement) => !/ADD COLUMN/.test(statement));
    for (const statement of migration) await db.execute(sql.raw(statement));
    expect(await row(a)).toMatchObject({ tem_senha: true, traccar_senha: 'v0:antiga-sem-usuario' });
    expect(await row(b)).toMatchObject({ tem_senha: true, traccar_senha: '' });
    expect(await row(b)).not.toHaveProperty('password');

    const { sealLegacyAppPasswords, openAppPassword } = await import('../../server/seguranca/senha-app');
    expect(await sealLegacyAppPasswords(db, env.t.app.effects.keys)).toBe(1);
    const sealed = String((await row(a)).traccar_senha);
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain('antiga-sem-usuario');
    expect(openAppPassword(env.t.app.effects.keys, sealed)).toBe('antiga-sem-usuario');
  });
});
