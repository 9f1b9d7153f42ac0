/** What the audit log records (DESIGN 7 and 11), by action: the server's filter and the screen's. */
export const ACOES_AUDITORIA = [
  'comando',
  'bloqueio',
  'desbloqueio',
  'pagamento',
  'situacao',
  'seguranca',
  'backup',
  'aprovacao',
  'multa',
  'atendimento',
  'negativacao',
  'reajuste',
] as const;
export type AcaoAuditoria = (typeof ACOES_AUDITORIA)[number];
