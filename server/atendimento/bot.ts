/**
 * The bot's decision about one incoming message of a conversation in status `bot` (DESIGN 11):
 * - roubo/furto ("4", or the words) at any step: aguardando + urgente at once, with the emergency
 *   phone, even off-hours, unidentified or blocked;
 * - off-hours with `foraDoHorario: mensagem`: one text, aguardando;
 * - not identified by phone: the CPF/CNPJ, then a plate (or the CEP), 3 tries each, then aguardando;
 * - identified: the menu; 1 segunda via, 2 onde está, 3 funcionando?, 5 atendente; else the menu again.
 * It reads, and returns what to do; the caller (conversas.ts) writes it in the message's transaction.
 */
import { sql } from 'drizzle-orm';
import {
  dentroDoHorario,
  horarioEmPalavras,
  type AtendimentoSettings,
  type ConversaMotivo,
  type ConversaStatus,
} from '../../domain/atendimento';
import { daysBetween } from '../../domain/calendar';
import { clienteNome } from '../../domain/clientes';
import { cobrancaAbertaSql, cobrancaVencida } from '../../domain/cobranca';
import { fillTemplate, valorAtualizado } from '../../domain/financeiro';
import { formatDate, formatMoney, formatNumero } from '../../domain/formatters';
import type { DbOrTx } from '../db/client';
import { companyRates } from '../cobrancas/finance';
import { appTimeZone, appToday } from '../regras/clock';
import type { CompanySettings } from '../regras/company';
import { linkPagamento } from '../regras/public-url';
import { clientePorDocumento, confirmaCliente } from './identificacao';
import { ondeEsta, situacaoDoRastreador } from './veiculo';
import { agendarVisita } from './visita';

export const MAX_TENTATIVAS = 3;

export interface ConversaBot {
  id: number;
  status: ConversaStatus;
  etapa: string;
  tentativas: number;
  idcliente: number | null;
  idclienteDocumento: number | null;
}

export interface Decisao {
  acao: string;
  motivo: string;
  resposta?: string;
  /** What changes in the conversation. */
  mudancas: Partial<{
    status: ConversaStatus;
    motivo: ConversaMotivo | null;
    urgente: boolean;
    etapa: string;
    tentativas: number;
    idcliente: number | null;
    idclienteDocumento: number | null;
  }>;
}

const rows = async <T>(tx: DbOrTx, query: ReturnType<typeof sql>) => ((await tx.execute(query)) as unknown as { rows: T[] }).rows;

const ROUBO = /\b(roub|furt|assalt)/i;
/** A message that speaks of a theft: acted on at once, whatever the step (and never shared with another's reply). */
export const ehRoubo = (texto: string) => ROUBO.test(texto);

export interface ContextoBot {
  tx: DbOrTx;
  company: CompanySettings;
  atendimento: AtendimentoSettings;
  conversa: ConversaBot;
  texto: string;
  agora: Date;
  /** The client's first name, once known (`{{nome}}`). */
  nome?: string;
}

/** A bot text filled (lines whose placeholders are all empty are left out, as in the alerts). */
function texto(ctx: ContextoBot, passo: keyof AtendimentoSettings['mensagens'], values: Record<string, string> = {}) {
  return fillTemplate(ctx.atendimento.mensagens[passo], {
    empresa: ctx.company.dadosempresa.nome ?? '',
    telefoneEmergencia: ctx.atendimento.telefoneEmergencia ?? '',
    horario: horarioEmPalavras(ctx.atendimento.horario),
    nome: ctx.nome ?? '',
    ...values,
  }).trim();
}

async function nomeDoCliente(tx: DbOrTx, idcliente: number | null): Promise<string> {
  if (!idcliente) return '';
  const [cliente] = await rows<{ cadastro: string; name: string; razaosocial: string }>(
    tx,
    sql`SELECT cadastro, name, razaosocial FROM clientes WHERE id = ${idcliente}`,
  );
  return cliente ? clienteNome(cliente).split(' ')[0] : '';
}

/** Option 1: the client's open and overdue charges, with the updated value, the due date and the ways to pay. */
async function segundaVia(ctx: ContextoBot, idcliente: number, nome: string): Promise<string> {
  const today = appToday(ctx.agora);
  const charges = await rows<{
    id: number;
    descricao: string;
    valor: string;
    duedate: string;
    status: number;
    token: string;
    pix: { payload?: unknown } | null;
    multa: string | null;
    jurosmensal: string | null;
  }>(
    ctx.tx,
    sql`SELECT c.id, c.descricao, c.valor, c.duedate::text AS duedate, c.status, c.token, c.pix, a.multa, a.jurosmensal
        FROM cobrancas c LEFT JOIN assinaturas a ON a.id = c.idassinatura
        WHERE c.idcliente = ${idcliente} AND ${cobrancaAbertaSql(sql, sql`c.status`)}
        ORDER BY c.duedate, c.id LIMIT 10`,
  );
  if (!charges.length) return texto(ctx, 'semCobrancas', { nome });
  let defaults: { multa: number; jurosmensal: number } | undefined;
  const itens: string[] = [];
  for (const charge of charges) {
    let valor = Number(charge.valor);
    if (cobrancaVencida({ status: Number(charge.status), duedate: charge.duedate }, today)) {
      const rates =
        charge.multa !== null
          ? { multa: Number(charge.multa), jurosmensal: Number(charge.jurosmensal) }
          : (defaults ??= await companyRates(ctx.tx));
      valor = valorAtualizado(valor, rates, daysBetween(charge.duedate, today)).total;
    }
    itens.push(
      texto(ctx, 'segundaViaItem', {
        codigo: formatNumero(charge.id),
        descricao: charge.descricao,
        valor: formatMoney(valor),
        vencimento: formatDate(charge.duedate),
        linkPagamento: charge.token ? linkPagamento(charge.token) : '',
        pixCopiaECola: typeof charge.pix?.payload === 'string' ? charge.pix.payload : '',
      }),
    );
  }
  return texto(ctx, 'segundaVia', { nome, cobrancas: itens.join('\n\n') });
}

const aguardando = (
  acao: string,
  motivo: ConversaMotivo,
  resposta: string | undefined,
  por: string,
  extra: Decisao['mudancas'] = {},
): Decisao => ({
  acao,
  motivo: por,
  resposta,
  mudancas: { status: 'aguardando', motivo, ...extra },
});

export async function decidir(base: ContextoBot): Promise<Decisao> {
  const ctx: ContextoBot = { ...base, nome: await nomeDoCliente(base.tx, base.conversa.idcliente) };
  const { conversa, atendimento } = ctx;
  const nome = ctx.nome ?? '';
  const opcao = ctx.texto.trim();
  const identificado = conversa.idcliente !== null && conversa.etapa !== 'documento' && conversa.etapa !== 'placa';
  if ((identificado && (conversa.etapa === 'menu' || conversa.etapa === 'visita') && opcao === '4') || ROUBO.test(ctx.texto))
    return aguardando('roubo', 'roubo', texto(ctx, 'roubo'), 'Roubo ou furto: urgente, direto a um atendente.', { urgente: true });

  const dentro = dentroDoHorario(atendimento.horario, ctx.agora, appTimeZone());
  if (!dentro && atendimento.foraDoHorario === 'mensagem')
    return aguardando(
      'fora_do_horario',
      'atendente',
      texto(ctx, 'foraDoHorario'),
      'Fora do horário: a mensagem da empresa, e um atendente depois.',
    );

  const menu = (acao: string, motivo: string, extra: Decisao['mudancas'] = {}): Decisao => ({
    acao,
    motivo,
    resposta: texto(ctx, 'menu', { nome }),
    mudancas: { etapa: 'menu', tentativas: 0, ...extra },
  });
  const falhou = (passo: 'documentoNaoEncontrado' | 'placaNaoConfere', motivo: string): Decisao => {
    const tentativas = conversa.tentativas + 1;
    if (tentativas >= MAX_TENTATIVAS)
      return aguardando(
        'nao_identificado',
        'identificacao',
        texto(ctx, 'naoIdentificado'),
        `${motivo} (${tentativas}ª tentativa): a um atendente.`,
        {
          tentativas,
        },
      );
    return {
      acao: 'identificacao',
      motivo: `${motivo} (${tentativas}ª tentativa).`,
      resposta: texto(ctx, passo),
      mudancas: { tentativas },
    };
  };

  switch (conversa.etapa) {
    case 'documento': {
      const idcliente = await clientePorDocumento(ctx.tx, opcao);
      if (idcliente === null) return falhou('documentoNaoEncontrado', 'CPF/CNPJ não encontrado');
      return {
        acao: 'identificacao',
        motivo: 'CPF/CNPJ encontrado; falta confirmar a placa ou o CEP.',
        resposta: texto(ctx, 'pedirPlaca'),
        mudancas: { etapa: 'placa', tentativas: 0, idclienteDocumento: idcliente },
      };
    }
    case 'placa': {
      const candidato = conversa.idclienteDocumento;
      if (candidato === null || !(await confirmaCliente(ctx.tx, candidato, opcao)))
        return falhou('placaNaoConfere', 'Placa ou CEP não confere');
      const identificadoAgora = { ...ctx, nome: await nomeDoCliente(ctx.tx, candidato) };
      return {
        acao: 'identificado',
        motivo: 'Identificado pelo CPF/CNPJ e a placa ou o CEP.',
        resposta: texto(identificadoAgora, 'menu'),
        mudancas: { etapa: 'menu', tentativas: 0, idcliente: candidato },
      };
    }
    case 'menu':
      break;
    case 'visita': {
      // Option 3's offer: "1" books the visit; anything else is read as the menu's answer.
      if (opcao === '1') return visita(ctx, nome);
      const decisao = await opcaoDoMenu(ctx, menu, dentro, opcao === '0' ? '' : opcao);
      return { ...decisao, mudancas: { etapa: 'menu', ...decisao.mudancas } };
    }
    default: {
      // The first message: identified by the phone, the menu; else the document.
      if (conversa.idcliente !== null) return menu('menu', 'Identificado pelo telefone.');
      return {
        acao: 'identificacao',
        motivo: 'Telefone sem cadastro único: pede o CPF/CNPJ.',
        resposta: texto(ctx, 'pedirDocumento'),
        mudancas: { etapa: 'documento', tentativas: 0 },
      };
    }
  }

  return opcaoDoMenu(ctx, menu, dentro, opcao);
}

/** "1" after option 3's offer: the visit booked (an order per vehicle not comunicando), then a person. */
async function visita(ctx: ContextoBot, nome: string): Promise<Decisao> {
  const ordens = await agendarVisita(ctx.tx, ctx.conversa.idcliente!, ctx.conversa.id);
  if (!ordens.length)
    return {
      acao: 'menu',
      motivo: 'Visita pedida, mas todos os rastreadores voltaram a comunicar: o menu de novo.',
      resposta: texto(ctx, 'menu', { nome }),
      mudancas: { etapa: 'menu', tentativas: 0 },
    };
  return aguardando(
    'visita',
    'visita',
    texto(ctx, 'visitaAgendada', {
      codigo: ordens.map((o) => formatNumero(o.id)).join(', '),
      placa: ordens.map((o) => o.placa).join(', '),
    }),
    `Visita técnica pedida: ordem ${ordens.map((o) => o.id).join(', ')} (manutenção, origem atendimento).`,
    { etapa: 'menu' },
  );
}

/** The identified client's answer to the menu. */
async function opcaoDoMenu(
  ctx: ContextoBot,
  menu: (acao: string, motivo: string, extra?: Decisao['mudancas']) => Decisao,
  dentro: boolean,
  opcao: string,
): Promise<Decisao> {
  const { conversa } = ctx;
  const nome = ctx.nome ?? '';
  const idcliente = conversa.idcliente!;
  switch (opcao) {
    case '1':
      return {
        acao: 'segunda_via',
        motivo: 'Opção 1: cobranças em aberto e vencidas.',
        resposta: await segundaVia(ctx, idcliente, nome),
        mudancas: {},
      };
    case '2': {
      const onde = await ondeEsta(ctx.tx, idcliente, conversa.id, ctx.agora);
      if (!onde) return { acao: 'onde_esta', motivo: 'Opção 2: sem posição a mostrar.', resposta: texto(ctx, 'semPosicao'), mudancas: {} };
      if ('bloqueado' in onde)
        return {
          acao: 'onde_esta',
          motivo: 'Opção 2: cliente bloqueado pelo faturamento.',
          resposta: texto(ctx, 'localizacaoBloqueada'),
          mudancas: {},
        };
      return {
        acao: 'onde_esta',
        motivo: 'Opção 2: a última posição e o link de 1 hora.',
        resposta: texto(ctx, 'ondeEsta', onde),
        mudancas: {},
      };
    }
    case '3': {
      const situacoes = await situacaoDoRastreador(ctx.tx, idcliente);
      if (!situacoes.length)
        return {
          acao: 'funcionando',
          motivo: 'Opção 3: nenhum rastreador instalado.',
          resposta: texto(ctx, 'semRastreador'),
          mudancas: {},
        };
      const resposta = situacoes.map((s) => texto(ctx, 'funcionando', s)).join('\n');
      if (situacoes.every((s) => s.codigo === 'comunicando'))
        return { acao: 'funcionando', motivo: 'Opção 3: a situação do rastreador.', resposta, mudancas: {} };
      return {
        acao: 'funcionando',
        motivo: 'Opção 3: rastreador sem comunicar; oferece uma visita técnica.',
        resposta: `${resposta}\n\n${texto(ctx, 'ofertaVisita')}`,
        mudancas: { etapa: 'visita' },
      };
    }
    case '5':
      return aguardando(
        'atendente',
        'atendente',
        dentro ? texto(ctx, 'atendente') : `${texto(ctx, 'atendente')}\n${texto(ctx, 'foraDoHorario')}`,
        'Opção 5: um atendente.',
      );
    default:
      return menu('menu', 'Opção não reconhecida: o menu de novo.');
  }
}
