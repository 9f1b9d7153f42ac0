/**
 * What happens by itself, in one place (issue 10, DESIGN 7): the follow-ups a change enqueues in its
 * own transaction (`createEffects`), and the one handler table of the queue (message delivery, the
 * daily billing run with the day's alerts, the sweep, the gateway's webhook events, the Traccar and
 * Asaas syncs, the imports) and of the webhook's events beyond a payment's own (`GATEWAY_EVENTS`).
 * It sits on top, beside app.ts, so it may call any feature; no route registers a handler. Every
 * app process runs workers; pg-boss gives each job to one of them. The schedules are pg-boss crons
 * in APP_TIMEZONE: one job per slot whatever the number of processes.
 */
import type PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { CLIENTE_STATUS, CLIENTE_STATUS_LABEL } from '../domain/constants';
import { formatNumero } from '../domain/formatters';
import { chargeFromPayment } from './asaas/charges';
import { definirWebhook } from './atendimento/configuracao';
import { processarEvento } from './atendimento/recebimento';
import { emSegundoPlano } from './db/prioridade';
import { encerrarInativas } from './atendimento/conversas';
import { createAsaasSync } from './asaas/sync';
import { cobrancasCriadas } from './cobrancas/cobrancas';
import { efeitosDoBloqueio, type ContratoChange } from './cobrancas/bloqueio';
import type { Effects } from './cobrancas/effects';
import { runBilling, type ClientChange } from './cobrancas/faturamento';
import { proporReajustes } from './cobrancas/reajustes';
import { aplicarEventoNfse, INVOICE_EVENTS } from './cobrancas/nfse';
import { autorizacaoEvento, capturaRecusada, negativacaoEvento, PIX_AUTOMATICO_EVENTS } from './cobrancas/formas';
import { INSTRUCAO_EVENTS, instrucaoEvento } from './cobrancas/pix-debito';
import { processGatewayEvent, type EventHandler, type EventHandlers } from './cobrancas/pagamentos';
import type { Db, DbOrTx } from './db/client';
import { retomarBloqueios, runBloqueioJob } from './frota/traccar-bloqueio';
import { runTraccarJob } from './frota/traccar-jobs';
import { retomarImportacoes } from './importacao/criar';
import { marcarImportacaoFalhou, runImportacao } from './importacao/importacao';
import { enqueueDailyAlertas } from './mensagens/alertas';
import { deliver, sweepMensagens } from './mensagens/entrega';
import { QUEUES, type JobQueue, type QueueName } from './queue/boss';
import { ACAO, audit } from './regras/auditoria';
import { appTimeZone, appToday } from './regras/clock';
import { getCompany, integrationActive } from './regras/company';
import type { ServerKeys } from './seguranca/chave';
import { pruneRateLimits } from './seguranca/rate-limit';

/**
 * The app's effects (their contract: cobrancas/effects.ts): what follows a change by itself, always
 * in the transaction of the change, as queue jobs and log rows. A client blocked or unblocked by
 * billing is audited and its Traccar user follows; the billing run's new charges go to the charges'
 * owner (cobrancas/cobrancas.ts), which decides every follow-up of a charge.
 */
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
    const blockMoves = changes.filter(
      (change) => change.status === CLIENTE_STATUS.BLOQUEADO || change.previous === CLIENTE_STATUS.BLOQUEADO,
    );
    if (!blockMoves.length) return;
    await audit(
      tx,
      blockMoves.map((change) => ({
        acao: change.status === CLIENTE_STATUS.BLOQUEADO ? ACAO.bloqueio : ACAO.desbloqueio,
        idcliente: change.id,
        descricao:
          change.status === CLIENTE_STATUS.BLOQUEADO
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

  // Contracts blocked or unblocked by billing: audited, their vehicles' Traccar jobs enqueued (cobrancas/bloqueio.ts).
  const contratosChanged = (tx: DbOrTx, changes: ContratoChange[]) => efeitosDoBloqueio(tx, queue, changes);

  const effects: Effects = { queue, chargesCreated, clientsChanged, contratosChanged, syncTraccarClientes, keys };
  return effects;
}

/**
 * The gateway's webhook events beyond a payment's own transitions (cobrancas/pagamentos.ts applies
 * those): a subscription's payment Asaas generated becomes its charge (PAYMENT_CREATED), a refused
 * card capture, and the NFS-e events update the charge's invoice. Applied once from the queue, like payments.
 */
const nfseEvent: EventHandler = (tx, event) => aplicarEventoNfse(tx, event);
export const GATEWAY_EVENTS: EventHandlers = {
  PAYMENT_CREATED: (tx, event, effects) => chargeFromPayment(tx, event.payment ?? {}, effects),
  // A card capture refused (DESIGN 11): the card recusado, the payment back to PIX and boleto, the alert cartaoRecusado.
  PAYMENT_CREDIT_CARD_CAPTURE_REFUSED: capturaRecusada,
  // Negativação (DESIGN 11): its status read again; PAYMENT_DUNNING_RECEIVED pays the charge (pagamentos.ts).
  PAYMENT_DUNNING_REQUESTED: negativacaoEvento,
  // Pix Automático's authorization (DESIGN 11): ativa, or back to boleto/PIX with formaAlterada.
  ...Object.fromEntries(PIX_AUTOMATICO_EVENTS.map((name) => [name, autorizacaoEvento])),
  // Its debits' instructions (DESIGN 11): scheduled, or refused/cancelled back to the normal dunning.
  ...Object.fromEntries(INSTRUCAO_EVENTS.map((name) => [name, instrucaoEvento])),
  ...Object.fromEntries(INVOICE_EVENTS.map((name) => [name, nfseEvent])),
};

export type JobHandler = (data: Record<string, unknown>, job: PgBoss.Job<Record<string, unknown>>) => Promise<unknown>;

export interface WorkerOptions {
  /** Polling interval of each worker (pg-boss's minimum is 0.5 s). */
  pollingIntervalSeconds?: number;
  /** Workers for message delivery: messages of a burst go out in parallel. */
  senders?: number;
  /** Run the billing job once at start-up (besides 00:01 every day). */
  billingAtStart?: boolean;
  /** The Evolution calls' timeout in message delivery (integrations/http.ts' default, 10 s, when absent; tests shorten it). */
  whatsTimeoutMs?: number;
}

/** Runs `task` over `items`, at most `limit` at a time. */
async function inParallel<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await task(items[next++]);
    }),
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The queue's handlers, one table (workers.ts). */
    workers: Workers;
  }
}

export class Workers {
  readonly #handlers = new Map<QueueName, JobHandler>();
  #options: WorkerOptions = {};

  /**
   * Every queue's handler, in one table: the messages, the sweep, the billing run, the gateway's
   * webhook events, and the Traccar and Asaas syncs.
   */
  constructor(
    private readonly db: Db,
    private readonly queue: JobQueue,
    private readonly effects: Effects,
    private readonly log: FastifyBaseLogger,
    /** ASAAS_BASE_URL: the fake in tests. */
    asaasBaseUrl?: string,
  ) {
    const asaas = createAsaasSync({ db, effects, log, baseUrl: asaasBaseUrl });
    const handlers: Record<QueueName, JobHandler> = {
      [QUEUES.mensagem.name]: async (data) => deliver(db, queue, Number(data.id), { timeoutMs: this.#options.whatsTimeoutMs }),
      [QUEUES.varredura.name]: async () => ({
        mensagens: await sweepMensagens(db, queue),
        rateLimits: await pruneRateLimits(db),
        // Idle WhatsApp conversations close (atendimento/conversas.ts).
        conversas: await encerrarInativas(db),
        // Contract blocks whose Traccar job was given up (or Traccar activated since) go again.
        bloqueios: await retomarBloqueios(db, queue),
      }),
      [QUEUES.faturamento.name]: async () => {
        const today = appToday();
        const counts = await runBilling(db, { today, effects });
        const alertas = counts.skipped ? 0 : await db.transaction((tx) => enqueueDailyAlertas(tx, queue, today));
        log.info({ billing: counts, alertas }, counts.skipped ? 'faturamento: outro processo já está executando' : 'faturamento executado');
        return { ...counts, alertas };
      },
      [QUEUES.reajuste.name]: async () => {
        const result = await proporReajustes(db, { today: appToday(), log });
        log.info({ reajuste: result }, 'reajustes propostos');
        return result;
      },
      [QUEUES.webhook.name]: async (data) => processGatewayEvent(db, effects, Number(data.id), GATEWAY_EVENTS),
      // WhatsApp conversations: an incoming message, then Evolution's webhook after a save (atendimento/).
      [QUEUES.atendimento.name]: async (data) => processarEvento(db, queue, Number(data.id)),
      [QUEUES.atendimentoWebhook.name]: async (data) => definirWebhook(db, data),
      [QUEUES.traccar.name]: (data) => runTraccarJob(db, data, effects.keys),
      [QUEUES.traccarBloqueio.name]: (data) => runBloqueioJob(db, data),
      [QUEUES.asaas.name]: (data) => asaas.handle(data),
      [QUEUES.importacao.name]: (data) => runImportacao(db, effects, Number(data.id)),
      [QUEUES.importacaoFalhou.name]: (data) => marcarImportacaoFalhou(db, Number(data.id)),
    };
    for (const [name, handler] of Object.entries(handlers)) this.handle(name as QueueName, handler);
  }

  /** Registers (or replaces) the handler of a queue (a test may replace one before `start`). */
  handle(queue: QueueName, handler: JobHandler) {
    this.#handlers.set(queue, handler);
  }

  async start(options: WorkerOptions = {}) {
    this.#options = options;
    const { boss } = this.queue;
    const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
    for (const [name, handler] of this.#handlers) {
      // Messages go out several at a time, and chats are answered several at a time (each chat under
      // its own lock); the other queues one by one, in their order.
      // Contracts' blocks too (each contract held by one job: traccar-bloqueio.ts).
      const parallel =
        name === QUEUES.mensagem.name
          ? (options.senders ?? 5)
          : name === QUEUES.atendimento.name
            ? 5
            : name === QUEUES.traccarBloqueio.name
              ? 32
              : 1;
      const batchSize =
        name === QUEUES.mensagem.name || name === QUEUES.atendimento.name ? parallel : name === QUEUES.traccarBloqueio.name ? 64 : 10;
      const workers = name === QUEUES.mensagem.name ? 2 : 1;
      for (let w = 0; w < workers; w++) {
        let workerId = '';
        // Background work (db/prioridade.ts): on PGlite the worker's fetches and its jobs' statements
        // give way to the requests' (a webhook answers while the bot works through a burst).
        workerId = await emSegundoPlano(() =>
          boss.work<Record<string, unknown>>(name, { pollingIntervalSeconds, batchSize }, async (jobs) => {
            await inParallel(jobs, parallel, async (job) => {
              try {
                await emSegundoPlano(() => handler(job.data ?? {}, job));
              } catch (error) {
                this.log.warn({ err: error, queue: name, job: job.id }, 'tarefa falhou; nova tentativa conforme a fila');
                // This job alone fails (and is retried); the rest of the batch completes.
                await boss.fail(name, job.id, { message: error instanceof Error ? error.message : String(error) });
              }
            });
            // A full batch: more may be waiting, so fetch again at once instead of after the polling interval.
            if (jobs.length === batchSize) boss.notifyWorker(workerId);
          }),
        );
        this.queue.registerWorker(name, workerId);
      }
    }
    // Imports a stopped process left half done go on (from their last committed batch).
    await retomarImportacoes(this.db, this.queue);
    // Contract blocks whose Traccar change is due with no job waiting (frota/traccar-bloqueio.ts).
    await retomarBloqueios(this.db, this.queue);
    const tz = appTimeZone();
    await boss.schedule(QUEUES.faturamento.name, '1 0 * * *', {}, { tz });
    await boss.schedule(QUEUES.varredura.name, '*/5 * * * *', {}, { tz });
    await boss.schedule(QUEUES.reajuste.name, '30 0 * * *', {}, { tz });
    if (options.billingAtStart) {
      // Every start runs it (DESIGN 7), however soon after the last: a quick restart must not wait
      // for 00:01 to bill what came due meanwhile. Processes started together each enqueue one;
      // the run takes an advisory lock (one at a time, the others skip) and is idempotent.
      await boss.send(QUEUES.faturamento.name, { inicio: true }, { ...QUEUES.faturamento });
    }
  }
}
