/**
 * /campo's texts (src/i18n/custom-pages/campo.ts, also in the app's catalogue): only these, so the
 * phone's first paint does not carry the office's catalogue. The order's page adds the fleet's
 * validation texts (ValidacaoCampo.tsx).
 */
import { campoMessages } from '../i18n/custom-pages/campo';
import { tradutor } from '../public/traduzir';

export const translate = tradutor(campoMessages);
