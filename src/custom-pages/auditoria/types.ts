/** The audit log as GET /v1/auditoria returns it (server/routes/integrations.ts). */

import { ACOES_AUDITORIA, type AcaoAuditoria } from '../../../domain/auditoria';

/** What is recorded (domain/auditoria.ts): the actions the Ação filter offers. */
export const ACOES = ACOES_AUDITORIA;
export type Acao = AcaoAuditoria;

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
  reajuste: 'info',
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
