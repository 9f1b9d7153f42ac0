/**
 * The role matrix, generated from the routes the app registers (app.routeAccess): every route ×
 * {anonymous, Usuario, Admin, blocked user} answers as its declared access says, before the body
 * is read (every request carries an empty or invalid body). A route without a declared access
 * cannot be registered, and the public routes are exactly those DESIGN 9 lists.
 */
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { createSession, registerAuth, type AccessLevel, type RouteAccess } from '../../server/plugins/auth';
import { backends, createTestApp, installAndLogin, newUser, type TestApp } from '../support/app';

type Role = 'anonymous' | 'usuario' | 'admin' | 'blocked';
const ROLES: Role[] = ['anonymous', 'usuario', 'admin', 'blocked'];

/** DESIGN 9, "public without session": the only routes open to anyone. */
const DESIGN_PUBLIC = [
  /^GET \/v1\/install$/,
  /^POST \/v1\/install$/,
  /^POST \/v1\/session$/,
  /^\w+ \/v1\/static\//,
  /^\w+ \/webhook\//,
  /^GET \/v1\/health$/,
];

/** What a role may expect from a route of each access level: 'pass' is any answer but 401/403 (and never 5xx). */
function expected(access: AccessLevel, role: Role, ownRecord: boolean): 401 | 403 | 'pass' {
  if (access === 'public') return 'pass';
  if (role === 'anonymous' || role === 'blocked') return 401;
  if (access === 'adminSelf') return role === 'admin' && ownRecord ? 'pass' : 403;
  if (role === 'admin') return 'pass';
  if (access === 'admin') return 403;
  if (access === 'self') return ownRecord ? 'pass' : 403;
  return 'pass';
}

describe.each(backends)('role matrix (%s)', (backend) => {
  let t: TestApp;
  const ids = {} as Record<Exclude<Role, 'anonymous'>, number>;
  beforeAll(async () => {
    t = await createTestApp(backend);
    const admin = await installAndLogin(t.app);
    ids.admin = 1;
    ids.usuario = (await admin.post('/v1/users', newUser())).body.id;
    ids.blocked = (await admin.post('/v1/users', newUser())).body.id;
  });
  afterAll(() => t.close());

  /** A fresh session of the role (logging out, on DELETE /v1/session, ends only that one). */
  async function cookieOf(role: Role) {
    if (role === 'anonymous') return {};
    const { token } = await createSession(t.database.db, ids[role], 'matrix');
    if (role === 'blocked') await t.database.db.update(users).set({ bloqueado: true }).where(eq(users.id, ids.blocked));
    return { cookie: `Token=${token}` };
  }

  it('every registered route answers every role as its declared access says', async () => {
    const routes = t.app.routeAccess;
    expect(routes.length).toBeGreaterThan(40);
    const failures: string[] = [];
    for (const route of routes) {
      for (const role of ROLES) {
        // An `:id` route is called on the caller's own id for the Usuario (self), and on another's for the others.
        const own = role === 'usuario' && route.url.includes(':id');
        const id = own ? ids.usuario : role === 'admin' ? 999_999 : ids.admin;
        const url = route.url.replace(':id', String(id)).replace(':token', 'token-que-nao-existe');
        const method = route.method as 'GET';
        const reply = await t.app.inject({
          method,
          url,
          headers: { ...(await cookieOf(role)), 'content-type': 'application/json' },
          payload: method === 'GET' || method === 'DELETE' ? undefined : '{}',
        });
        const want = expected(route.access, role, own);
        const ok = want === 'pass' ? ![401, 403].includes(reply.statusCode) && reply.statusCode < 500 : reply.statusCode === want;
        if (!ok) failures.push(`${route.method} ${route.url} [${route.access}] as ${role}: ${reply.statusCode}, expected ${want}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('the public routes are exactly those DESIGN 9 lists, and writes to the records are never public', () => {
    const publicRoutes = t.app.routeAccess.filter((r: RouteAccess) => r.access === 'public').map((r) => `${r.method} ${r.url}`);
    for (const route of publicRoutes)
      expect(
        DESIGN_PUBLIC.some((pattern) => pattern.test(route)),
        route,
      ).toBe(true);
    expect(publicRoutes).toEqual(expect.arrayContaining(['GET /v1/health', 'GET /v1/install', 'POST /v1/install', 'POST /v1/session']));
    const records = t.app.routeAccess.filter((r) => /^\/v1\/(users|clientes|veiculos|trackres|chips|planos|uploads)/.test(r.url));
    expect(records.every((r) => r.access !== 'public')).toBe(true);
    expect(
      t.app.routeAccess.filter((r) => r.url.startsWith('/v1/users') && r.method !== 'GET' && r.method !== 'PUT').map((r) => r.access),
    ).toEqual(['admin', 'admin']);
  });
});

describe('a new API route without a declared access', () => {
  it('cannot be registered: the app refuses to start', async () => {
    const database = await openDatabase();
    const app = Fastify();
    try {
      await registerAuth(app, database);
      expect(() => app.get('/v1/nova-rota', async () => ({ ok: true }))).toThrow(/GET \/v1\/nova-rota não declara config.access/);
      // Declared, it registers.
      expect(() => app.get('/v1/outra-rota', { config: { access: 'user' } }, async () => ({ ok: true }))).not.toThrow();
    } finally {
      await app.close().catch(() => undefined);
      await database.close();
    }
  });
});
