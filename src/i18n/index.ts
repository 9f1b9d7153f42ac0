import type { TranslationMessages } from 'ra-core';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { frotaMessages } from './resources/frota';
import { deepMerge, ptBR } from './pt-BR';

/** The signed-in app's catalogue: pt-BR.ts (shared with the pages before sign-in) and the texts only the app shows. */
export const appCatalogue = deepMerge(ptBR, frotaMessages);

export const i18nProvider = polyglotI18nProvider(() => appCatalogue as unknown as TranslationMessages, 'pt-BR', [
  { locale: 'pt-BR', name: 'Português' },
]);
