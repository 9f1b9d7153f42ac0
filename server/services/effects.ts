/**
 * What happens by itself after a change (DESIGN 7, issue 10), always in the transaction of the
 * change, as queue jobs and log rows: a charge created gets its novacobranca alert (or, with the
 * gateway active, its gateway payment first, whose job sends the alert with the payment links);
 * cancelled and received charges get theirs; a client blocked or unblocked by billing is audited
 * and its Traccar user follows.
 */
import { CLIENTE_STATUS_LABEL } from '../../domain/constants';
import { formatNumero } from '../../domain/formatters';
import type { DbOrTx } from '../db/client';
import type { BillingEffects, ClientChange } from '../jobs/billing';
import { QUEUES, type JobQueue } from '../queue/boss';
import { ACAO, audit } from './auditoria';
import { getCompany } from './company';
import { enqueueAlertas } from './mensagens';

type CobrancaState = { id: number; status: number; idcliente: number; gatewayId?: string | null };

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's effects (decorated by app.ts before any route). */
    effects: Effects;
  }
}

export interface Effects extends BillingEffects {
  queue: JobQueue;
  cobrancaCriada(tx: DbOrTx, saved: CobrancaState): Promise<void>;
  cobrancaAlterada(tx: DbOrTx, saved: CobrancaState, existing: CobrancaState): Promise<void>;
  /** The clients' Traccar users follow their status (blocked: disabled), when Traccar is active. */
  syncTraccarClientes(tx: DbOrTx, ids: number[]): Promise<void>;
}

export function createEffects(queue: JobQueue): Effects {
  const chargesCreated = async (tx: DbOrTx, ids: number[]) => {
    const company = await getCompany(tx);
    if (Number(company.integrations.gateway.status) === 1) {
      // The gateway's payment first; its job enqueues the alert with the invoice links.
      await queue.sendMany(
        tx,
        QUEUES.asaas.name,
        ids.map((id) => ({ data: { kind: 'cobranca', id } })),
      );
      return;
    }
    await enqueueAlertas(
      tx,
      queue,
      ids.map((idcobranca) => ({ idcobranca, kind: 'novacobranca' as const })),
      company,
    );
  };

  const syncTraccarClientes = async (tx: DbOrTx, ids: number[]) => {
    if (!ids.length || Number((await getCompany(tx)).integrations.traccar.status) !== 1) return;
    await queue.sendMany(
      tx,
      QUEUES.traccar.name,
      ids.map((id) => ({ data: { kind: 'cliente', id } })),
    );
  };

  const clientsChanged = async (tx: DbOrTx, changes: ClientChange[]) => {
    const blockMoves = changes.filter((change) => change.status === 1 || change.previous === 1);
    if (!blockMoves.length) return;
    await audit(
      tx,
      blockMoves.map((change) => ({
        acao: change.status === 1 ? ACAO.bloqueio : ACAO.desbloqueio,
        idcliente: change.id,
        descricao:
          change.status === 1
            ? `Cliente ${formatNumero(change.id)} bloqueado pelo faturamento (cobrança vencida).`
            : `Cliente ${formatNumero(change.id)} desbloqueado: ${CLIENTE_STATUS_LABEL[change.status] ?? change.status}.`,
        resultado: `${CLIENTE_STATUS_LABEL[change.previous] ?? change.previous} → ${CLIENTE_STATUS_LABEL[change.status] ?? change.status}`,
      })),
    );
    await syncTraccarClientes(
      tx,
      blockMoves.map((change) => change.id),
    );
  };

  return {
    queue,
    chargesCreated,
    clientsChanged,
    syncTraccarClientes,
    cobrancaCriada: (tx, saved) => chargesCreated(tx, [saved.id]),
    async cobrancaAlterada(tx, saved, existing) {
      if (saved.status === existing.status) return;
      if (saved.status === 3) await enqueueAlertas(tx, queue, [{ idcobranca: saved.id, kind: 'cancelada' }]);
      if (saved.status === 1) await enqueueAlertas(tx, queue, [{ idcobranca: saved.id, kind: 'recebida' }]);
      if (saved.status === 3 && saved.gatewayId) {
        await queue.send(tx, QUEUES.asaas.name, { kind: 'cobranca-cancelar', id: saved.id, gatewayId: saved.gatewayId });
      }
    },
  };
}
