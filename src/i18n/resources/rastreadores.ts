/**
 * The trackers' screens (resource rastreadores, path /v1/trackres) and the engine commands, on a
 * tracker or a vehicle.
 */

export const rastreadoresMessages = {
  resources: {
    rastreadores: {
      name: 'Rastreador |||| Rastreadores',
      fields: {
        alarme: 'Último alarme',
        imei: 'IMEI',
        modelo: 'Modelo',
        marca: 'Marca',
        tensaoNominal: 'Tensão nominal',
        phone: 'Chip',
        Veiculo: 'Veículo',
        status: 'Status',
        traccarSync: 'Traccar',
      },
    },
    trackres: { name: 'Rastreador |||| Rastreadores' },
  },
  app: {
    rastreadores: {
      create_title: 'Novo Rastreador',
      edit_title: 'Rastreador',
      tab_chips: 'Chips',
      linked: 'Vinculado a um veículo',
      unlinked: 'Sem veículo',
      imei_help: '15 dígitos',
      tensao_inferida: 'Deduzida das leituras',
      tensao_help: 'Sistema elétrico do veículo: a alimentação é julgada por ele (abaixo de 11,5 V em 12 V, de 23 V em 24 V)',
      chip_connected: 'Chip conectado',
      veiculo: 'Veículo',
      cliente: 'Cliente',
      chip_free: 'Chips livres',
      chip_search: 'Número, ICCID, operadora ou fornecedor',
      chip_none: 'Nenhum chip livre encontrado.',
      connect: 'Conectar',
      disconnect: 'Desconectar',
      connect_chip: 'Conectar o chip %{phone}',
      // The Traccar sync of each tracker (list column, tracker form).
      sync: {
        sincronizado: 'Sincronizado',
        pendente: 'Pendente',
        falhou: 'Falhou: %{erro}',
        sem_motivo: 'motivo não informado',
      },
    },
    // Engine stop and resume, on a tracker or a vehicle; DESIGN 7
    comandos: {
      title: 'Comandos do motor',
      engineStop: 'Bloquear motor',
      engineResume: 'Desbloquear motor',
      confirm_engineStop_veiculo: 'Bloquear o motor do veículo %{placa}?',
      confirm_engineResume_veiculo: 'Desbloquear o motor do veículo %{placa}?',
      confirm_engineStop_rastreador: 'Bloquear o motor do veículo do rastreador IMEI %{imei}?',
      confirm_engineResume_rastreador: 'Desbloquear o motor do veículo do rastreador IMEI %{imei}?',
      warning_engineStop: 'Confira se o veículo está parado: cortar o motor em movimento é perigoso. A partida só volta com o desbloqueio.',
      audited: 'O comando é enviado pelo Traccar e fica registrado no log de auditoria.',
      confirm: 'Confirmar',
      cancel: 'Cancelar',
      sent: 'Comando enviado.',
    },
  },
};
