/**
 * Users (SPEC 2.16, DESIGN sections 5 and 6): administrators manage everyone; a Usuario reads
 * and edits only itself (its profile). Passwords are write-only; user 1 cannot be removed,
 * blocked or demoted; blocking revokes the user's sessions.
 */
import { eq } from 'drizzle-orm';
import { ACESSO } from '../../../domain/constants';
import { MSG } from '../../../domain/messages';
import { userCreateSchema, userUpdateSchema, type UserCreate, type UserUpdate } from '../../../domain/schemas/users';
import { canAccess } from '../../../domain/permissions';
import { users } from '../../db/schema';
import { conflict, forbidden } from '../../http-errors';
import { isAdminUser, revokeUserSessions, SESSION_COOKIE } from '../../plugins/auth';
import { getCompany, maskSecrets, mergeCompany, saveCompany, type CompanySettings } from '../../services/company';
import { hashPassword, randomToken } from '../../services/passwords';
import type { DbOrTx } from '../../db/client';
import type { RequestContext, ResourceDefinition } from '../../resources/crud';

type UserRow = typeof users.$inferSelect;
const PROTECTED_USER_ID = 1;

/** The API's user: no password hash, `nivel` kept equal to `acesso`, status derived from bloqueado. */
export function presentUser(row: Partial<UserRow>, company?: CompanySettings, viewerIsAdmin = false) {
  const { passwordHash: _hidden, busca: _busca, updatedAt: _updated, ...visible } = row;
  return {
    ...visible,
    nivel: String(row.acesso),
    status: row.bloqueado ? 1 : 0,
    ...(company
      ? { dadosempresa: company.dadosempresa, integrations: viewerIsAdmin ? company.integrations : maskSecrets(company.integrations) }
      : {}),
  };
}

function assertMayTouch(id: number, ctx: RequestContext, action: 'show' | 'edit') {
  if (!canAccess(ctx.user.acesso, { action, resource: 'users', recordId: id, selfId: ctx.user.id })) throw forbidden();
}

/** Company settings travel inside the user object; only administrators may change them. */
async function applyCompanyPatch(input: UserUpdate | UserCreate, ctx: RequestContext, tx: DbOrTx) {
  if (!input.dadosempresa && !input.integrations) return;
  const current = await getCompany(tx);
  const { next, changed } = mergeCompany(current, { dadosempresa: input.dadosempresa, integrations: input.integrations });
  if (!changed) return;
  if (!isAdminUser(ctx.user)) throw forbidden(MSG.secretForbidden);
  await saveCompany(tx, next);
}

function profileFields(input: UserCreate | UserUpdate) {
  const { password: _p, dadosempresa: _d, integrations: _i, ...fields } = input;
  return fields;
}

export const usersResource: ResourceDefinition<UserCreate, UserUpdate> = {
  name: 'users',
  table: users,
  access: { list: 'admin', read: 'user', write: 'user', create: 'admin', remove: 'admin' },
  searchFields: (u) => [u.name, u.email, u.login, u.cpf],
  sortable: { id: users.id, name: users.name, email: users.email, login: users.login, acesso: users.acesso, createdAt: users.createdAt },
  status: (status) => eq(users.bloqueado, status === 1),
  canRead: (id, ctx) => assertMayTouch(id, ctx, 'show'),
  hiddenColumns: ['passwordHash', 'updatedAt'],
  async present(rows, ctx, single) {
    if (!single) {
      // A list's rows are fresh from the driver and already without secrets: completed in place,
      // since copying every row measurably slows the hottest call (bench/README.md).
      for (const row of rows) Object.assign(row, { nivel: String(row.acesso), status: row.bloqueado ? 1 : 0 });
      return rows;
    }
    return [presentUser(rows[0] as UserRow, await getCompany(ctx.db), isAdminUser(ctx.user))];
  },
  create: {
    schema: userCreateSchema,
    async prepare(input, ctx, tx) {
      await applyCompanyPatch(input, ctx, tx);
      return { ...profileFields(input), passwordHash: await hashPassword(input.password), token: randomToken(18) };
    },
  },
  update: {
    schema: userUpdateSchema,
    async prepare(input, existing, ctx, tx) {
      assertMayTouch(existing.id, ctx, 'edit');
      const admin = isAdminUser(ctx.user);
      const demotes = input.bloqueado || input.acesso !== ACESSO.ADMIN;
      if (!admin && (input.acesso !== existing.acesso || input.bloqueado !== existing.bloqueado)) throw forbidden();
      if (existing.id === PROTECTED_USER_ID && demotes) throw conflict(MSG.userOneProtected);
      if (admin && existing.id === ctx.user.id && demotes) throw conflict(MSG.cannotBlockSelf);
      await applyCompanyPatch(input, ctx, tx);
      return { ...profileFields(input), ...(input.password ? { passwordHash: await hashPassword(input.password) } : {}) };
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
      if (existing.id === ctx.user.id) throw conflict('Você não pode remover a si mesmo.');
    },
    after(removed, ctx) {
      ctx.request.server.sessionCache.evictUser(removed.id);
    },
  },
};
