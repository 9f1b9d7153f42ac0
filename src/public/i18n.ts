/**
 * The i18nProvider of the pages before sign-in: the same pt-BR catalogue as the app, read without
 * node-polyglot (which brings polyfills worth more than these pages' own code). It does what those
 * pages ask of polyglot: a key's text, or the `_` default (a server's message), with its `%{name}`
 * tokens filled in; a `smart_count` of 1 picks the singular of 'one |||| many', any other the
 * plural (polyglot's rule for the locale 'pt-BR', which it reads as 'pt').
 */
import type { I18nProvider } from 'ra-core';
import { ptBR } from '../i18n/pt-BR';
import { tradutor } from './traduzir';

/** A key's text in the whole pt-BR catalogue (traduzir.ts does the lookup and the tokens). */
export const translate = tradutor(ptBR);

export const publicI18nProvider: I18nProvider = {
  translate,
  changeLocale: () => Promise.resolve(),
  getLocale: () => 'pt-BR',
  getLocales: () => [{ locale: 'pt-BR', name: 'Português' }],
};
