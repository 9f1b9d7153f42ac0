/**
 * Sessions and roles (DESIGN section 6). Every API route declares who may call it in
 * `config.access` (a route without one is refused at start-up), and one hook checks it on
 * request, before the body is read: `public`; `sessao` (anyone signed in: the session's own calls);
 * `user` (staff: acesso 1 or 2, not blocked); `self` (an administrator, or the user whose id is the
 * route's `:id`); `admin` (acesso 1); `campo` (a técnico, acesso 3); `campoOrdem` (staff, or the
 * técnico of the order `:id`: another's order is a 404). So an anonymous call answers 401, a
 * Usuario on an administrators' route and a técnico anywhere but its own 403, before any 400
 * (DESIGN 6 and 11).
 * The cookie `Token` carries a random 256-bit secret; only its SHA-256 is stored.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, ne, sql } from 'drizzle-orm';
import { SESSION_TTL } from '../../domain/constants';
import { MSG } from '../../domain/messages';
import { semCorpo } from '../../domain/schemas/list';
import { isAdmin, isStaff, isTecnico } from '../../domain/permissions';
import type { Database, Db, DbOrTx } from '../db/client';
import { ordensservicos, sessions, users } from '../db/schema';
import { forbidden, notFound, unauthorized } from '../regras/http-errors';
import { randomToken } from '../regras/passwords';
import { SESSION_CHANNEL, SessionCache, type SessionUser } from './session-cache';

export type { SessionUser };
/**
 * `sessao`: anyone signed in, técnicos too (the session, logout, one's sessions). `user`: staff
 * (administrators and Usuarios). `self`: an administrator, or the record's own user (a técnico
 * too). `adminSelf`: an administrator, on their own id only (the integration calls whose `{id}` is
 * the caller's, DESIGN 9). `own`: anyone signed in, on their own id only (enrolling one's own
 * second factor, DESIGN 10). `campo`: técnicos only (`/v1/campo/*`, DESIGN 11). `campoOrdem`:
 * staff, or the técnico of the service order `:id` (its telemetry); another's order is a 404.
 */
export type AccessLevel = 'public' | 'sessao' | 'user' | 'self' | 'admin' | 'adminSelf' | 'own' | 'campo' | 'campoOrdem';
export const ACCESS_LEVELS: readonly AccessLevel[] = [
  'public',
  'sessao',
  'user',
  'self',
  'admin',
  'adminSelf',
  'own',
  'campo',
  'campoOrdem',
];

/** A route as the role matrix and the fuzz test see it. */
export interface RouteAccess {
  method: string;
  url: string;
  access: AccessLevel;
  /** The route's zod schemas, as declared. */
  schema?: { body?: unknown; querystring?: unknown; params?: unknown };
}

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    /** The id of the session the request came with (null when none). */
    sessionId: number | null;
  }
  interface FastifyInstance {
    /** This process's session cache: evict after revoking, so the next request sees it at once. */
    sessionCache: SessionCache;
    /** Every API route and its declared access, as registered (the role matrix test reads it). */
    routeAccess: RouteAccess[];
  }
  interface FastifyContextConfig {
    access?: AccessLevel;
  }
}

/** Paths whose routes must declare their access. */
export const isApiPath = (url: string) => url.startsWith('/v1/') || url.startsWith('/webhook/');

export const SESSION_COOKIE = 'Token';
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const IDLE_MS = SESSION_TTL.idleHours * 3600_000;
/** lastSeenAt is refreshed at most this often, so reads do not write on every request. */
const TOUCH_MS = 60_000;

export async function createSession(db: DbOrTx, userId: number, userAgent: string, endereco = '') {
  const token = randomToken(32);
  const expiresAt = new Date(Date.now() + SESSION_TTL.absoluteDays * 86400_000);
  await db
    .insert(sessions)
    .values({ tokenHash: hashToken(token), userId, expiresAt, userAgent: userAgent.slice(0, 300), endereco: endereco.slice(0, 100) });
  return { token, expiresAt };
}

/** Ends one session of a user by its id (Perfil → Segurança): evicted here at once, and everywhere by the database's notification. */
export async function revokeSessionById(db: Db, cache: SessionCache, userId: number, sessionId: number): Promise<boolean> {
  const removed = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ tokenHash: sessions.tokenHash });
  for (const row of removed) cache.evictToken(row.tokenHash);
  return removed.length > 0;
}

export async function revokeSession(db: Db, cache: SessionCache, token: string | undefined) {
  if (!token) return;
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
  cache.evictToken(hashToken(token));
}

/** Ends every session of a user, but the one whose token is `keepToken` (the caller's own). */
export async function revokeUserSessions(db: DbOrTx, userId: number, keepToken?: string) {
  const keep = keepToken ? ne(sessions.tokenHash, hashToken(keepToken)) : undefined;
  await db.delete(sessions).where(and(eq(sessions.userId, userId), keep));
}

/** Looks a session up by its token: from the cache, or the database (prepared once). */
function sessionLookup(db: Db, cache: SessionCache) {
  const query = db
    .select({ user: users, sessionId: sessions.id, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('session_lookup');

  return async function loadSessionUser(token: string): Promise<{ user: SessionUser; sessionId: number } | null> {
    const tokenHash = hashToken(token);
    let session = cache.get(tokenHash);
    if (!session) {
      const [row] = await query.execute({ tokenHash });
      if (!row) return null;
      session = {
        user: row.user,
        sessionId: row.sessionId,
        lastSeenAt: row.lastSeenAt.getTime(),
        expiresAt: row.expiresAt.getTime(),
        cachedAt: Date.now(),
      };
      cache.set(tokenHash, session);
    }
    const now = Date.now();
    if (now > session.expiresAt || now - session.lastSeenAt > IDLE_MS || session.user.bloqueado) {
      cache.evictToken(tokenHash);
      await db.delete(sessions).where(eq(sessions.id, session.sessionId));
      return null;
    }
    if (now - session.lastSeenAt > TOUCH_MS) {
      session.lastSeenAt = now;
      await db
        .update(sessions)
        .set({ lastSeenAt: new Date(now) })
        .where(eq(sessions.id, session.sessionId));
    }
    return { user: session.user, sessionId: session.sessionId };
  };
}

export function setSessionCookie(reply: FastifyReply, request: FastifyRequest, token: string, expiresAt: Date) {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/',
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/**
 * Who may pass a route's declared access. `ordem`: a técnico on a `campoOrdem` route, which passes
 * only once the order `:id` is found to be its own (else 404, checked by the hook).
 */
export function mayAccess(
  access: AccessLevel,
  user: SessionUser | null,
  recordId: unknown,
): 'ok' | 'unauthenticated' | 'forbidden' | 'ordem' {
  if (access === 'public') return 'ok';
  if (!user) return 'unauthenticated';
  const own = String(recordId) === String(user.id);
  switch (access) {
    case 'sessao':
      return 'ok';
    case 'user':
      return isStaff(user) ? 'ok' : 'forbidden';
    case 'admin':
      return isAdmin(user) ? 'ok' : 'forbidden';
    case 'adminSelf':
      return isAdmin(user) && own ? 'ok' : 'forbidden';
    case 'own':
      return own && (isStaff(user) || isTecnico(user)) ? 'ok' : 'forbidden';
    case 'self':
      return isAdmin(user) || (own && (isStaff(user) || isTecnico(user))) ? 'ok' : 'forbidden';
    case 'campo':
      return isTecnico(user) ? 'ok' : 'forbidden';
    case 'campoOrdem':
      return isStaff(user) ? 'ok' : isTecnico(user) ? 'ordem' : 'forbidden';
  }
}

/** A técnico reaches only its own orders: another's, or none, is a 404 (DESIGN 11). */
async function assertOrdemDoTecnico(db: Db, user: SessionUser, recordId: unknown) {
  const id = Number(recordId);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw notFound(MSG.ordemNotFound);
  const [ordem] = await db
    .select({ id: ordensservicos.id })
    .from(ordensservicos)
    .where(and(eq(ordensservicos.id, id), eq(ordensservicos.idtecnico, user.id)));
  if (!ordem) throw notFound(MSG.ordemNotFound);
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export async function registerAuth(app: FastifyInstance, database: Database) {
  const cache = new SessionCache();
  await database.listen(SESSION_CHANNEL, cache);
  const loadSessionUser = sessionLookup(database.db, cache);
  app.decorate('sessionCache', cache);
  app.decorate('routeAccess', []);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);

  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url)) return;
    const access = route.config?.access;
    if (!access || !ACCESS_LEVELS.includes(access))
      throw new Error(`A rota ${String(route.method)} ${route.url} não declara config.access`);
    // A write that declares no body takes none: nothing, or an empty object; anything else is a 400
    // that changes nothing. A route that reads a multipart stream says so (`consumes`) instead.
    const methods = [route.method].flat();
    const multipart = route.schema?.consumes?.includes('multipart/form-data');
    if (!route.schema?.body && !multipart && methods.some((method) => BODY_METHODS.has(method)))
      route.schema = { ...route.schema, body: semCorpo };
    const schema = route.schema as RouteAccess['schema'];
    for (const method of methods) if (method !== 'HEAD') app.routeAccess.push({ method, url: route.url, access, schema });
  });

  // onRequest: before the body is read, parsed or validated.
  app.addHook('onRequest', async (request) => {
    // An unknown API path is a 404 before its body is read.
    if (request.is404 && isApiPath(request.url)) throw notFound(MSG.routeNotFound);
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') return;
    const token = request.cookies[SESSION_COOKIE];
    const found = token ? await loadSessionUser(token) : null;
    if (found) {
      request.user = found.user;
      request.sessionId = found.sessionId;
    }
    const recordId = (request.params as Record<string, unknown> | undefined)?.id;
    const verdict = mayAccess(access, request.user, recordId);
    if (verdict === 'unauthenticated') throw unauthorized();
    if (verdict === 'forbidden') throw forbidden();
    if (verdict === 'ordem') await assertOrdemDoTecnico(database.db, request.user!, recordId);
  });
}
