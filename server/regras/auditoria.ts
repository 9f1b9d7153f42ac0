/**
 * The audit log (DESIGN 7): engine commands, billing blocks and unblocks, webhook payments and
 * staff status changes: who (null for the system), when, which records, what, and the result.
 * Written in the transaction of the change it records; never holds a secret.
 */
import type { DbOrTx } from '../db/client';
import { auditoria } from '../db/schema';

export const ACAO = {
  comando: 'comando',
  bloqueio: 'bloqueio',
  desbloqueio: 'desbloqueio',
  pagamento: 'pagamento',
  situacao: 'situacao',
  /** An administrator's reset of a user's two-factor sign-in (DESIGN 10). */
  seguranca: 'seguranca',
  /** A backup taken or downloaded from Configurações → Backups (DESIGN 10). */
  backup: 'backup',
  /** A técnico's Finalizar approved or reproved by the office (DESIGN 11). */
  aprovacao: 'aprovacao',
  /** A fidelity fine waived by an administrator on cancelling a contract item (DESIGN 11). */
  multa: 'multa',
  /** Staff's actions on a WhatsApp conversation: assumir, encerrar, urgente, the client (DESIGN 11). */
  atendimento: 'atendimento',
  /** Negativação through Asaas: notice, simulation, request, cancellation (DESIGN 11). */
  negativacao: 'negativacao',
  /** A contract's yearly readjustment applied or discarded (DESIGN 11). */
  reajuste: 'reajuste',
} as const;

export type Acao = (typeof ACAO)[keyof typeof ACAO];

export interface AuditEntry {
  acao: Acao;
  /** The staff member; absent for the system (billing job, gateway webhook). */
  user?: { id: number; name: string } | null;
  idcliente?: number | null;
  idveiculo?: number | null;
  iddevice?: number | null;
  idcobranca?: number | null;
  descricao: string;
  resultado: string;
}

export async function audit(tx: DbOrTx, entries: AuditEntry | AuditEntry[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries];
  for (let i = 0; i < list.length; i += 500) {
    await tx.insert(auditoria).values(
      list.slice(i, i + 500).map((entry) => ({
        acao: entry.acao,
        iduser: entry.user?.id ?? null,
        usuario: entry.user?.name ?? 'Sistema',
        idcliente: entry.idcliente ?? null,
        idveiculo: entry.idveiculo ?? null,
        iddevice: entry.iddevice ?? null,
        idcobranca: entry.idcobranca ?? null,
        descricao: entry.descricao,
        resultado: entry.resultado,
      })),
    );
  }
}
