/** The audit log as GET /v1/auditoria returns it (server/routes/integrations.ts). */

/** What is recorded (DESIGN 7): engine commands, billing blocks and unblocks, payments, staff status changes. */
export const ACOES = [
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
] as const;
export type Acao = (typeof ACOES)[number];

export const ACAO_COLORS: Record<Acao, 'info' | 'error' | 'success' | 'default'> = {
  comando: 'info',
  bloqueio: 'error',
  desbloqueio: 'success',
  pagamento: 'success',
  situacao: 'default',
  seguranca: 'error',
  backup: 'info',
  aprovacao: 'default',
  multa: 'default',
  atendimento: 'default',
  negativacao: 'error',
};

export interface AuditoriaItem {
  id: number;
  /** ISO moment. */
  createdAt: string;
  /** The staff member's name, or 'Sistema'. */
  usuario: string;
  acao: Acao | string;
  idcliente: number | null;
  idveiculo: number | null;
  iddevice: number | null;
  idcobranca: number | null;
  descricao: string;
  resultado: string;
}

export interface AuditoriaReply {
  meta: { page: number; pageSize: number; total: number; totalItens: number; totalPaginas: number };
  Items: AuditoriaItem[];
}
