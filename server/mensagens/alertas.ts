/**
 * The alerts about charges (DESIGN 7, SPEC 9): rendered from the company's templates and stored
 * with their jobs (mensagens.ts): those a change of a charge asks for (cobrancas/cobrancas.ts), the
 * day's time-driven ones (vencehoje, vencida and its repetitions), and a waiting alert rendered
 * again as it goes (ALERTAS_COM_ESPERA).
 */
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { addDays, daysBetween, type CalendarDate } from '../../domain/calendar';
import { clienteNome } from '../../domain/clientes';
import { ESPERA_MINUTOS, type AlertaPlaceholder } from '../../domain/constants';
import { cobrancaPagavel } from '../../domain/cobranca';
import { COBRANCA_STATUS, comEmpresa, fillTemplate } from '../../domain/financeiro';
import { formatDate, formatMoney, formatNumero } from '../../domain/formatters';
import type { PAGAMENTO_PLACEHOLDERS } from '../../domain/pagamento';
import { descontoDaCobranca, descontoPlaceholders } from '../../domain/desconto';
import type { DbOrTx } from '../db/client';
import { assinaturas, clientes, cobrancas } from '../db/schema';
import type { JobQueue } from '../queue/boss';
import { getCompany, integrationActive, type CompanySettings } from '../regras/company';
import { linkPagamento } from '../regras/public-url';
import { comEspera, mobileOf, recipientColumns, skipReason, store, whatsNumber, type AlertKind, type NewMensagem } from './mensagens';

/** The placeholders of the alert templates (SPEC 9), for one charge. */
export function alertValues(
  cobranca: typeof cobrancas.$inferSelect,
  nome: string,
  empresa: string,
  pixAutomatico?: unknown,
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
    // Pix Automático's authorization waiting (DESIGN 11): its copia e cola, while the charge can be paid.
    pixAutomatico: cobrancaPagavel(cobranca) ? pixAutomaticoAguardando(pixAutomatico) : '',
    // The early-payment discount (DESIGN 11): only while it can be paid.
    ...descontoPlaceholders(
      cobrancaPagavel(cobranca) ? descontoDaCobranca(cobranca.desconto, Number(cobranca.valor), cobranca.duedate) : null,
    ),
  };
}

/** The copia e cola of a subscription's Pix Automático authorization still waiting, or ''. */
function pixAutomaticoAguardando(pix: unknown): string {
  const value = pix as { status?: unknown; payload?: unknown } | null | undefined;
  return value?.status === 'aguardando' && typeof value.payload === 'string' ? value.payload : '';
}

function pagamentoValues(cobranca: typeof cobrancas.$inferSelect): Record<(typeof PAGAMENTO_PLACEHOLDERS)[number], string> {
  const open = cobrancaPagavel(cobranca);
  const pix = cobranca.pix as { payload?: unknown } | null;
  const boleto = cobranca.boleto as { identificationField?: unknown } | null;
  return {
    linkPagamento: open ? linkPagamento(cobranca.token) : '',
    pixCopiaECola: open && typeof pix?.payload === 'string' ? pix.payload : '',
    linhaDigitavel: open && typeof boleto?.identificationField === 'string' ? boleto.identificationField : '',
  };
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
    .select({ cobranca: cobrancas, client: recipientColumns, pixAutomatico: assinaturas.pixAutomatico })
    .from(cobrancas)
    .innerJoin(clientes, eq(clientes.id, cobrancas.idcliente))
    .leftJoin(assinaturas, eq(assinaturas.id, cobrancas.idassinatura))
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
      texto: fillTemplate(
        comEmpresa(template),
        alertValues(row.cobranca, clienteNome(row.client), company.dadosempresa.nome, row.pixAutomatico),
      ),
      status: skip ? 'ignorada' : 'pendente',
      motivo: skip ?? '',
      ...(!skip && espera > 0 && comEspera(request.kind) ? { proximaTentativa: new Date(Date.now() + espera) } : {}),
    });
  }
  return store(tx, queue, values);
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
        // Debited by Pix Automático (DESIGN 11): its debitoAgendado said when; no "vence hoje", unless the debit was refused.
        sql`(${cobrancas.debitoPix}->>'status' IN ('recusada', 'cancelada') OR NOT EXISTS (SELECT 1 FROM assinaturas pa WHERE pa.id = ${cobrancas.idassinatura} AND pa.forma_cobranca = 'pix_automatico' AND pa.pix_automatico->>'status' = 'ativa'))`,
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
  const skip = skipReason(company, row.client, row.cobranca);
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
