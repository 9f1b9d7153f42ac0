/** The sample charge the alert previews are filled from, formatted as the server formats a real one. */
import type { ALERTA_PLACEHOLDERS } from '../../../domain/constants';
import { formatDate, formatMoney, formatNumero } from '../../../domain/formatters';

export const ALERTA_EXEMPLO: Record<(typeof ALERTA_PLACEHOLDERS)[number], string> = {
  codigo: formatNumero(42),
  nome: 'Maria da Silva',
  descricao: 'Mensalidade do rastreamento',
  valor: formatMoney(89.9),
  dataCriacao: formatDate('2026-03-05'),
  vencimento: formatDate('2026-03-15'),
  linkFatura: 'https://www.asaas.com/i/exemplo',
  linkBoleto: 'https://www.asaas.com/b/pdf/exemplo',
  linkPagamento: `${typeof window === 'undefined' ? 'https://exemplo.com.br' : window.location.origin}/static/cobranca/exemplo`,
  pixCopiaECola: '00020101021226820014br.gov.bcb.pix2560exemplo5204000053039865406089.905802BR6304ABCD',
  linhaDigitavel: '23793.38128 60000.000003 00000.000400 1 99990000008990',
  empresa: 'Rastreamento Exemplo',
  desconto: `Pagando até ${formatDate('2026-03-10')}, você paga ${formatMoney(80.9)} (desconto de ${formatMoney(9)}).`,
  valorComDesconto: formatMoney(80.9),
  descontoAte: formatDate('2026-03-10'),
  pixAutomatico: '00020101021226900014br.gov.bcb.pix2568exemplo/rec5204000053039865802BR6304AUTO',
};

/** With the gateway off, a message has no PIX nor boleto: the preview leaves their lines out as the message does. */
export const semGateway = (values: typeof ALERTA_EXEMPLO): typeof ALERTA_EXEMPLO => ({
  ...values,
  linkFatura: '',
  linkBoleto: '',
  pixCopiaECola: '',
  linhaDigitavel: '',
  pixAutomatico: '',
});

/** The readjustment's message (DESIGN 11): its own placeholders, their help and a sample contract's readjustment. */
export const REAJUSTE_PLACEHOLDERS = {
  chaves: ['nome', 'contrato', 'indice', 'percentual', 'valorAnterior', 'valorNovo', 'vigencia', 'empresa'],
  ajuda: {
    nome: 'app.notificacoes.placeholders.nome',
    contrato: 'app.notificacoes.placeholders_reajuste.contrato',
    indice: 'app.notificacoes.placeholders_reajuste.indice',
    percentual: 'app.notificacoes.placeholders_reajuste.percentual',
    valorAnterior: 'app.notificacoes.placeholders_reajuste.valorAnterior',
    valorNovo: 'app.notificacoes.placeholders_reajuste.valorNovo',
    vigencia: 'app.notificacoes.placeholders_reajuste.vigencia',
    empresa: 'app.notificacoes.placeholders.empresa',
  } as Record<string, string>,
  exemplo: {
    nome: 'Maria da Silva',
    contrato: formatNumero(7),
    indice: 'IPCA',
    percentual: '4,68%',
    valorAnterior: formatMoney(120),
    valorNovo: formatMoney(125.62),
    vigencia: '03/2026',
  } as Record<string, string>,
};
