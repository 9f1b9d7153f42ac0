/** The chips' screens. */

export const chipsMessages = {
  resources: {
    chips: {
      name: 'Chip |||| Chips',
      fields: {
        phone: 'Número',
        iccid: 'ICCID',
        operadora: 'Operadora',
        fonecedor: 'Fornecedor',
        status: 'Status',
        device: 'Dispositivo',
      },
    },
  },
  app: {
    chips: {
      create_title: 'Novo Chip',
      edit_title: 'Chip',
      livre: 'Livre',
      em_uso: 'Em uso',
      em_uso_por: 'Em uso pelo rastreador %{imei}',
      iccid_help: '19 ou 20 dígitos',
    },
  },
};
