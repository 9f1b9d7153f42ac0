import polyglotI18nProvider from 'ra-i18n-polyglot';
import { ptBR } from './pt-BR';

export const i18nProvider = polyglotI18nProvider(() => ptBR, 'pt-BR', [{ locale: 'pt-BR', name: 'Português' }]);
