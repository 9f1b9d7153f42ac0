/**
 * Two-factor sign-in and sessions (DESIGN 10, "Trust"):
 * - POST /v1/users/{id}/2fa (one's own id): a new secret, pending until confirmed: { otpauthUrl, qr, segredo }.
 * - POST /v1/users/{id}/2fa/confirmar { codigo }: turns it on; answers the 10 recovery codes, once.
 * - DELETE /v1/users/{id}/2fa: one's own with a code (TOTP or recovery), or an administrator's
 *   audited reset of another user.
 * - POST /v1/session/segundo-fator { codigo }: the sign-in's second step, after POST /v1/session
 *   answered 202 with a pre-session cookie; enrolls there when the company requires 2FA.
 * - GET /v1/session/lista, DELETE /v1/session/lista/{id} (one), DELETE /v1/session/lista (all but this one).
 * Wrong codes at sign-in count toward the account lock (the known device's own, seguranca/dispositivos.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { MSG } from '../../domain/messages';
import { isAdmin } from '../../domain/permissions';
import { codigoBodySchema, desativarBodySchema, isTotpCode, MSG_2FA, type SessaoItem } from '../../domain/seguranca';
import { id } from '../../domain/schemas/common';
import type { Db } from '../db/client';
import { rateLimits, sessions, users } from '../db/schema';
import { badRequest, conflict, forbidden, HttpError, notFound, tooMany, unauthorized } from '../regras/http-errors';
import { createSession, revokeSessionById, revokeUserSessions, SESSION_COOKIE, setSessionCookie, type SessionUser } from '../plugins/auth';
import { presentItems } from '../resources/records';
import { usersResource } from '../resources/users';
import { ACAO, audit } from '../regras/auditoria';
import type { ServerKeys } from '../seguranca/chave';
import { getCompany } from '../regras/company';
import {
  clearPreSession,
  issueDeviceCookie,
  issuePreSession,
  knownDevice,
  lockKey,
  preSessionMatches,
  readPreSession,
} from '../seguranca/dispositivos';
import { nomeDoNavegador } from '../seguranca/navegador';
import { clearLoginFailures, isLoginLocked, limitPerAddress, lockedNow, loginKey, recordLoginFailure } from '../seguranca/rate-limit';
import {
  acceptTotp,
  consumeRecoveryCode,
  decryptSecret,
  encryptSecret,
  matchStep,
  newEnrollment,
  newRecoveryCodes,
} from '../seguranca/totp';

const BODY_LIMIT = 10_000;

/**
 * A sign-in step's route options (POST /v1/session and its second factor): public, a small body,
 * and the one per-address limit both steps count against.
 */
export const signInStepOptions = <S>(db: Db, schema: S) => ({
  schema,
  config: { access: 'public' as const },
  bodyLimit: BODY_LIMIT,
  onRequest: limitPerAddress(db, 'login-ip', 100),
});
/** The two enrollment steps' route options (the QR code, then its confirming code): the user's own, a small body. */
const enrollmentStepOptions = <S>(schema: S) => ({ schema, config: { access: 'own' as const }, bodyLimit: BODY_LIMIT });
const idParams = z.object({ id: id() });
/** Wrong codes when turning one's own 2FA off: the same limits as the sign-in's, on a counter of their own. */
const disableKey = (userId: number) => `totp-desativar:user:${userId}`;

/**
 * A user's row as its own reply presents it: the 2FA flag (the users resource's embed) from the row
 * itself, which holds the secret, so presenting it costs no second read.
 */
export const selfRow = (user: SessionUser) => ({ ...user, doisFatores: Boolean(user.totpSecret) });

export const exigir2fa = async (db: Db) => Boolean((await getCompany(db)).integrations.seguranca?.exigir2fa);

/** The user whose second factor is in play: enabled (a secret) or not. */
const totpEnabled = (user: Pick<SessionUser, 'totpSecret'>) => Boolean(user.totpSecret);

/**
 * The password was right: either the session now, or the second step (202 and a pre-session
 * cookie), enrolling there when the company requires 2FA of a user who has none.
 */
export async function afterPassword(
  db: Db,
  keys: ServerKeys,
  request: FastifyRequest,
  reply: FastifyReply,
  user: SessionUser,
  failures: { key: string; counted: boolean },
  present: (user: SessionUser) => Promise<unknown>,
) {
  if (totpEnabled(user)) {
    issuePreSession(keys, request, reply, user);
    reply.code(202);
    return { segundoFator: true };
  }
  if (await exigir2fa(db)) {
    const enrollment = await newEnrollment(user.email || user.login);
    await db
      .update(users)
      .set({ totpPendente: encryptSecret(keys, enrollment.secret) })
      .where(eq(users.id, user.id));
    issuePreSession(keys, request, reply, user);
    reply.code(202);
    return { segundoFator: true, cadastrar: true, otpauthUrl: enrollment.otpauthUrl, qr: enrollment.qr, segredo: enrollment.secret };
  }
  // A count to reset only when there is one (most sign-ins have none): no statement for nothing.
  if (failures.counted) await clearLoginFailures(db, failures.key);
  await openSession(db, keys, request, reply, user.id);
  return present(user);
}

async function openSession(db: Db, keys: ServerKeys, request: FastifyRequest, reply: FastifyReply, userId: number) {
  const { token, expiresAt } = await createSession(db, userId, request.headers['user-agent'] ?? '', request.ip);
  setSessionCookie(reply, request, token, expiresAt);
  issueDeviceCookie(keys, request, reply, userId);
}

/** A code against the user's secret (TOTP) or recovery codes: the user's row once accepted (and used up), else null. */
async function checkCode(db: Db, keys: ServerKeys, user: SessionUser, codigo: string): Promise<SessionUser | null> {
  if (!user.totpSecret) return null;
  if (isTotpCode(codigo)) return acceptTotp(db, user.id, decryptSecret(keys, user.totpSecret), codigo);
  return consumeRecoveryCode(db, keys, user.id, codigo);
}

export function registerSegurancaRoutes(app: FastifyInstance, db: Db, keys: ServerKeys) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sessão'];
  const presentSelf = async (request: FastifyRequest, user: SessionUser) =>
    (await presentItems(usersResource, [selfRow(user)], { db, request, user, effects: app.effects }, true))[0];
  const readUser = async (userId: number) => (await db.select().from(users).where(eq(users.id, userId)).limit(1))[0];
  /** The user and the state of a failed sign-ins counter, in one statement (the second step's first read). */
  const readUserAndLock = async (userId: number, key: string) => {
    const [row] = await db
      .select({ user: users, lockedUntil: rateLimits.lockedUntil, counted: sql<boolean>`(${rateLimits.key} IS NOT NULL)` })
      .from(users)
      .leftJoin(rateLimits, eq(rateLimits.key, key))
      .where(eq(users.id, userId))
      .limit(1);
    return row;
  };

  r.post(
    '/v1/users/:id/2fa',
    enrollmentStepOptions({ tags, summary: 'Gera o QR code da verificação em duas etapas (o próprio usuário)', params: idParams }),
    async (request) => {
      const user = request.user!;
      if (totpEnabled(user)) throw conflict(MSG_2FA.jaAtivo);
      const enrollment = await newEnrollment(user.email || user.login);
      await db
        .update(users)
        .set({ totpPendente: encryptSecret(keys, enrollment.secret) })
        .where(eq(users.id, user.id));
      app.sessionCache.evictUser(user.id);
      return { otpauthUrl: enrollment.otpauthUrl, qr: enrollment.qr, segredo: enrollment.secret };
    },
  );

  r.post(
    '/v1/users/:id/2fa/confirmar',
    enrollmentStepOptions({
      tags,
      summary: 'Confirma o código e ativa a verificação em duas etapas',
      params: idParams,
      body: codigoBodySchema,
    }),
    async (request) => {
      const user = (await readUser(request.user!.id))!;
      if (totpEnabled(user)) throw conflict(MSG_2FA.jaAtivo);
      if (!user.totpPendente) throw conflict(MSG_2FA.semCadastro);
      const codigosRecuperacao = await confirmEnrollment(user, request.body.codigo);
      app.sessionCache.evictUser(user.id);
      return { codigosRecuperacao };
    },
  );

  /** Moves the pending secret to the active one when the code matches it; the recovery codes, shown once. */
  async function confirmEnrollment(user: SessionUser, codigo: string): Promise<string[]> {
    const badCode = () => badRequest(MSG_2FA.codigoInvalido, { codigo: MSG_2FA.codigoInvalido });
    if (!isTotpCode(codigo)) throw badCode();
    const secret = decryptSecret(keys, user.totpPendente!);
    const step = matchStep(secret, codigo);
    if (step === null) throw badCode();
    const { codes, hashes } = newRecoveryCodes(keys);
    const updated = await db
      .update(users)
      .set({ totpSecret: user.totpPendente, totpPendente: null, totpUltimoPasso: step, codigosRecuperacao: hashes })
      .where(and(eq(users.id, user.id), eq(users.totpPendente, user.totpPendente!)))
      .returning({ id: users.id });
    if (!updated.length) throw conflict(MSG_2FA.semCadastro);
    return codes;
  }

  r.delete(
    '/v1/users/:id/2fa',
    {
      schema: {
        tags,
        summary: 'Desativa a verificação em duas etapas (com um código) ou a redefine (administrador)',
        params: idParams,
        body: desativarBodySchema,
      },
      config: { access: 'self' },
      bodyLimit: BODY_LIMIT,
    },
    async (request) => {
      const caller = request.user!;
      const target = await readUser(request.params.id);
      if (!target) throw notFound();
      if (!totpEnabled(target) && !target.totpPendente) throw conflict(MSG_2FA.naoAtivo);
      const own = target.id === caller.id;
      if (own) {
        // One's own: a code proves it is the person, not a borrowed session.
        const key = disableKey(target.id);
        if (await isLoginLocked(db, key)) throw tooMany(MSG.accountLocked);
        const codigo = request.body.codigo;
        if (totpEnabled(target) && (!codigo || !(await checkCode(db, keys, target, codigo)))) {
          await recordLoginFailure(db, key);
          const message = codigo ? MSG_2FA.codigoInvalido : MSG_2FA.codigoObrigatorio;
          throw badRequest(message, { codigo: message });
        }
        await clearLoginFailures(db, key);
      } else if (!isAdmin(caller)) {
        throw forbidden();
      }
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ totpSecret: null, totpPendente: null, totpUltimoPasso: null, codigosRecuperacao: [] })
          .where(eq(users.id, target.id));
        if (!own)
          await audit(tx, {
            acao: ACAO.seguranca,
            user: caller,
            descricao: `Verificação em duas etapas de ${target.name || target.login} (#${target.id}) redefinida`,
            resultado: 'ok',
          });
      });
      app.sessionCache.evictUser(target.id);
      return { message: own ? MSG_2FA.desativada : MSG_2FA.redefinida };
    },
  );

  r.post(
    '/v1/session/segundo-fator',
    signInStepOptions(db, { tags, summary: 'Segunda etapa do login: código do aplicativo ou de recuperação', body: codigoBodySchema }),
    async (request, reply) => {
      const pre = readPreSession(keys, request);
      // The counter that applies is known from the cookies alone (the account, this browser's device
      // cookie): read with the user, in one statement.
      const key = pre ? lockKey(loginKey(pre.userId, ''), pre.userId, knownDevice(keys, request, pre.userId)) : '';
      const found = pre ? await readUserAndLock(pre.userId, key) : undefined;
      if (!pre || !found || !preSessionMatches(pre.fingerprint, found.user.passwordHash)) {
        clearPreSession(reply);
        throw unauthorized(MSG_2FA.preSessaoExpirada);
      }
      const user = found.user;
      if (user.bloqueado) throw forbidden(MSG.userBlocked);
      if (lockedNow(found.lockedUntil)) throw tooMany(MSG.accountLocked);
      const { codigo } = request.body;
      let codigosRecuperacao: string[] | undefined;
      // The user's row after the code was used up (the reply's): the accepting statement returns it.
      let signedIn: SessionUser | null;
      if (totpEnabled(user)) {
        signedIn = await checkCode(db, keys, user, codigo);
        if (!signedIn) {
          await recordLoginFailure(db, key);
          throw new HttpError(401, MSG_2FA.codigoInvalido, { codigo: MSG_2FA.codigoInvalido });
        }
      } else if (user.totpPendente) {
        // Enrollment the company requires: the code confirms the secret the 202 showed.
        try {
          codigosRecuperacao = await confirmEnrollment(user, codigo);
        } catch (error) {
          await recordLoginFailure(db, key);
          throw error;
        }
        signedIn = (await readUser(user.id))!;
      } else {
        clearPreSession(reply);
        throw unauthorized(MSG_2FA.preSessaoExpirada);
      }
      if (found.counted) await clearLoginFailures(db, key);
      clearPreSession(reply);
      await openSession(db, keys, request, reply, user.id);
      return { ...(await presentSelf(request, signedIn)), ...(codigosRecuperacao ? { codigosRecuperacao } : {}) };
    },
  );

  r.get(
    '/v1/session/lista',
    { schema: { tags, summary: 'As sessões abertas do usuário' }, config: { access: 'sessao' } },
    async (request) => {
      const rows = await db
        .select({
          id: sessions.id,
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
          endereco: sessions.endereco,
          userAgent: sessions.userAgent,
        })
        .from(sessions)
        .where(eq(sessions.userId, request.user!.id))
        .orderBy(asc(sessions.id));
      const Items: SessaoItem[] = rows
        .map((row) => ({
          id: row.id,
          criada: row.createdAt.toISOString(),
          ultimoUso: row.lastSeenAt.toISOString(),
          endereco: row.endereco,
          navegador: nomeDoNavegador(row.userAgent),
          atual: row.id === request.sessionId,
        }))
        .sort((a, b) => Number(b.atual) - Number(a.atual) || b.ultimoUso.localeCompare(a.ultimoUso));
      return { Items, meta: { total: Items.length } };
    },
  );

  r.delete(
    '/v1/session/lista/:id',
    { schema: { tags, summary: 'Encerra uma das próprias sessões', params: idParams }, config: { access: 'sessao' } },
    async (request) => {
      // This browser's own session ends by Sair (DELETE /v1/session), which also clears its cookie.
      if (request.params.id === request.sessionId) throw conflict(MSG_2FA.sessaoAtual);
      if (!(await revokeSessionById(db, app.sessionCache, request.user!.id, request.params.id)))
        throw notFound(MSG_2FA.sessaoNaoEncontrada);
      return { message: MSG_2FA.sessaoEncerrada };
    },
  );

  r.delete(
    '/v1/session/lista',
    { schema: { tags, summary: 'Encerra as outras sessões (mantém esta)' }, config: { access: 'sessao' } },
    async (request) => {
      await revokeUserSessions(db, request.user!.id, request.cookies[SESSION_COOKIE]);
      app.sessionCache.evictUser(request.user!.id);
      return { message: MSG_2FA.outrasEncerradas };
    },
  );
}
