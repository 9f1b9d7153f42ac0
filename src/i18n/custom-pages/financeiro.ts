/** The financial summary. */

export const financeiroMessages = {
  app: {
    financeiro: {
      title: 'Resumo financeiro',
      periodo: 'Período pelo vencimento',
      ultimos_12: 'Últimos 12 meses',
      chart_mensal: 'Recebido e vencido por mês',
      chart_situacao: 'Cobranças por situação (valor)',
      sem_dados: 'Nenhuma cobrança nos últimos 12 meses.',
    },
  },
};
