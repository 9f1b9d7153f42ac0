/**
 * Who may do what (SPEC section 6, DESIGN section 6), as one pure function used by the
 * authProvider, the menu and the server's guards.
 */
import { ACESSO } from './constants';

export type Action = 'list' | 'show' | 'create' | 'edit' | 'delete' | 'access';
export interface AccessRequest {
  action: Action | string;
  resource: string;
  /** For record-level checks: the record's id and the caller's own id. */
  recordId?: number | string;
  selfId?: number | string;
}

/** Resources only administrators reach (the Configurações group). */
export const ADMIN_ONLY_RESOURCES = new Set(['usuarios', 'users', 'notificacoes', 'configuracoes']);

export function isAdmin(user: { acesso?: unknown; nivel?: unknown } | null | undefined): boolean {
  if (!user) return false;
  // The two readings of the SPEC: nivel === '1' or acesso === 1 (DESIGN section 4 accepts either).
  return Number(user.acesso) === ACESSO.ADMIN || String(user.nivel) === String(ACESSO.ADMIN);
}

/** A técnico (acesso 3): the field's calls only (DESIGN 11, "The técnico's phone"). */
export function isTecnico(user: { acesso?: unknown; nivel?: unknown } | null | undefined): boolean {
  if (!user) return false;
  return Number(user.acesso) === ACESSO.TECNICO || String(user.nivel) === String(ACESSO.TECNICO);
}

/** Staff: an administrator or a Usuario, who run the office (every route declared `user`). */
export function isStaff(user: { acesso?: unknown; nivel?: unknown } | null | undefined): boolean {
  if (!user) return false;
  return isAdmin(user) || Number(user.acesso) === ACESSO.USUARIO;
}

export function canAccess(role: number | undefined | null, request: AccessRequest): boolean {
  if (role !== ACESSO.ADMIN && role !== ACESSO.USUARIO) return false;
  if (role === ACESSO.ADMIN) return true;
  if (!ADMIN_ONLY_RESOURCES.has(request.resource)) return true;
  // A Usuario may read and edit their own user record (the profile), nothing else there.
  const own = request.recordId !== undefined && request.selfId !== undefined && String(request.recordId) === String(request.selfId);
  return own && (request.action === 'show' || request.action === 'edit');
}
