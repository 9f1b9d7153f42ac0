/** The payment page's call (DESIGN 10), without credentials: a staff cookie in the same browser is never sent. */
import { apiFetch } from '../../dataProvider/http';
import type { CobrancaPublica } from './types';

export const loadCobrancaPublica = (token: string) =>
  apiFetch<CobrancaPublica>(`/v1/static/cobranca/${encodeURIComponent(token)}`, { credentials: 'omit' });
