/**
 * The i18nProvider of the pages before sign-in: the same pt-BR catalogue as the app, read without
 * node-polyglot (which brings polyfills worth more than these pages' own code). It does what those
 * pages ask of polyglot: a key's text, or the `_` default (a server's message), with its `%{name}`
 * tokens filled in; a `smart_count` of 1 picks the singular of 'one |||| many', any other the
 * plural (polyglot's rule for the locale 'pt-BR', which it reads as 'pt').
 */
import type { I18nProvider } from 'ra-core';
import { ptBR } from '../i18n/pt-BR';

type Messages = { [key: string]: string | Messages };

function lookup(key: string): string | undefined {
  let node: string | Messages | undefined = ptBR as Messages;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function translate(key: string, options: Record<string, unknown> = {}): string {
  let phrase = lookup(key) ?? (typeof options._ === 'string' ? options._ : key);
  if (options.smart_count != null && phrase.includes('||||')) {
    const forms = phrase.split('||||').map((form) => form.trim());
    phrase = forms[Number(options.smart_count) !== 1 ? 1 : 0] ?? forms[0];
  }
  return phrase.replace(/%\{(.*?)\}/g, (token, name: string) => (options[name] == null ? token : String(options[name])));
}

export const publicI18nProvider: I18nProvider = {
  translate,
  changeLocale: () => Promise.resolve(),
  getLocale: () => 'pt-BR',
  getLocales: () => [{ locale: 'pt-BR', name: 'Português' }],
};
