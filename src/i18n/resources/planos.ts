/** The plans' screens. */

export const planosMessages = {
  resources: {
    planos: {
      name: 'Plano |||| Planos',
      fields: {
        name: 'Nome',
        descricao: 'Descrição',
        limtdispositivos: 'Limite de dispositivos',
        valor: 'Valor',
        valoradd: 'Valor adicional',
        informacoes: 'Informações',
        de: 'De',
        ate: 'Até',
        // The early-payment discount's inputs (src/resources/planos/Desconto.tsx, on the subscription form too).
        desconto: {
          tipo: 'Tipo de desconto',
          valor: 'Valor do desconto',
          diasAntes: 'Até quantos dias antes do vencimento',
        },
      },
    },
  },
  app: {
    planos: {
      create_title: 'Novo Plano',
      edit_title: 'Plano',
      money_help: 'Digite só os números, os centavos por último: 4990 é R$ 49,90',
      faixas_titulo: 'Faixas por quantidade de veículos',
      faixas_help:
        'Opcional: o valor de cada veículo conforme o total de veículos ativos do contrato (ex.: 1 a 9, 10 a 49, 50 ou mais). A primeira começa em 1 e a última fica sem "até".',
      faixa_de: 'De',
      faixa_ate: 'Até',
      faixa_ate_help: 'Em branco: sem limite',
      faixa_valor: 'Valor por veículo',
      fidelidade_meses: 'Fidelidade (meses)',
      fidelidade_help: '0: sem fidelidade. Ex.: 12, 24 ou 36',
      multa_tipo: 'Multa por cancelamento na fidelidade',
      multa_help: 'Proporcional: % do valor mensal a cada 30 dias que faltam',
      multa_nenhuma: 'Sem multa',
      multa_proporcional: 'Proporcional aos dias restantes',
      multa_fixa: 'Valor fixo',
      multa_valor_fixa: 'Valor da multa',
      multa_valor_percentual: 'Percentual (%)',
      multa_percentual_help: 'Ex.: 50 cobra metade da mensalidade a cada 30 dias restantes',
      col_desconto: 'Desconto',
    },
    // The early-payment discount of plans and subscriptions (DESIGN 11).
    desconto: {
      titulo: 'Desconto por pagamento antecipado',
      sem_desconto: 'Sem desconto',
      usar_plano: 'Usar o do plano',
      sem_desconto_assinatura: 'Sem desconto (nem o do plano)',
      usar_plano_help: '"Usar o do plano": o do contrato ativo mais recente do cliente',
      tipo_valor: 'Valor fixo (R$)',
      tipo_percentual: 'Percentual (%)',
      percentual: 'Percentual do desconto',
      percentual_help: 'Menos de 100%. Ex.: 5 ou 2,5',
      dias_antes_help: '0 ou vazio: até o dia do vencimento',
      texto_dias: '%{valor} até %{smart_count} dia antes |||| %{valor} até %{smart_count} dias antes',
      texto_vencimento: '%{valor} até o vencimento',
      nenhum: 'sem desconto',
      lista: 'desconto de %{desconto}',
      plano: 'Desconto do plano (%{plano}): %{desconto}.',
      plano_sem_contrato: 'O cliente não tem contrato ativo: não há desconto do plano.',
    },
  },
};
