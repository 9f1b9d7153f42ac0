/** Session cookie `Token` (HttpOnly, set by the server) and the two roles of SPEC section 6. */
import type { AuthProvider } from 'ra-core';
import { canAccess as domainCanAccess, isAdmin } from '../../domain/permissions';
import { ACESSO } from '../../domain/constants';
import { apiFetch } from '../dataProvider/http';
import { listUploads } from '../dataProvider/uploads';
import { getSessionUser, setSessionUser, type SessionUser } from './session';

export { getSessionUser, setSessionUser, type SessionUser } from './session';

let pending: Promise<SessionUser> | null = null;

/** GET /v1/session once; concurrent callers share the request. */
function loadSession(): Promise<SessionUser> {
  const cached = getSessionUser();
  if (cached) return Promise.resolve(cached);
  pending ??= apiFetch<SessionUser>('/v1/session')
    .then((user) => {
      setSessionUser(user);
      return user;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

export const roleOf = (user: SessionUser | null | undefined): number | undefined =>
  !user
    ? undefined
    : isAdmin(user)
      ? ACESSO.ADMIN
      : Number(user.acesso) === ACESSO.USUARIO || user.nivel === '2'
        ? ACESSO.USUARIO
        : undefined;

export const authProvider: AuthProvider = {
  async login({ username, password }: { username: string; password: string }) {
    const user = await apiFetch<SessionUser>('/v1/session', {
      method: 'POST',
      form: { email: username, password },
    });
    setSessionUser(user);
    return { redirectTo: '/dashboard' };
  },

  async logout() {
    const hadUser = getSessionUser() !== null;
    setSessionUser(null);
    if (hadUser) await apiFetch('/v1/session', { method: 'DELETE' }).catch(() => undefined);
    return '/login';
  },

  async checkAuth() {
    await loadSession();
  },

  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      setSessionUser(null);
      throw error;
    }
  },

  async getIdentity() {
    const user = await loadSession();
    // The avatar is the profile photo (documento imgPerfil); without one the top bar shows a placeholder.
    const photo = await listUploads(user.id, 'imgPerfil').catch(() => []);
    return { id: user.id, fullName: user.name, avatar: photo[0]?.base64 };
  },

  async getPermissions() {
    return roleOf(await loadSession());
  },

  async canAccess({ action, resource, record }) {
    const user = await loadSession().catch(() => null);
    return domainCanAccess(roleOf(user), { action, resource, recordId: record?.id, selfId: user?.id });
  },
};
