/**
 * Install (SPEC 2.4) and session (SPEC 2.3, 7; DESIGN section 6): the first administrator is
 * created once even under concurrent requests; login accepts the login or the e-mail, answers
 * the same for an unknown account and a wrong password, and is rate-limited per address and per
 * account (however the account is named). POST /v1/session is the one route that also takes a
 * form-encoded body (SPEC 7).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import fastifyFormbody from '@fastify/formbody';
import { count, eq, or, sql } from 'drizzle-orm';
import { ACESSO, PUBLIC_RATE_PER_MINUTE } from '../../domain/constants';
import { MSG } from '../../domain/messages';
import { installSchema, loginSchema } from '../../domain/schemas/users';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { conflict, forbidden, tooMany, unauthorized } from '../regras/http-errors';
import { clearSessionCookie, revokeSession, SESSION_COOKIE, type SessionUser } from '../plugins/auth';
import { ensureCompany, getCompany, saveCompany } from '../regras/company';
import { dummyPasswordHash, hashPassword, randomToken, verifyPassword } from '../regras/passwords';
import { limitPerAddress, loginKey, loginLockState, recordLoginFailure } from '../seguranca/rate-limit';
import type { ServerKeys } from '../seguranca/chave';
import { knownDevice, lockKey } from '../seguranca/dispositivos';
import { afterPassword, selfRow, signInStepOptions } from './seguranca';
import { insertRecord, presentItems } from '../resources/records';
import { usersResource } from '../resources/users';

const INSTALL_LOCK = 727275;
/** Small bodies: an install or a login is a few fields. */
const AUTH_BODY_LIMIT = 10_000;

export async function isInstalled(db: Db): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(users);
  return Number(n) > 0;
}

export function registerAuthRoutes(app: FastifyInstance, db: Db, keys: ServerKeys) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** The user as its own GET /v1/users/{id} shows it: one presenter, so a hidden column stays hidden here too. */
  const presentSelf = async (request: FastifyRequest, user: SessionUser) =>
    (await presentItems(usersResource, [{ ...user }], { db, request, user, effects: app.effects }, true))[0];
  /** The same for a row just read or written (install, sign-in): its 2FA flag from the row itself. */
  const presentFresh = async (request: FastifyRequest, user: SessionUser) =>
    (await presentItems(usersResource, [selfRow(user)], { db, request, user, effects: app.effects }, true))[0];
  const tags = ['sessão'];

  r.get('/v1/install', { schema: { tags, summary: 'Diz se o sistema já foi instalado' }, config: { access: 'public' } }, async () => ({
    status: await isInstalled(db),
  }));

  r.post(
    '/v1/install',
    {
      schema: { tags, summary: 'Cria o primeiro administrador', body: installSchema },
      config: { access: 'public' },
      bodyLimit: AUTH_BODY_LIMIT,
      onRequest: limitPerAddress(db, 'install', PUBLIC_RATE_PER_MINUTE),
    },
    async (request, reply) => {
      const { name, email, password, empresa, cnpj } = request.body;
      const passwordHash = await hashPassword(password);
      const created = await db.transaction(async (tx) => {
        // Two simultaneous installs: the lock serializes them and the second finds a user.
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${INSTALL_LOCK})`);
        const [{ n }] = await tx.select({ n: count() }).from(users);
        if (Number(n) > 0) throw conflict(MSG.alreadyInstalled);
        const row = await insertRecord(tx, usersResource, {
          name: name || email,
          email,
          login: email,
          passwordHash,
          token: randomToken(18),
          acesso: ACESSO.ADMIN,
        });
        await ensureCompany(tx);
        // The company's name (and CNPJ) when given: what the payment page, the pre-registration and the contract name.
        if (empresa?.trim() || cnpj) {
          const company = await getCompany(tx);
          const dados = { ...company.dadosempresa, nome: empresa?.trim() ?? '', cnpj: cnpj ?? '' };
          await saveCompany(tx, { ...company, dadosempresa: dados });
        }
        return row as typeof users.$inferSelect;
      });
      reply.code(201);
      return presentFresh(request, created);
    },
  );

  r.get('/v1/session', { schema: { tags, summary: 'O usuário da sessão' }, config: { access: 'sessao' } }, async (request) => {
    return presentSelf(request, request.user!);
  });

  r.delete(
    '/v1/session',
    { schema: { tags, summary: 'Sai (encerra a sessão no servidor)' }, config: { access: 'sessao' } },
    async (request, reply) => {
      await revokeSession(db, app.sessionCache, request.cookies[SESSION_COOKIE]);
      clearSessionCookie(reply);
      return { message: MSG.sessionEnded };
    },
  );

  // The form parser lives in this context only: every other write route takes JSON alone.
  app.register(async (loginContext) => {
    await loginContext.register(fastifyFormbody, { bodyLimit: AUTH_BODY_LIMIT });
    loginContext
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/v1/session',
        signInStepOptions(db, { tags, summary: 'Entra (login ou e-mail e senha)', body: loginSchema }),
        async (request, reply) => {
          const named = request.body.email.trim();
          const [user] = await db
            .select()
            .from(users)
            .where(or(eq(users.email, named.toLowerCase()), eq(users.login, named)))
            .limit(1);
          // The lock is on the account, however it is named (DESIGN 9); an unknown name has its own
          // count; a browser that signed in to the account before has its own (DESIGN 10, device cookies).
          const key = lockKey(loginKey(user?.id, named), user?.id, knownDevice(keys, request, user?.id));
          const lock = await loginLockState(db, key);
          if (lock.locked) throw tooMany(MSG.accountLocked);
          // An unknown account costs the same time as a wrong password.
          const valid = await verifyPassword(request.body.password, user?.passwordHash ?? (await dummyPasswordHash()));
          if (!user || !valid) {
            await recordLoginFailure(db, key);
            throw unauthorized(MSG.badCredentials);
          }
          if (user.bloqueado) throw forbidden(MSG.userBlocked);
          // The session now, or the second step (202) for a user with two-factor sign-in.
          return afterPassword(db, keys, request, reply, user, { key, counted: lock.counted }, (signedIn) =>
            presentFresh(request, signedIn),
          );
        },
      );
  });
}
