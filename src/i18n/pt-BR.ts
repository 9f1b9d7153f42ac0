/**
 * The pt-BR catalogue: ra-language-portuguese, completed with the keys it lacks, plus our own
 * texts: the shell's (app.ts), one file per resource (resources/) and per custom page
 * (custom-pages/), as react-admin's demo keeps its `resources.<name>` blocks. No English fallback:
 * tests/unit/i18n.test.ts checks every ra-language-english key.
 */
import portugueseMessages from 'ra-language-portuguese';
import { appMessages } from './app';
import { atendimentoMessages } from './custom-pages/atendimento';
import { auditoriaMessages } from './custom-pages/auditoria';
import { campoMessages } from './custom-pages/campo';
import { dashboardMessages } from './custom-pages/dashboard';
import { estoqueMessages } from './custom-pages/estoque';
import { financeiroMessages } from './custom-pages/financeiro';
import { integracoesMessages } from './custom-pages/integracoes';
import { loginMessages } from './custom-pages/login';
import { mensagensMessages } from './custom-pages/mensagens';
import { notificacoesMessages } from './custom-pages/notificacoes';
import { precadastroMessages } from './custom-pages/precadastro';
import { profileMessages } from './custom-pages/profile';
import { segurancaMessages } from './custom-pages/seguranca';
import { reajustesMessages } from './custom-pages/reajustes';
import { raCompletions } from './raCompletions';
import { assinaturasMessages } from './resources/assinaturas';
import { chipsMessages } from './resources/chips';
import { clientesMessages } from './resources/clientes';
import { cobrancasMessages } from './resources/cobrancas';
import { contratosMessages } from './resources/contratos';
import { ordensservicosMessages } from './resources/ordensservicos';
import { planosMessages } from './resources/planos';
import { rastreadoresMessages } from './resources/rastreadores';
import { usuariosMessages } from './resources/usuarios';
import { veiculosMessages } from './resources/veiculos';

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

/** Our texts, in the menu's order; the fleet's are the signed-in app's only (index.ts). */
const ours = [
  appMessages,
  dashboardMessages,
  clientesMessages,
  veiculosMessages,
  ordensservicosMessages,
  financeiroMessages,
  planosMessages,
  contratosMessages,
  reajustesMessages,
  assinaturasMessages,
  cobrancasMessages,
  mensagensMessages,
  atendimentoMessages,
  chipsMessages,
  rastreadoresMessages,
  estoqueMessages,
  integracoesMessages,
  usuariosMessages,
  notificacoesMessages,
  auditoriaMessages,
  segurancaMessages,
  profileMessages,
  loginMessages,
  precadastroMessages,
  campoMessages,
];

export const ptBR = deepMerge(
  portugueseMessages as unknown as Messages,
  raCompletions as Messages,
  overrides as Messages,
  ...(ours as unknown as Messages[]),
);
export default ptBR;
