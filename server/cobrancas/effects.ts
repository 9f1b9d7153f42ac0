/**
 * What happens by itself after a change (DESIGN 7, issue 10), always in the transaction of the
 * change, as queue jobs and log rows: a client blocked or unblocked by billing is audited and its
 * Traccar user follows; the billing run's new charges go to the charges' owner
 * (services/cobrancas.ts), which decides every follow-up of a charge.
 */
import { CLIENTE_STATUS_LABEL } from '../../domain/constants';
import { formatNumero } from '../../domain/formatters';
import type { DbOrTx } from '../db/client';
import type { BillingEffects, ClientChange } from './faturamento';
import { QUEUES, type JobQueue } from '../queue/boss';
import { ACAO, audit } from '../regras/auditoria';
import type { ServerKeys } from '../seguranca/chave';
import { cobrancasCriadas } from './cobrancas';
import { getCompany, integrationActive } from '../regras/company';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's effects (decorated by app.ts before any route). */
    effects: Effects;
  }
}

export interface Effects extends BillingEffects {
  queue: JobQueue;
  /** The clients' Traccar users follow their status (blocked: disabled), when Traccar is active. */
  syncTraccarClientes(tx: DbOrTx, ids: number[]): Promise<void>;
  /** The server key: a client's app password is sealed with it until Traccar has it (services/senha-app.ts). */
  keys: ServerKeys;
}

export function createEffects(queue: JobQueue, keys: ServerKeys): Effects {
  // The billing run's new charges: the charges' owner decides their alerts or gateway payments.
  const chargesCreated = (tx: DbOrTx, ids: number[]): Promise<void> => cobrancasCriadas(tx, ids, effects);

  const syncTraccarClientes = async (tx: DbOrTx, ids: number[]) => {
    if (!ids.length || !integrationActive(await getCompany(tx), 'traccar')) return;
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

  const effects: Effects = { queue, chargesCreated, clientsChanged, syncTraccarClientes, keys };
  return effects;
}
