/** The audit log (administrators). */

export const auditoriaMessages = {
  app: {
    auditoria: {
      title: 'Auditoria',
      acao: 'Ação',
      todas: 'Todas',
      acoes: {
        comando: 'Comando',
        bloqueio: 'Bloqueio',
        desbloqueio: 'Desbloqueio',
        pagamento: 'Pagamento',
        situacao: 'Situação alterada',
        seguranca: 'Verificação em duas etapas',
        backup: 'Backup',
        aprovacao: 'Aprovação',
        multa: 'Multa dispensada',
        atendimento: 'Atendimento',
        negativacao: 'Negativação',
        reajuste: 'Reajuste',
      },
      col_data: 'Data/hora',
      col_usuario: 'Usuário',
      col_acao: 'Ação',
      col_descricao: 'Descrição',
      col_resultado: 'Resultado',
      col_registros: 'Relacionados',
      cliente: 'Cliente %{numero}',
      cobranca: 'Cobrança %{numero}',
      empty: 'Nenhum registro de auditoria',
    },
  },
};
