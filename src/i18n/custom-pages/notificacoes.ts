/** The notification settings and the alerts' templates. */
import { ALERTAS } from '../resources/cobrancas';

export const notificacoesMessages = {
  resources: {
    notificacoes: { name: 'Notificações' },
  },
  app: {
    notificacoes: {
      title: 'Notificações',
      tab_notificacoes: 'Notificações',
      tab_alertas: 'Alertas',
      emaberto: 'Dias de aviso antes do vencimento',
      emaberto_help: 'Quantos dias antes do vencimento a cobrança é gerada e o cliente é avisado.',
      repeticoes: 'Repetições após o vencimento',
      repeticoes_help: 'Quantas vezes o aviso de cobrança vencida é repetido.',
      intervalo: 'Intervalo entre repetições (dias)',
      intervalo_help: 'Dias entre um aviso de cobrança vencida e o seguinte.',
      bloqueio: 'Dias até o bloqueio',
      bloqueio_help: 'Dias após o vencimento até o cliente ser bloqueado.',
      esperaMinutos: 'Espera antes de enviar uma cobrança (minutos)',
      esperaMinutos_help:
        'De 0 a 60. A mensagem de uma cobrança nova ou alterada aguarda esse tempo: se o valor ou o vencimento for corrigido antes, vai uma só mensagem, já corrigida; se a cobrança for removida ou cancelada, nenhuma.',
      alertas_help:
        'Mensagens enviadas pelo WhatsApp. Clique em um campo para inseri-lo na posição do cursor; a prévia usa uma cobrança de exemplo. A "Cobrança atualizada" vai quando o valor ou o vencimento muda depois que a cobrança foi enviada.',
      alertas: ALERTAS,
      alertas_reajuste: 'Reajuste do contrato',
      placeholders_reajuste: {
        contrato: 'Número do contrato',
        indice: 'Índice do reajuste (IPCA, IGP-M, percentual fixo)',
        percentual: 'Percentual aplicado',
        valorAnterior: 'Valor mensal antes do reajuste',
        valorNovo: 'Valor mensal reajustado',
        vigencia: 'Mês a partir do qual vale (MM/AAAA)',
      },
      insert_placeholder: 'Inserir campo em %{name}',
      placeholders: {
        codigo: 'Número da cobrança',
        nome: 'Nome do cliente',
        descricao: 'Descrição da cobrança',
        valor: 'Valor',
        dataCriacao: 'Data de criação',
        vencimento: 'Data de vencimento',
        linkFatura: 'Link da fatura',
        linkBoleto: 'Link do boleto',
        linkPagamento: 'Link da página de pagamento',
        pixCopiaECola: 'PIX copia e cola',
        linhaDigitavel: 'Linha digitável do boleto',
        empresa: 'O nome da empresa (Perfil → Dados da empresa)',
        desconto: 'Frase do desconto por pagamento antecipado (vazia sem desconto)',
        valorComDesconto: 'Valor com desconto',
        descontoAte: 'Último dia do desconto',
        pixAutomatico: 'Pix Automático copia e cola (autorização aguardando)',
      },
      chars: '%{count} de %{max} caracteres',
      preview: 'Prévia',
      preview_of: 'Prévia: %{name}',
      preview_empty: '(mensagem vazia)',
    },
  },
};
