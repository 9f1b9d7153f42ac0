/**
 * Users (SPEC 2.16, DESIGN sections 5 and 6): administrators manage everyone; a Usuario reads
 * and edits only itself (its profile: access `self`). Passwords are write-only; user 1 cannot be
 * removed, blocked or demoted; blocking revokes the user's sessions; logins and e-mails are one
 * namespace. Company settings travel inside the user object (DESIGN 4) and save whatever state
 * the saver's own profile is in: the profile's rules apply when the profile changes.
 */
import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ACESSO, USER_STATUS } from '../../domain/constants';
import { MSG } from '../../domain/messages';
import { isAdmin, isTecnico } from '../../domain/permissions';
import {
  PROFILE_FIELDS,
  userCreateSchema,
  userProfileSchema,
  userUpdateBodySchema,
  type UserCreate,
  type UserUpdateBody,
} from '../../domain/schemas/users';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';
import { badRequest, conflict, forbidden } from '../regras/http-errors';
import { issuesToErrors } from '../plugins/errors';
import { revokeUserSessions, SESSION_COOKIE, type SessionUser } from '../plugins/auth';
import { getCompany, maskSecrets, mergeCompany, saveCompany } from '../regras/company';
import { hashPassword, randomToken } from '../regras/passwords';
import { traccarSettingsSaved } from '../frota/traccar-sync';
import { gatewaySettingsSaved } from '../cobrancas/gateway';
import { atendimentoSettingsSaved } from '../atendimento/configuracao';
import { publicOrigin } from '../regras/public-url';
import { defineResource, type RequestContext } from './definition';
import type { Embed } from './embed';

type UserRow = typeof users.$inferSelect;

/** `doisFatores`: true when the user's TOTP is on; read by the list's page query, or once for single reads. */
const doisFatoresEmbed: Embed = {
  name: 'doisFatores',
  table: 'users',
  listColumn: sql`(${users.totpSecret} IS NOT NULL)`,
  async fill(db, rows) {
    const ids = rows.map((row) => Number(row.id));
    const found = ids.length
      ? await db
          .select({ id: users.id, on: sql<boolean>`${users.totpSecret} IS NOT NULL` })
          .from(users)
          .where(inArray(users.id, ids))
      : [];
    const on = new Map(found.map((row) => [row.id, row.on]));
    for (const row of rows) row.doisFatores = on.get(Number(row.id)) ?? false;
  },
};
type UserProfile = z.infer<typeof userProfileSchema>;
const PROTECTED_USER_ID = 1;
/** Serializes the logins-and-e-mails namespace check across transactions and processes. */
const IDENTITY_LOCK = 727276;

/** Company settings travel inside the user object; only administrators may change them. */
async function applyCompanyPatch(input: Pick<UserUpdateBody, 'dadosempresa' | 'integrations'>, ctx: RequestContext, tx: DbOrTx) {
  if (!input.dadosempresa && !input.integrations) return;
  const current = await getCompany(tx);
  const { next, changed } = mergeCompany(current, { dadosempresa: input.dadosempresa, integrations: input.integrations });
  if (!changed) return;
  if (!isAdmin(ctx.user)) throw forbidden(MSG.secretForbidden);
  await saveCompany(tx, next);
  // Traccar turned on or moved: the registry is synced to it (frota/traccar-sync.ts).
  await traccarSettingsSaved(tx, ctx.effects.queue, current, next);
  // The gateway turned on or its key changed: its syncs waiting for a retry go now (cobrancas/gateway.ts).
  await gatewaySettingsSaved(tx, ctx.effects.queue, current, next);
  // The atendimento or WhatsApp changed: Evolution's webhook is set again (atendimento/configuracao.ts).
  await atendimentoSettingsSaved(tx, ctx.effects.queue, current, next, {
    origin: publicOrigin() || `${ctx.request.protocol}://${ctx.request.host}`,
    userId: ctx.user.id,
  });
}

/**
 * Logins and e-mails are one namespace (DESIGN 6): no user's login or e-mail may equal another
 * user's login or e-mail, whatever the case. The unique indexes cover same-column duplicates; the
 * cross-column ones are checked under a transaction lock so two writes cannot both pass.
 */
async function assertIdentityFree(tx: DbOrTx, identity: { email: string; login: string }, selfId?: number) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${IDENTITY_LOCK})`);
  const names = [identity.email.toLowerCase(), identity.login.toLowerCase()];
  const others = await tx
    .select({ email: users.email, login: users.login })
    .from(users)
    .where(
      and(
        selfId === undefined ? undefined : ne(users.id, selfId),
        or(sql`lower(${users.email}) IN (${names[0]}, ${names[1]})`, sql`lower(${users.login}) IN (${names[0]}, ${names[1]})`),
      ),
    );
  const taken = (name: string) => others.some((o) => o.email.toLowerCase() === name || o.login.toLowerCase() === name);
  const errors: Record<string, string> = {};
  if (taken(names[0])) errors.email = others.some((o) => o.email.toLowerCase() === names[0]) ? MSG.emailTaken : MSG.emailIsLogin;
  if (taken(names[1])) errors.login = others.some((o) => o.login.toLowerCase() === names[1]) ? MSG.loginTaken : MSG.loginIsEmail;
  const first = Object.values(errors)[0];
  if (first) throw conflict(first, errors);
}

/** JSON with object keys sorted: jsonb hands `attributes` back in its own key order. */
const stable = (value: unknown): string =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? `{${Object.keys(value)
        .sort()
        .map((key) => `${JSON.stringify(key)}:${stable((value as Record<string, unknown>)[key])}`)
        .join(',')}}`
    : JSON.stringify(value ?? null);
const sameValue = (a: unknown, b: unknown) => stable(a) === stable(b);

/**
 * The profile fields a request changes (omitted fields keep their value), checked by the profile's
 * rules (CPF required and valid, and so on). A field the request does not change is not validated
 * again: the first administrator, installed without a CPF, can still be saved, and a settings
 * screen sending the user object back changes nothing.
 */
function nextProfile(input: UserUpdateBody, existing: UserRow): { profile: Partial<UserProfile>; changed: string[] } {
  const merged: Record<string, unknown> = {};
  for (const field of PROFILE_FIELDS) merged[field] = input[field] !== undefined ? input[field] : existing[field];
  const changed = PROFILE_FIELDS.filter((field) => !sameValue(merged[field], existing[field]));
  if (!changed.length) return { profile: {}, changed };
  const pick = Object.fromEntries(changed.map((field) => [field, true])) as Partial<Record<(typeof PROFILE_FIELDS)[number], true>>;
  const checked = userProfileSchema.pick(pick).safeParse(merged);
  if (!checked.success) throw badRequest(MSG.invalidInput, issuesToErrors(checked.error.issues));
  return { profile: checked.data, changed };
}

export const usersResource = defineResource({
  name: 'users',
  table: users,
  access: { list: 'admin', read: 'self', create: 'admin', update: 'self', remove: 'admin' },
  searchFields: (u) => [u.name, u.email, u.login, u.cpf],
  sortable: { id: users.id, name: users.name, email: users.email, login: users.login, acesso: users.acesso, createdAt: users.createdAt },
  status: { values: Object.values(USER_STATUS), where: (status) => eq(users.bloqueado, status === USER_STATUS.BLOQUEADO) },
  hiddenColumns: ['passwordHash', 'totpSecret', 'totpPendente', 'totpUltimoPasso', 'codigosRecuperacao', 'updatedAt'],
  // Whether two-factor sign-in is on (DESIGN 10): a flag, the secret itself never leaves the server.
  embeds: [doisFatoresEmbed],
  // The API's user, here and in the session replies (auth.ts): `nivel` kept equal to `acesso`,
  // status derived from bloqueado; a single read carries the company settings, secrets masked
  // for non-administrators.
  async present(items, ctx, single) {
    // A list's rows are fresh from the driver: completed in place, since copying every row
    // measurably slows the hottest call (bench/README.md).
    for (const item of items)
      Object.assign(item, { nivel: String(item.acesso), status: item.bloqueado ? USER_STATUS.BLOQUEADO : USER_STATUS.ATIVO });
    if (!single) return;
    const company = await getCompany(ctx.db);
    // A técnico sees no settings but the field's own (DESIGN 11: no finance, no settings).
    const integrations = isAdmin(ctx.user)
      ? company.integrations
      : isTecnico(ctx.user)
        ? { campo: company.integrations.campo }
        : maskSecrets(company.integrations);
    Object.assign(items[0], { dadosempresa: company.dadosempresa, integrations });
  },
  create: {
    schema: userCreateSchema,
    async prepare(input: UserCreate, ctx, tx) {
      await assertIdentityFree(tx, input);
      await applyCompanyPatch(input, ctx, tx);
      const { password, dadosempresa: _d, integrations: _i, ...profile } = input;
      return { ...profile, passwordHash: await hashPassword(password), token: randomToken(18) };
    },
  },
  update: {
    schema: userUpdateBodySchema,
    async prepare(input: UserUpdateBody, existing, ctx, tx) {
      const { profile, changed } = nextProfile(input, existing);
      const admin = isAdmin(ctx.user);
      if (!admin && (changed.includes('acesso') || changed.includes('bloqueado'))) throw forbidden();
      const demotes = ('bloqueado' in profile && profile.bloqueado) || ('acesso' in profile && profile.acesso !== ACESSO.ADMIN);
      if (existing.id === PROTECTED_USER_ID && demotes) throw conflict(MSG.userOneProtected);
      if (admin && existing.id === ctx.user.id && demotes) throw conflict(MSG.cannotBlockSelf);
      if (changed.includes('email') || changed.includes('login')) {
        await assertIdentityFree(tx, { email: String(profile.email), login: String(profile.login) }, existing.id);
      }
      await applyCompanyPatch(input, ctx, tx);
      return { ...profile, ...(input.password ? { passwordHash: await hashPassword(input.password) } : {}) };
    },
    async after(saved, existing, ctx, tx) {
      // A blocked user loses every session; a new password ends the other sessions.
      if (saved.bloqueado) await revokeUserSessions(tx, saved.id);
      else if (saved.passwordHash !== existing.passwordHash) await revokeUserSessions(tx, saved.id, ctx.request.cookies[SESSION_COOKIE]);
      // Cached sessions carry the user: drop them here; the database's notification does it everywhere.
      ctx.request.server.sessionCache.evictUser(saved.id);
    },
  },
  remove: {
    guard(existing, ctx) {
      if (existing.id === PROTECTED_USER_ID) throw conflict(MSG.userOneProtected);
      if (existing.id === ctx.user.id) throw conflict(MSG.cannotRemoveSelf);
    },
    after(removed, ctx) {
      ctx.request.server.sessionCache.evictUser(removed.id);
    },
  },
});

export type { SessionUser };
