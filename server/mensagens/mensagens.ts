/**
 * WhatsApp messages (DESIGN 7, issue 10): alerts about charges and the staff's "Enviar".
 *
 * A message is a `mensagens` row with a unique key, written in the transaction of the change that
 * causes it, together with its queue job (queue/boss.ts). An alert's key is (charge, kind,
 * occurrence): a replay, a retry, a restart or two app processes can never make a second one.
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
import { and, eq, inArray, isNotNull, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import { addDays, daysBetween, type CalendarDate } from '../../domain/calendar';
import { clienteNome } from '../../domain/clientes';
import { COBRANCA_STATUS, comEmpresa, fillTemplate } from '../../domain/financeiro';
import { formatDate, formatMoney, formatNumero } from '../../domain/formatters';
import type { Db, DbOrTx } from '../db/client';
import { clientes, cobrancas, mensagens } from '../db/schema';
import { findSent, sendText, type WhatsConfig } from '../integrations/evolution';
import { DEFAULT_TIMEOUT_MS, IntegrationError } from '../integrations/http';
import { QUEUES, type JobQueue } from '../queue/boss';
import { companySecrets, getCompany, integrationActive, type CompanySettings } from '../regras/company';
import { linkPagamento } from '../regras/public-url';
import { REENVIO_MINUTOS, type PAGAMENTO_PLACEHOLDERS } from '../../domain/pagamento';
import { ESPERA_MINUTOS, type AlertaPlaceholder } from '../../domain/constants';

export const ALERT_KINDS = ['novacobranca', 'vencehoje', 'vencida', 'cancelada', 'recebida', 'atualizada'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/**
 * The alerts that wait the company's `esperaMinutos` before they go (issue 30 item 8): a charge's
 * "nova cobrança" and "cobrança atualizada". Their job starts after the wait (pg-boss' startAfter,
 * in the database: a restart keeps it), and delivery renders them again from the charge as it is
 * then: a value corrected meanwhile goes corrected, in one message; a charge cancelled or received
 * meanwhile sends nothing (removed: its messages go with it).
 */
export const ALERTAS_COM_ESPERA: readonly AlertKind[] = ['novacobranca', 'atualizada'];
const comEspera = (kind: string) => (ALERTAS_COM_ESPERA as readonly string[]).includes(kind);

export const MENSAGEM_STATUS = ['pendente', 'enviando', 'enviada', 'falhou', 'ignorada'] as const;

export const MOTIVO = {
  naoEnviar: 'O cliente está marcado para não receber mensagens.',
  whatsInativo: 'A integração com o WhatsApp não está ativa.',
  semCelular: 'O cliente não tem celular cadastrado.',
  emDuvida: 'O envio foi interrompido; verificado no WhatsApp antes de reenviar.',
  verificar: 'Será verificado no WhatsApp antes de qualquer reenvio.',
  canceladaAntes: 'A cobrança foi cancelada antes do envio.',
  recebidaAntes: 'A cobrança foi recebida antes do envio.',
  enviadaPelaEquipe: 'A equipe enviou a cobrança antes do fim da espera.',
} as const;

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

/** Digits with the country code, as Evolution wants them: 11 987654321 → 5511987654321. */
export function whatsNumber(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (!digits) return '';
  return digits.length <= 11 ? `55${digits}` : digits;
}

interface Recipient {
  cadastro: string;
  name: string;
  razaosocial: string;
  mobilePhone: string;
  contatos: Array<Record<string, string>>;
  naoEnviarMensagens: boolean;
}

export const mobileOf = (client: Pick<Recipient, 'mobilePhone' | 'contatos'>) =>
  client.mobilePhone || client.contatos.find((contato) => contato.mobilePhone)?.mobilePhone || '';

const recipientColumns = {
  cadastro: clientes.cadastro,
  name: clientes.name,
  razaosocial: clientes.razaosocial,
  mobilePhone: clientes.mobilePhone,
  contatos: clientes.contatos,
  naoEnviarMensagens: clientes.naoEnviarMensagens,
};

/** The placeholders of the alert templates (SPEC 9), for one charge. */
export function alertValues(
  cobranca: typeof cobrancas.$inferSelect,
  nome: string,
  empresa: string,
): Record<AlertaPlaceholder | 'empresa', string> {
  return {
    empresa,
    codigo: formatNumero(cobranca.id),
    nome,
    descricao: cobranca.descricao,
    valor: formatMoney(cobranca.valor),
    dataCriacao: formatDate(cobranca.datecreated),
    vencimento: formatDate(cobranca.duedate),
    linkFatura: cobranca.invoiceUrl,
    linkBoleto: cobranca.bankSlipUrl,
    // The way to pay (DESIGN 10): only while it can be paid; the gateway's PIX and boleto as the sync read them.
    ...pagamentoValues(cobranca),
  };
}

function pagamentoValues(cobranca: typeof cobrancas.$inferSelect): Record<(typeof PAGAMENTO_PLACEHOLDERS)[number], string> {
  const open = cobranca.status === COBRANCA_STATUS.EM_ABERTO || cobranca.status === COBRANCA_STATUS.VENCIDA;
  const pix = cobranca.pix as { payload?: unknown } | null;
  const boleto = cobranca.boleto as { identificationField?: unknown } | null;
  return {
    linkPagamento: open ? linkPagamento(cobranca.token) : '',
    pixCopiaECola: open && typeof pix?.payload === 'string' ? pix.payload : '',
    linhaDigitavel: open && typeof boleto?.identificationField === 'string' ? boleto.identificationField : '',
  };
}

/** Why a message to this client is not sent, or null. */
function skipReason(company: CompanySettings, client: Recipient | undefined): string | null {
  if (client?.naoEnviarMensagens) return MOTIVO.naoEnviar;
  if (!integrationActive(company, 'whats')) return MOTIVO.whatsInativo;
  if (!client || !mobileOf(client)) return MOTIVO.semCelular;
  return null;
}

/** The job of a message: its id is derived from the key, so enqueuing it twice stores one job while it lives. */
const jobOf = (row: { id: number; key: string }, startAfter?: Date) => ({
  data: { id: row.id },
  singletonKey: row.key,
  ...(startAfter ? { startAfter } : {}),
});

type NewMensagem = typeof mensagens.$inferInsert;

/**
 * Stores messages (a key already there is left alone) and enqueues a job for each new pending one;
 * a row whose `proximaTentativa` is in the future (an alert's wait) gets a job that starts then.
 */
async function store(tx: DbOrTx, queue: JobQueue, rows: NewMensagem[]): Promise<number> {
  let created = 0;
  const now = Date.now();
  const startOf = new Map(
    rows.flatMap((row) =>
      row.proximaTentativa instanceof Date && row.proximaTentativa.getTime() > now ? [[row.key, row.proximaTentativa]] : [],
    ),
  );
  for (let i = 0; i < rows.length; i += 500) {
    const inserted = await tx
      .insert(mensagens)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing({ target: mensagens.key })
      .returning({ id: mensagens.id, key: mensagens.key, status: mensagens.status });
    created += inserted.length;
    await queue.sendMany(
      tx,
      QUEUES.mensagem.name,
      inserted.filter((row) => row.status === 'pendente').map((row) => jobOf(row, startOf.get(row.key))),
    );
  }
  return created;
}

/** The company's wait before a charge's message goes, in milliseconds (bounded as the settings' schema bounds it). */
export function esperaMs(company: CompanySettings): number {
  const minutes = Number(company.integrations.notificacoes.esperaMinutos ?? ESPERA_MINUTOS.padrao);
  if (!Number.isFinite(minutes)) return ESPERA_MINUTOS.padrao * 60_000;
  return Math.min(Math.max(minutes, ESPERA_MINUTOS.min), ESPERA_MINUTOS.max) * 60_000;
}

export interface AlertRequest {
  idcobranca: number;
  kind: AlertKind;
  occurrence?: number;
}

/**
 * The alerts for some charges, rendered from the company's templates now: one read, one insert.
 * `company`: the settings the caller already read in this transaction.
 */
export async function enqueueAlertas(
  tx: DbOrTx,
  queue: JobQueue,
  requests: readonly AlertRequest[],
  company?: CompanySettings,
): Promise<number> {
  if (!requests.length) return 0;
  company ??= await getCompany(tx);
  const ids = [...new Set(requests.map((request) => request.idcobranca))];
  const rows = await tx
    .select({ cobranca: cobrancas, client: recipientColumns })
    .from(cobrancas)
    .innerJoin(clientes, eq(clientes.id, cobrancas.idcliente))
    .where(inArray(cobrancas.id, ids));
  const byId = new Map(rows.map((row) => [row.cobranca.id, row]));
  const espera = esperaMs(company);
  const values: NewMensagem[] = [];
  for (const request of requests) {
    const row = byId.get(request.idcobranca);
    if (!row) continue;
    const occurrence = request.occurrence ?? 0;
    const skip = skipReason(company, row.client);
    const template = String(company.integrations.alertas[request.kind] ?? '');
    values.push({
      key: `alerta:${row.cobranca.id}:${request.kind}:${occurrence}`,
      kind: request.kind,
      occurrence,
      idcobranca: row.cobranca.id,
      idcliente: row.cobranca.idcliente,
      destino: whatsNumber(mobileOf(row.client)),
      texto: fillTemplate(comEmpresa(template), alertValues(row.cobranca, clienteNome(row.client), company.dadosempresa.nome)),
      status: skip ? 'ignorada' : 'pendente',
      motivo: skip ?? '',
      ...(!skip && espera > 0 && comEspera(request.kind) ? { proximaTentativa: new Date(Date.now() + espera) } : {}),
    });
  }
  return store(tx, queue, values);
}

/**
 * The staff's "Enviar" of a contract or a charge: always a new message (key with a nonce), shown
 * in the charge's log too. The caller checked that WhatsApp is active and the client has a mobile.
 */
/**
 * Minutes since the newest message about the charge that went or is going (pendente, enviando,
 * enviada), when it was stored within `REENVIO_MINUTOS`; null otherwise. Enviar asks before sending
 * such a charge again (issue 30).
 */
export async function envioRecente(tx: DbOrTx, idcobranca: number): Promise<number | null> {
  const [row] = await tx
    .select({ minutos: sql<number>`floor(extract(epoch FROM now() - ${mensagens.createdAt}) / 60)::int` })
    .from(mensagens)
    .where(
      and(
        eq(mensagens.idcobranca, idcobranca),
        // What went or is going: an alert still pending in its wait (ALERTAS_COM_ESPERA) has not
        // gone, and this send takes its place (enqueueEnvio), so the client gets one.
        or(
          inArray(mensagens.status, ['enviando', 'enviada']),
          and(eq(mensagens.status, 'pendente'), notInArray(mensagens.kind, [...ALERTAS_COM_ESPERA])),
        ),
        sql`${mensagens.createdAt} > now() - make_interval(mins => ${REENVIO_MINUTOS})`,
      ),
    )
    .orderBy(sql`${mensagens.id} DESC`)
    .limit(1);
  return row ? Math.max(0, Number(row.minutos)) : null;
}

export async function enqueueEnvio(
  tx: DbOrTx,
  queue: JobQueue,
  message: { key: string; idcliente: number; idcobranca?: number; idcontrato?: number; destino: string; texto: string },
): Promise<void> {
  // The charge's own message still waiting would say the same again: this one goes instead.
  if (message.idcobranca)
    await tx
      .update(mensagens)
      .set({ status: 'ignorada', motivo: MOTIVO.enviadaPelaEquipe, updatedAt: new Date() })
      .where(
        and(
          eq(mensagens.idcobranca, message.idcobranca),
          inArray(mensagens.kind, [...ALERTAS_COM_ESPERA]),
          eq(mensagens.status, 'pendente'),
        ),
      );
  await store(tx, queue, [{ ...message, kind: 'envio', destino: whatsNumber(message.destino), status: 'pendente' }]);
}

/**
 * The day's time-driven alerts (run by the billing job after it settles the day): vencehoje for
 * open charges due today; vencida the day after the due date and then `repeticoes` more times
 * every `intervalo` days, for charges still overdue. The occurrence a day falls in is
 * floor((days overdue − 1) / intervalo), so a day the job missed is caught up the next day.
 * Nothing is generated while WhatsApp is off (a skipped daily alert would only be noise).
 */
export async function enqueueDailyAlertas(tx: DbOrTx, queue: JobQueue, today: CalendarDate): Promise<number> {
  const company = await getCompany(tx);
  if (!integrationActive(company, 'whats')) return 0;
  const { repeticoes, intervalo } = company.integrations.notificacoes;
  const lastDay = 1 + Number(repeticoes) * Number(intervalo);
  const requests: AlertRequest[] = [];
  const dueToday = await tx
    .select({ id: cobrancas.id })
    .from(cobrancas)
    .where(
      and(
        eq(cobrancas.duedate, today),
        eq(cobrancas.status, COBRANCA_STATUS.EM_ABERTO),
        sql`NOT EXISTS (SELECT 1 FROM mensagens m WHERE m.key = 'alerta:' || ${cobrancas.id} || ':vencehoje:0')`,
      ),
    );
  for (const row of dueToday) requests.push({ idcobranca: row.id, kind: 'vencehoje' });
  const overdue = await tx
    .select({ id: cobrancas.id, duedate: cobrancas.duedate })
    .from(cobrancas)
    .where(
      and(
        eq(cobrancas.status, COBRANCA_STATUS.VENCIDA),
        lte(cobrancas.duedate, addDays(today, -1)),
        sql`${cobrancas.duedate} >= ${addDays(today, -lastDay)}::date`,
      ),
    );
  for (const row of overdue) {
    const occurrence = Math.floor((daysBetween(row.duedate, today) - 1) / Number(intervalo));
    if (occurrence >= 0 && occurrence <= Number(repeticoes)) requests.push({ idcobranca: row.id, kind: 'vencida', occurrence });
  }
  let created = 0;
  for (let i = 0; i < requests.length; i += 1000) created += await enqueueAlertas(tx, queue, requests.slice(i, i + 1000), company);
  return created;
}

export const whatsConfig = (company: CompanySettings): WhatsConfig => ({
  server: String(company.integrations.whats.server ?? ''),
  instance: String(company.integrations.whats.instance ?? ''),
  token: String(company.integrations.whats.token ?? ''),
  secrets: companySecrets(company),
});

type Claimed = { id: number; destino: string; texto: string; status: string; tentativas: number; tentativaEm: Date | null };

/**
 * A waiting alert of a charge (ALERTAS_COM_ESPERA) as it goes now: rendered from the charge, its
 * client and the template as they are, or why it goes no more (the charge cancelled or received,
 * the client's "Não enviar mensagens", no mobile, WhatsApp off).
 */
export async function alertaAtual(
  tx: DbOrTx,
  idcobranca: number,
  kind: AlertKind,
  company: CompanySettings,
): Promise<{ texto: string; destino: string; idcliente: number } | { motivo: string } | null> {
  const [row] = await tx
    .select({ cobranca: cobrancas, client: recipientColumns })
    .from(cobrancas)
    .innerJoin(clientes, eq(clientes.id, cobrancas.idcliente))
    .where(eq(cobrancas.id, idcobranca));
  if (!row) return null;
  if (row.cobranca.status === COBRANCA_STATUS.CANCELADA) return { motivo: MOTIVO.canceladaAntes };
  if (row.cobranca.status === COBRANCA_STATUS.RECEBIDA) return { motivo: MOTIVO.recebidaAntes };
  const skip = skipReason(company, row.client);
  if (skip) return { motivo: skip };
  return {
    texto: fillTemplate(
      comEmpresa(String(company.integrations.alertas[kind] ?? '')),
      alertValues(row.cobranca, clienteNome(row.client), company.dadosempresa.nome),
    ),
    destino: whatsNumber(mobileOf(row.client)),
    idcliente: row.cobranca.idcliente,
  };
}

/**
 * Takes the message for one attempt (its lease), or nothing when there is nothing to send (sent,
 * skipped, removed). An enviando row whose lease or in-doubt wait has not run out is another
 * attempt's, and a row locked by a change of its charge (services/cobrancas.ts) is being rewritten:
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
  /** The Evolution calls' timeout (http.ts' default when absent). */
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
