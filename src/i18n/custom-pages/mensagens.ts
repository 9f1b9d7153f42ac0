/** The WhatsApp messages list (issue 24). */

export const mensagensMessages = {
  app: {
    mensagens: {
      title: 'Mensagens',
      situacao: 'Situação',
      tipo: 'Tipo',
      todas: 'Todas',
      data_inicio: 'Criadas de',
      data_fim: 'Criadas até',
      col_data: 'Data/hora',
      col_cliente: 'Cliente',
      col_tipo: 'Tipo',
      col_para: 'Para',
      col_situacao: 'Situação',
      col_motivo: 'Motivo',
      col_relacionado: 'Relacionado',
      col_texto: 'Texto',
      cobranca: 'Cobrança %{numero}',
      contrato: 'Contrato %{numero}',
      do_cliente: 'Cliente: %{nome}',
      texto_titulo: '%{kind} · %{data}',
    },
  },
};
