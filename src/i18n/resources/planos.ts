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
      },
    },
  },
  app: {
    planos: {
      create_title: 'Novo Plano',
      edit_title: 'Plano',
      money_help: 'Digite só os números, os centavos por último: 4990 é R$ 49,90',
    },
  },
};
