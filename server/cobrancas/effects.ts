/**
 * What happens by itself after a change (DESIGN 7, issue 10), always in the transaction of the
 * change, as queue jobs and log rows: a client blocked or unblocked by billing is audited and its
 * Traccar user follows; the billing run's new charges go to the charges' owner
 * (cobrancas/cobrancas.ts), which decides every follow-up of a charge. Only the contract is here:
 * the app's effects are made on top, beside the queue's handlers (workers.ts `createEffects`).
 */
import type { DbOrTx } from '../db/client';
import type { ContratoChange } from './bloqueio';
import type { JobQueue } from '../queue/boss';
import type { ServerKeys } from '../seguranca/chave';

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
  /** The server key: a client's app password is sealed with it until Traccar has it (seguranca/senha-app.ts). */
  keys: ServerKeys;
}

/** A client's status moved by billing: what it was and what it is. */
export interface ClientChange {
  id: number;
  status: number;
  previous: number;
}

/**
 * What follows a billing change, in the same transaction (cobrancas/effects.ts): the new charges'
 * alerts or gateway payments, the audit log and the Traccar user of a client blocked or unblocked.
 */
export interface BillingEffects {
  chargesCreated(tx: DbOrTx, ids: number[]): Promise<void>;
  clientsChanged(tx: DbOrTx, changes: ClientChange[]): Promise<void>;
  /** Contracts blocked or unblocked by billing (cobrancas/bloqueio.ts): audited, their Traccar jobs enqueued. */
  contratosChanged(tx: DbOrTx, changes: ContratoChange[]): Promise<void>;
}
