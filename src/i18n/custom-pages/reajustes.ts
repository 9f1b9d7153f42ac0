/** The yearly readjustments' page (DESIGN 11). */

export const reajustesMessages = {
  app: {
    reajustes: {
      title: 'Reajustes',
      intro:
        'O reajuste anual de cada contrato é proposto no mês anterior ao aniversário. Sem índice automático, digite o percentual. Aplicar muda os itens de valor fixo e o valor do plano do contrato, só para as próximas cobranças, e avisa o cliente por WhatsApp.',
      competencia: 'Competência',
      status: 'Situação',
      todos: 'Todas',
      contrato: 'Contrato',
      contrato_n: 'Contrato %{numero}',
      cliente: 'Cliente',
      indice: 'Índice',
      percentual: 'Percentual (%)',
      percentual_de: 'Percentual do contrato %{id}',
      percentual_invalido: 'Informe o percentual, como 4,5',
      mensal: 'Mensal atual → novo',
      aplicar: 'Aplicar',
      descartar: 'Descartar',
      selecionar: 'Selecionar o contrato %{id}',
      aplicar_selecionados: 'Aplicar selecionado |||| Aplicar %{smart_count} selecionados',
      aplicado: 'Reajuste aplicado',
      aplicados: '%{smart_count} reajuste aplicado |||| %{smart_count} reajustes aplicados',
      descartado: 'Reajuste descartado',
      salvo: 'Percentual salvo: reajuste proposto',
      vazio: 'Nenhum reajuste com estes filtros.',
      mais: 'Mostrando %{n} de %{total}: filtre pela competência.',
    },
  },
};
