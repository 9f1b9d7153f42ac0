/** The signed-in user as GET /v1/session returns it, cached for the page's lifetime. */
export interface SessionUser {
  id: number;
  name: string;
  email?: string;
  login?: string;
  acesso?: number;
  nivel?: string;
  [key: string]: unknown;
}

let current: SessionUser | null = null;

export const getSessionUser = () => current;
export const setSessionUser = (user: SessionUser | null) => {
  current = user;
};
