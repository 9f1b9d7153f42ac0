/**
 * The browser's message when the server cannot be reached (MSG.networkError): a module of its own,
 * so the fetch wrapper every entry loads first (src/dataProvider/http.ts) does not carry every
 * message of messages.ts (5 KB gzipped on /campo's and /login's first paint).
 */
export const NETWORK_ERROR = 'Não foi possível falar com o servidor. Verifique sua conexão e tente novamente.';
