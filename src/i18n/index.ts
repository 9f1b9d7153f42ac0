import type { TranslationMessages } from 'ra-core';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { ptBR } from './pt-BR';

export const i18nProvider = polyglotI18nProvider(() => ptBR as unknown as TranslationMessages, 'pt-BR', [
  { locale: 'pt-BR', name: 'Português' },
]);
