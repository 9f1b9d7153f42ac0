/**
 * What the pages outside react-admin ask of polyglot, over a catalogue they choose: a key's text, or
 * the `_` default (a server's message), with its `%{name}` tokens filled in; a `smart_count` of 1
 * picks the singular of 'one |||| many', any other the plural (polyglot's rule for 'pt-BR', which it
 * reads as 'pt'). The public pages read the whole pt-BR catalogue (i18n.ts); /campo only its own
 * texts (src/campo/i18n.ts), so its first paint does not carry the office's.
 */
export type Messages = { [key: string]: string | Messages };

export function tradutor(catalogo: object) {
  const lookup = (key: string): string | undefined => {
    let node: string | Messages | undefined = catalogo as Messages;
    for (const part of key.split('.')) {
      if (typeof node !== 'object') return undefined;
      node = node[part];
    }
    return typeof node === 'string' ? node : undefined;
  };
  return function translate(key: string, options: Record<string, unknown> = {}): string {
    let phrase = lookup(key) ?? (typeof options._ === 'string' ? options._ : key);
    if (options.smart_count != null && phrase.includes('||||')) {
      const forms = phrase.split('||||').map((form) => form.trim());
      phrase = forms[Number(options.smart_count) !== 1 ? 1 : 0] ?? forms[0];
    }
    return phrase.replace(/%\{(.*?)\}/g, (token, name: string) => (options[name] == null ? token : String(options[name])));
  };
}
