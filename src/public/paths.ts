/**
 * The paths the public entry (PublicApp.tsx) serves while the signed-in app has not been loaded:
 * a module of its own, so src/main.tsx decides which entry to load without loading any of them.
 */
export const PUBLIC_PATHS = ['/login', '/install', '/precadastro'];
/** Public pages with a token in the path. */
const PUBLIC_PREFIXES = ['/static/contrato/', '/static/localizacao/'];
export const isPublicPath = (pathname: string) =>
  PUBLIC_PATHS.some((path) => pathname === path || pathname === `${path}/`) ||
  PUBLIC_PREFIXES.some((prefix) => pathname.startsWith(prefix) && pathname.length > prefix.length);
