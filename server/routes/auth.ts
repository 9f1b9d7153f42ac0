/**
 * Install (SPEC 2.4) and session (SPEC 2.3, 7; DESIGN section 6): the first administrator is
 * created once even under concurrent requests; login accepts the login or the e-mail, answers
 * the same for an unknown account and a wrong password, and is rate-limited.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { count, eq, or, sql } from 'drizzle-orm';
import { ACESSO } from '../../domain/constants';
import { MSG } from '../../domain/messages';
import { installSchema, loginSchema } from '../../domain/schemas/users';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { conflict, forbidden, tooMany, unauthorized } from '../http-errors';
import { clearSessionCookie, createSession, revokeSession, SESSION_COOKIE, setSessionCookie } from '../plugins/auth';
import { ensureCompany, getCompany } from '../services/company';
import { dummyPasswordHash, hashPassword, randomToken, verifyPassword } from '../services/passwords';
import { clearLoginFailures, hit, isAccountLocked, recordLoginFailure } from '../services/rate-limit';
import { usersResource, presentUser } from './users/resource';
import { buscaOf } from '../resources/crud';

const INSTALL_LOCK = 727275;

export async function isInstalled(db: Db): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(users);
  return Number(n) > 0;
}

export function registerAuthRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sessão'];

  r.get('/v1/install', { schema: { tags, summary: 'Diz se o sistema já foi instalado' }, config: { auth: 'public' } }, async () => ({
    status: await isInstalled(db),
  }));

  r.post(
    '/v1/install',
    { schema: { tags, summary: 'Cria o primeiro administrador', body: installSchema }, config: { auth: 'public' } },
    async (request, reply) => {
      if ((await hit(db, `install:${request.ip}`, 60)) > 60) throw tooMany();
      const { name, email, password } = request.body;
      const passwordHash = await hashPassword(password);
      const created = await db.transaction(async (tx) => {
        // Two simultaneous installs: the lock serializes them and the second finds a user.
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${INSTALL_LOCK})`);
        const [{ n }] = await tx.select({ n: count() }).from(users);
        if (Number(n) > 0) throw conflict(MSG.alreadyInstalled);
        const values = { name: name || email, email, login: email, passwordHash, token: randomToken(18), acesso: ACESSO.ADMIN };
        const [row] = await tx
          .insert(users)
          .values({ ...values, busca: buscaOf(usersResource, values) })
          .returning();
        await ensureCompany(tx);
        return row;
      });
      reply.code(201);
      return presentUser(created);
    },
  );

  r.post(
    '/v1/session',
    { schema: { tags, summary: 'Entra (login ou e-mail e senha)', body: loginSchema }, config: { auth: 'public' } },
    async (request, reply) => {
      if ((await hit(db, `login-ip:${request.ip}`, 60)) > 100) throw tooMany();
      const account = request.body.email.trim().toLowerCase();
      if (await isAccountLocked(db, account)) throw tooMany(MSG.accountLocked);
      const [user] = await db
        .select()
        .from(users)
        .where(or(eq(users.email, account), eq(users.login, request.body.email.trim())))
        .limit(1);
      // An unknown account costs the same time as a wrong password.
      const valid = await verifyPassword(request.body.password, user?.passwordHash ?? (await dummyPasswordHash()));
      if (!user || !valid) {
        await recordLoginFailure(db, account);
        throw unauthorized(MSG.badCredentials);
      }
      if (user.bloqueado) throw forbidden(MSG.userBlocked);
      await clearLoginFailures(db, account);
      const { token, expiresAt } = await createSession(db, user.id, request.headers['user-agent'] ?? '');
      setSessionCookie(reply, request, token, expiresAt);
      return presentUser(user, await getCompany(db), user.acesso === ACESSO.ADMIN);
    },
  );

  r.get('/v1/session', { schema: { tags, summary: 'O usuário da sessão' } }, async (request) => {
    const user = request.user!;
    return presentUser(user, await getCompany(db), user.acesso === ACESSO.ADMIN);
  });

  r.delete(
    '/v1/session',
    { schema: { tags, summary: 'Sai (encerra a sessão no servidor)' }, config: { auth: 'public' } },
    async (request, reply) => {
      await revokeSession(db, app.sessionCache, request.cookies[SESSION_COOKIE]);
      clearSessionCookie(reply);
      return { message: 'Sessão encerrada.' };
    },
  );
}
