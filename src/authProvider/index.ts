/** Session cookie `Token` (HttpOnly, set by the server) and the two roles of SPEC section 6. */
import type { AuthProvider } from 'ra-core';
import { canAccess as domainCanAccess, isAdmin, isTecnico } from '../../domain/permissions';
import { ACESSO } from '../../domain/constants';
import { apiFetch } from '../dataProvider/http';
import { listUploads } from '../dataProvider/uploads';
import { getSessionUser, setSessionUser, type SessionUser } from './session';
import { isSegundoFator, SegundoFatorRequerido } from './segundoFator';
import type { SegundoFatorReply } from '../../domain/seguranca';

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
  /**
   * `{ username, password }`: the password (throws SegundoFatorRequerido when the second step
   * follows); `{ codigo }`: that step's code; `{ usuario }`: a session the login page already opened
   * (the enrollment at sign-in, whose recovery codes it showed first).
   */
  async login(params: { username?: string; password?: string; codigo?: string; usuario?: SessionUser }) {
    let user: SessionUser;
    if (params.usuario) user = params.usuario;
    else if (params.codigo !== undefined)
      user = await apiFetch<SessionUser>('/v1/session/segundo-fator', { method: 'POST', body: { codigo: params.codigo } });
    else {
      const reply = await apiFetch<SessionUser | SegundoFatorReply>('/v1/session', {
        method: 'POST',
        form: { email: params.username ?? '', password: params.password ?? '' },
      });
      if (isSegundoFator(reply)) throw new SegundoFatorRequerido(reply);
      user = reply;
    }
    setSessionUser(user);
    // A técnico's screen is the phone's /campo (DESIGN 11), never the office's dashboard.
    return { redirectTo: isTecnico(user) ? '/campo' : '/dashboard' };
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
