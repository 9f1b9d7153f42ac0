/**
 * Delivering a WhatsApp message (DESIGN 7, issue 10), the queue's handler of each message's job.
 * Delivery (one job per message) moves the row pendente → enviando → enviada, each step committed:
 * - a row is sent only from pendente (or an in-doubt enviando), under FOR UPDATE SKIP LOCKED, so a
 *   duplicate job finds nothing to do;
 * - enviando is committed before the call with a lease (`proxima_tentativa`, longer than the
 *   attempt's calls can take): while it runs, another worker leaves the row alone;
 * - a send whose outcome is unknown is in doubt: the process died during the call (the lease ran
 *   out), or the call timed out or lost its connection after the request went (Evolution may have
 *   delivered it and answered late). The row stays enviando, its reason and next attempt's time
 *   recorded with a new job; that attempt first asks Evolution (findMessages, since the first send
 *   in doubt) whether it went, and sends only if not. A timeout is never taken for "not sent";
 * - a failure known to have sent nothing and worth retrying (refused connection, 5xx,
 *   disconnected) puts the row back to pendente with its reason, the next attempt's time and a new
 *   job, in one transaction: nothing is dropped; a final one (number without WhatsApp) is falhou;
 * - a client marked "Não enviar mensagens", WhatsApp off or no mobile phone: ignorada, with why;
 * - a charge's novacobranca and atualizada wait the company's esperaMinutos (their job's startAfter)
 *   and are rendered again from the charge when they go (ALERTAS_COM_ESPERA, issue 30).
 */
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mensagens } from '../db/schema';
import { findSent, sendText } from '../integrations/evolution';
import { DEFAULT_TIMEOUT_MS, IntegrationError } from '../integrations/http';
import { QUEUES, type JobQueue } from '../queue/boss';
import { getCompany, integrationActive, type CompanySettings } from '../regras/company';
import { alertaAtual } from './alertas';
import { comEspera, MOTIVO, whatsConfig, type AlertKind } from './mensagens';

/**
 * How long an attempt owns its row: its calls (findMessages for two chats, then sendText) each
 * within the timeout, and a margin. Past it, an attempt that left no outcome is in doubt.
 */
const leaseMs = (timeoutMs: number) => 3 * timeoutMs + 5_000;

/** Another worker is sending this message right now: the job is retried later. */
export class SendInProgress extends Error {
  constructor() {
    super('Envio em andamento por outro processo; nova verificação em seguida.');
  }
}
/** Back-off between attempts of one message: 5 s, 10 s, 20 s … at most 30 minutes; then falhou after a day. */
const retryDelayMs = (attempt: number) => Math.min(5_000 * 2 ** Math.max(0, attempt - 1), 30 * 60_000);
const MAX_ATTEMPTS = 60;

type Claimed = { id: number; destino: string; texto: string; status: string; tentativas: number; tentativaEm: Date | null };

/**
 * Takes the message for one attempt (its lease), or nothing when there is nothing to send (sent,
 * skipped, removed). An enviando row whose lease or in-doubt wait has not run out is another
 * attempt's, and a row locked by a change of its charge (cobrancas/cobrancas.ts) is being rewritten:
 * SendInProgress, and the job is retried later. `tentativaEm` is the time of the first send still
 * in doubt, kept while the doubt lasts: findMessages looks from there. A waiting alert of a charge
 * (ALERTAS_COM_ESPERA) not sent yet is rendered again from the charge as it is now.
 */
async function claim(db: Db, id: number, lease: number, company: CompanySettings): Promise<{ row: Claimed; inDoubt: boolean } | null> {
  return db.transaction(async (tx) => {
    const [row] = (
      (await tx.execute(sql`
        SELECT id, kind, idcobranca, destino, texto, status, tentativas, tentativa_em AS "tentativaEm", proxima_tentativa AS "proximaTentativa"
        FROM mensagens WHERE id = ${id} FOR UPDATE SKIP LOCKED`)) as unknown as {
        rows: Array<Claimed & { kind: string; idcobranca: number | null; proximaTentativa: Date | string }>;
      }
    ).rows;
    if (!row) {
      const [exists] = await tx.select({ status: mensagens.status }).from(mensagens).where(eq(mensagens.id, id));
      if (exists?.status === 'pendente') throw new SendInProgress();
      return null;
    }
    const tentativaEm = row.tentativaEm ? new Date(row.tentativaEm) : null;
    const inDoubt = row.status === 'enviando';
    // A second's slack: the queue's clock (the database's) may run a little ahead of this one.
    if (inDoubt && new Date(row.proximaTentativa).getTime() > Date.now() + 1_000) throw new SendInProgress();
    if (row.status !== 'pendente' && !inDoubt) return null;
    const now = new Date();
    let current: { texto: string; destino: string; idcliente?: number } = row;
    if (!inDoubt && row.idcobranca !== null && comEspera(row.kind)) {
      const atual = await alertaAtual(tx, Number(row.idcobranca), row.kind as AlertKind, company);
      if (!atual) return null;
      if ('motivo' in atual) {
        await tx.update(mensagens).set({ status: 'ignorada', motivo: atual.motivo, updatedAt: now }).where(eq(mensagens.id, id));
        return null;
      }
      current = atual;
    }
    await tx
      .update(mensagens)
      .set({
        status: 'enviando',
        tentativas: row.tentativas + 1,
        texto: current.texto,
        destino: current.destino,
        ...(current.idcliente ? { idcliente: current.idcliente } : {}),
        // A send in doubt keeps the time it was made: findMessages must look from there.
        ...(inDoubt && tentativaEm ? {} : { tentativaEm: now }),
        proximaTentativa: new Date(now.getTime() + lease),
        updatedAt: now,
      })
      .where(eq(mensagens.id, id));
    const claimed: Claimed = {
      id: row.id,
      destino: current.destino,
      texto: current.texto,
      status: row.status,
      tentativas: row.tentativas,
      tentativaEm: inDoubt && tentativaEm ? tentativaEm : now,
    };
    return { row: claimed, inDoubt: inDoubt && tentativaEm !== null };
  });
}

export interface DeliverOptions {
  /** The Evolution calls' timeout (integrations/http.ts' default when absent). */
  timeoutMs?: number;
}

/** One delivery attempt of one message (the queue's handler). */
export async function deliver(db: Db, queue: JobQueue, id: number, options: DeliverOptions = {}): Promise<string> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const company = await getCompany(db);
  const claimed = await claim(db, id, leaseMs(timeoutMs), company);
  if (!claimed) return 'nada a fazer';
  const { row, inDoubt } = claimed;
  const finish = (values: Partial<typeof mensagens.$inferInsert>) =>
    db
      .update(mensagens)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(mensagens.id, id));
  if (!integrationActive(company, 'whats')) {
    // Nothing is sent now; one in doubt may have gone, but WhatsApp off cannot tell.
    await finish({ status: 'ignorada', motivo: MOTIVO.whatsInativo });
    return 'ignorada';
  }
  const config = { ...whatsConfig(company), timeoutMs };
  /** Where the attempt is: settling an earlier send in doubt, sending, or sent (recording it). */
  let phase: 'settle' | 'send' | 'sent' = inDoubt ? 'settle' : 'send';
  try {
    if (inDoubt && row.tentativaEm) {
      // The same text to the same number by another message (staff sent it twice): its id is not this one's.
      const others = await db
        .select({ externalId: mensagens.externalId })
        .from(mensagens)
        .where(
          and(eq(mensagens.destino, row.destino), eq(mensagens.texto, row.texto), ne(mensagens.id, id), isNotNull(mensagens.externalId)),
        );
      const taken = new Set(others.map((other) => String(other.externalId)));
      const found = await findSent(config, row.destino, row.texto, row.tentativaEm, taken);
      if (found !== null) {
        await finish({ status: 'enviada', enviadaEm: new Date(), externalId: found || null, motivo: MOTIVO.emDuvida });
        return 'enviada (confirmada)';
      }
      phase = 'send';
    }
    const sent = await sendText(config, row.destino, row.texto);
    phase = 'sent';
    await finish({ status: 'enviada', enviadaEm: new Date(), externalId: sent.id || null, motivo: '' });
    return 'enviada';
  } catch (error) {
    const integration = error instanceof IntegrationError ? error : null;
    const reason = integration?.message ?? 'Falha inesperada ao enviar pelo WhatsApp.';
    const attempts = row.tentativas + 1;
    // In doubt: the earlier send is still unsettled, the send got no answer, or it went and recording it failed.
    const doubt = phase === 'settle' ? inDoubt : phase === 'sent' || !integration || integration.inDoubt;
    const retry =
      doubt ||
      (integration ? integration.transient || ['unauthorized', 'not_found', 'connection_closed'].includes(integration.code) : true);
    if (!retry || attempts >= MAX_ATTEMPTS) {
      await finish({ status: 'falhou', motivo: reason });
      return 'falhou';
    }
    const next = new Date(Date.now() + retryDelayMs(attempts));
    await db.transaction(async (tx) => {
      await tx
        .update(mensagens)
        .set({
          // In doubt it stays enviando, with the send's time: the next attempt asks Evolution first.
          status: doubt ? 'enviando' : 'pendente',
          motivo: doubt ? `${reason} ${MOTIVO.verificar}` : reason,
          proximaTentativa: next,
          updatedAt: new Date(),
        })
        .where(eq(mensagens.id, id));
      await queue.sendMany(tx, QUEUES.mensagem.name, [{ data: { id }, startAfter: next }]);
    });
    return doubt ? `em dúvida: verificação às ${next.toISOString()}` : `nova tentativa às ${next.toISOString()}`;
  }
}

/**
 * The safety net (every 5 minutes): a pending message past its time with no live job (its jobs
 * failed for good, or were lost with a dropped database) and an in-doubt one get a job again.
 * A duplicate job is harmless: delivery claims the row first.
 */
export async function sweepMensagens(db: Db, queue: JobQueue): Promise<number> {
  return db.transaction(async (tx) => {
    const stale = (
      (await tx.execute(sql`
        SELECT m.id, m.key FROM mensagens m
        WHERE m.status IN ('pendente', 'enviando')
          AND m.proxima_tentativa < now() - interval '5 minutes'
          AND (m.status = 'pendente' OR m.tentativa_em < now() - interval '5 minutes')
          AND NOT EXISTS (
            SELECT 1 FROM pgboss.job j
            WHERE j.name = ${QUEUES.mensagem.name} AND j.state < 'completed' AND (j.data->>'id')::bigint = m.id)
        LIMIT 5000`)) as unknown as { rows: Array<{ id: number; key: string }> }
    ).rows;
    await queue.sendMany(
      tx,
      QUEUES.mensagem.name,
      stale.map((row) => ({ data: { id: Number(row.id) } })),
    );
    return stale.length;
  });
}
