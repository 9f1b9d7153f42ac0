/**
 * The job queue (issue 10, DESIGN 7): pg-boss 10.x (the line that runs on Node 20) in the app's
 * own database, schema `pgboss`, through its `db` adapter: the pool's plain queries on PostgreSQL,
 * the embedded client on PGlite. Several app processes on one PostgreSQL share the work (pg-boss
 * fetches with FOR UPDATE SKIP LOCKED).
 *
 * A job is enqueued in the same transaction as the change that causes it: `send(tx, …)` runs
 * pg-boss's insert through the caller's Drizzle transaction, so a rolled-back change leaves no job
 * and a committed one always has its job.
 */
import PgBoss from 'pg-boss';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DbOrTx } from '../db/client';

/** The queues, each with its retry policy (exponential back-off: delay × 2^n, with jitter). */
export const QUEUES = {
  /** One WhatsApp message (a `mensagens` row) per job. */
  mensagem: { name: 'mensagem-enviar', retryLimit: 8, retryDelay: 5, retryBackoff: true, expireInSeconds: 30 },
  /** The daily billing run, then the day's alerts (scheduled at 00:01 in APP_TIMEZONE and at start-up). */
  faturamento: { name: 'faturamento', retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 1800 },
  /** The yearly readjustments' proposals and index figures (DESIGN 11), every day at 00:30 in APP_TIMEZONE. */
  reajuste: { name: 'reajuste', retryLimit: 3, retryDelay: 300, retryBackoff: true, expireInSeconds: 1800 },
  /** Re-enqueues what waits too long: due retries, in-doubt sends (every 5 minutes); removes expired rate-limit counters. */
  varredura: { name: 'varredura', retryLimit: 0, expireInSeconds: 600 },
  /** A WhatsApp event stored by the webhook (atendimento): the conversation, its message and the bot's reply. */
  atendimento: { name: 'atendimento', retryLimit: 10, retryDelay: 2, retryBackoff: true, expireInSeconds: 120 },
  /** Evolution's webhook set after the atendimento or WhatsApp settings are saved. */
  atendimentoWebhook: { name: 'atendimento-webhook', retryLimit: 10, retryDelay: 10, retryBackoff: true, expireInSeconds: 120 },
  /** A payment-gateway event stored by the webhook. */
  webhook: { name: 'webhook-gateway', retryLimit: 10, retryDelay: 5, retryBackoff: true, expireInSeconds: 120 },
  /** Traccar: a tracker's device, a client's user. */
  traccar: { name: 'traccar-sync', retryLimit: 10, retryDelay: 10, retryBackoff: true, expireInSeconds: 120 },
  /**
   * Traccar: one contract's block or unblock (DESIGN 11): its vehicles' devices leave or rejoin the
   * client's user, one permission call per device (frota/traccar-bloqueio.ts). A job of a process
   * killed meanwhile is enqueued again when a process starts (its contract's hold lapses in 15 s).
   * Retried every 3 s for a minute and a half (a contract held by another job, Traccar away); after
   * that the sweep enqueues it again every 5 minutes while its change is due.
   */
  traccarBloqueio: { name: 'traccar-bloqueio', retryLimit: 30, retryDelay: 3, retryBackoff: false, expireInSeconds: 60 },
  /** Asaas: a client's customer, a charge's payment, a subscription. */
  asaas: { name: 'asaas-sync', retryLimit: 10, retryDelay: 10, retryBackoff: true, expireInSeconds: 120 },
  /** An import whose job pg-boss gave up on (last failed attempt or expiry): marked `falhou` (DESIGN 10). */
  importacaoFalhou: { name: 'importacao-falhou', retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 120 },
  /**
   * A spreadsheet or Traccar import (DESIGN 10): resumes from its last committed batch; after its
   * last retry the job goes to `importacao-falhou`.
   */
  importacao: {
    name: 'importacao',
    retryLimit: 5,
    retryDelay: 10,
    retryBackoff: true,
    expireInSeconds: 3600,
    deadLetter: 'importacao-falhou',
  },
} as const satisfies Record<string, PgBoss.Queue>;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES]['name'];

/** pg-boss's `$n` statement run inside a Drizzle transaction (both drivers), parameters bound. */
function boundSql(text: string, values: unknown[] = []): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1] ?? null}`)),
    sql``,
  );
}

export function txAdapter(tx: DbOrTx): PgBoss.Db {
  return {
    executeSql: async (text, values) => {
      const result = (await tx.execute(boundSql(text, values))) as unknown as { rows?: unknown[] };
      return { rows: result.rows ?? [] };
    },
  };
}

export interface JobQueue {
  boss: PgBoss;
  /** Enqueues one job in the caller's transaction. */
  send(tx: DbOrTx, queue: QueueName, data: object, options?: PgBoss.SendOptions): Promise<void>;
  /** Enqueues many jobs in the caller's transaction, in one statement. */
  sendMany(tx: DbOrTx, queue: QueueName, items: Array<{ data: object; startAfter?: Date; singletonKey?: string }>): Promise<void>;
  /**
   * The queue's jobs that wait for a retry, or gave up (failed) within pg-boss's retention, run
   * now, their attempts counted afresh: what failed for a cause that is gone (a wrong key fixed).
   */
  retryNow(tx: DbOrTx, queue: QueueName): Promise<number>;
  /** This process's worker of the queue registered (workers.ts), so that `wake` can reach it. */
  registerWorker(queue: QueueName, workerId: string): void;
  /**
   * This process's workers of the queue fetch now rather than at their next poll: called after the
   * commit of a job that should not wait (a WhatsApp message, its bot reply). Other processes poll.
   */
  wake(queue: QueueName): void;
  stop(): Promise<void>;
}

export interface QueueOptions {
  log: FastifyBaseLogger;
  /** Run pg-boss's maintenance and cron monitor (off in most API tests: they only enqueue). */
  supervise?: boolean;
  /** How long stop() waits for the running handlers (10 s). */
  stopTimeoutMs?: number;
}

export async function startQueue(database: Database, options: QueueOptions): Promise<JobQueue> {
  // After stop(), a handler that outlived the graceful wait still completes or fails its job, and
  // pg-boss does not await those: they write nothing once the pool may be ended. The job stays
  // active, expires and is retried by the next process, as after a crash (handlers are idempotent).
  let stopped = false;
  const boss = new PgBoss({
    db: {
      executeSql: (text, values) =>
        // No `rows`: pg-boss's completion then counts 0 affected (its workers no longer fetch).
        stopped ? Promise.resolve({} as { rows: unknown[] }) : (database.raw(text, values) as Promise<{ rows: unknown[] }>),
    },
    schema: 'pgboss',
    supervise: options.supervise ?? true,
    schedule: options.supervise ?? true,
    migrate: true,
    // Completed jobs are kept a day for inspection; the app's own tables keep the history.
    archiveCompletedAfterSeconds: 3600,
    deleteAfterDays: 7,
  });
  boss.on('error', (error) => options.log.error({ err: error }, 'fila de tarefas: erro'));
  await boss.start();
  for (const queue of Object.values(QUEUES)) {
    const { name, ...policy } = queue;
    // createQueue is idempotent; the policy is set again in case it changed.
    await boss.createQueue(name, { name, ...policy });
  }
  const defaults = Object.fromEntries(Object.values(QUEUES).map((q) => [q.name, q])) as Record<string, PgBoss.Queue>;
  const workers = new Map<QueueName, string[]>();
  return {
    boss,
    registerWorker(queue, workerId) {
      workers.set(queue, [...(workers.get(queue) ?? []), workerId]);
    },
    wake(queue) {
      for (const id of workers.get(queue) ?? []) boss.notifyWorker(id);
    },
    async send(tx, queue, data, sendOptions = {}) {
      await boss.send(queue, data, { ...defaults[queue], ...sendOptions, db: txAdapter(tx) });
    },
    async sendMany(tx, queue, items) {
      if (!items.length) return;
      const { retryLimit, retryDelay, retryBackoff, expireInSeconds, deadLetter } = defaults[queue];
      for (let i = 0; i < items.length; i += 1000) {
        await boss.insert(
          items.slice(i, i + 1000).map((item) => ({
            name: queue,
            data: item.data,
            startAfter: item.startAfter,
            singletonKey: item.singletonKey,
            retryLimit,
            retryDelay,
            retryBackoff,
            expireInSeconds,
            deadLetter,
          })),
          { db: txAdapter(tx) },
        );
      }
    },
    async retryNow(tx, queue) {
      const result = (await tx.execute(
        sql`UPDATE pgboss.job SET state = 'retry', retry_count = 0, start_after = now(), completed_on = NULL, output = NULL
            WHERE name = ${queue} AND state IN ('retry', 'failed')`,
      )) as unknown as { rowCount?: number; affectedRows?: number };
      return result.rowCount ?? result.affectedRows ?? 0;
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: options.stopTimeoutMs ?? 10_000 });
      stopped = true;
    },
  };
}
