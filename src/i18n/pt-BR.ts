/**
 * The pt-BR catalogue: ra-language-portuguese, completed with the keys it lacks, plus our own
 * texts. No English fallback: tests/unit/i18n.test.ts checks every ra-language-english key.
 */
import portugueseMessages from 'ra-language-portuguese';
import { appMessages } from './app';
import { estoqueMessages } from './estoque';
import { raCompletions } from './raCompletions';

type Messages = { [key: string]: string | Messages };

export function deepMerge(...sources: Messages[]): Messages {
  const out: Messages = {};
  for (const source of sources) {
    for (const [key, value] of Object.entries(source)) {
      const current = out[key];
      out[key] = typeof value === 'object' && value !== null ? deepMerge(typeof current === 'object' ? current : {}, value) : value;
    }
  }
  return out;
}

/** Wording corrections over ra-language-portuguese (Brazilian usage, DESIGN section 9). */
const overrides = {
  ra: {
    action: { create: 'Novo', delete: 'Remover', search: 'Pesquisar' },
    auth: { username: 'Login ou e-mail' },
    input: { references: { all_missing: 'Não foi possível encontrar os dados das referências.' } },
    message: { invalid_form: 'O formulário tem erros. Corrija os campos destacados.' },
    navigation: { no_more_results: 'A página número %{page} está fora dos limites. Tente a página anterior.' },
  },
};

export const ptBR = deepMerge(
  portugueseMessages as unknown as Messages,
  raCompletions as Messages,
  overrides as Messages,
  appMessages as unknown as Messages,
  estoqueMessages as unknown as Messages,
);
export default ptBR;
