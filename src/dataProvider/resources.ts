/** react-admin resource name (the URL) → API path under /v1, where they differ. */
const API_PATHS: Record<string, string> = {
  usuarios: 'users',
  rastreadores: 'trackres',
  odensservicos: 'ordensservicos',
};

export const apiPath = (resource: string): string => `/v1/${API_PATHS[resource] ?? resource}`;
