/**
 * One owner for what follows a charge's change (DESIGN 7, issue 19). Every path that creates,
 * changes or removes charges calls `cobrancaAlterada` (or `cobrancasCriadas` for a batch) in the
 * transaction of the change: staff (resources/cobrancas.ts), the payment webhook (pagamentos.ts), the
 * Asaas sync (asaas/charges.ts, asaas/sync.ts), the Asaas import (asaas/import.ts) and the billing
 * run (cobrancas/faturamento.ts). It alone decides:
 * - the client's billing status: reconciled at once when the charge's being overdue, its due date
 *   or its client changed while it is or was overdue (a charge neither overdue before nor after
 *   cannot move its client: cobrancas/faturamento.ts reads only overdue charges);
 * - the alerts: `novacobranca` for a new charge once it has its gateway payment (with the gateway
 *   active and no payment yet, the payment's job comes first and links it, which calls this again),
 *   waiting the company's `esperaMinutos` for a correction; `atualizada` when staff change the value
 *   or the due date after it went; `recebida` and `cancelada` on those transitions (a cancellation
 *   while the message waits sends neither); none for a charge imported as history;
 * - the gateway: a charge cancelled or removed loses its payment.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { COBRANCA_STATUS } from '../../domain/financeiro';
import { cobrancaAberta, cobrancaVencida } from '../../domain/cobranca';
import type { CalendarDate } from '../../domain/calendar';
import type { DbOrTx } from '../db/client';
import { mensagens } from '../db/schema';
import { reconcileClients } from './faturamento';
import { QUEUES } from '../queue/boss';
import { appToday } from '../regras/clock';
import { getCompany, integrationActive } from '../regras/company';
import type { Effects } from './effects';
import { alertaAtual, enqueueAlertas, type AlertRequest } from '../mensagens/alertas';
import { MOTIVO, type AlertKind } from '../mensagens/mensagens';
import { nfseAtiva } from './nfse-config';
import { debitoAutomaticoSql, negativacaoDoPagamento } from './formas';

/** What of a charge its follow-ups depend on. */
export interface CobrancaEstado {
  id: number;
  idcliente: number;
  status: number;
  duedate: string;
  gatewayId?: string | null;
  /** Its value (a number, or numeric text from an UPDATE's returning): a change moves the gateway payment. */
  valor?: number | string;
  /** A subscription's charge is invoiced by Asaas itself (its invoiceSettings). */
  idassinatura?: number | null;
}

/** Who changed it: staff, the gateway (webhook or sync), an import of history, the billing run. */
export type Origem = 'equipe' | 'gateway' | 'importacao' | 'faturamento';

/** The clients whose billing status this change may move. */
function clientsToReconcile(before: CobrancaEstado | null, after: CobrancaEstado | null, today: CalendarDate): number[] {
  const was = before !== null && cobrancaVencida(before, today);
  const is = after !== null && cobrancaVencida(after, today);
  if (!was && !is) return [];
  if (was !== is || before?.duedate !== after?.duedate || before?.idcliente !== after?.idcliente)
    return [before?.idcliente, after?.idcliente].filter((id): id is number => id !== undefined);
  return [];
}

/**
 * Everything that follows one charge's change, in the caller's transaction. `before` null: created;
 * `after` null: removed.
 */
export async function cobrancaAlterada(
  tx: DbOrTx,
  before: CobrancaEstado | null,
  after: CobrancaEstado | null,
  effects: Effects,
  origem: Origem,
): Promise<void> {
  const today = appToday();
  const clients = clientsToReconcile(before, after, today);
  if (clients.length) await reconcileClients(tx, today, clients, effects);
  if (origem === 'importacao') return;
  const alerts: AlertRequest[] = [];
  // A new charge, or one whose gateway payment has just been linked.
  if (after && (!before || (!before.gatewayId && after.gatewayId))) await novasCobrancas(tx, [after], effects, alerts);
  if (before && after) await alertasDaAlteracao(tx, before, after, origem, alerts);
  if (alerts.length) await enqueueAlertas(tx, effects.queue, alerts);
  // Staff changed what the client pays (value, due date) of an open gateway payment: it follows, and its PIX and boleto are read again.
  if (
    origem === 'equipe' &&
    before &&
    after?.gatewayId &&
    cobrancaAberta(after) &&
    (before.duedate !== after.duedate || Number(before.valor) !== Number(after.valor))
  )
    await effects.queue.send(tx, QUEUES.asaas.name, { kind: 'cobranca-atualizar', id: after.id });
  await nfseAutomatica(tx, before, after, effects);
  // Paid, by hand or by the gateway: its negativação is cancelled (DESIGN 11).
  if (after?.status === COBRANCA_STATUS.RECEBIDA && before && before.status !== COBRANCA_STATUS.RECEBIDA)
    await negativacaoDoPagamento(tx, after.id, effects);
  const cancelled = before?.status !== COBRANCA_STATUS.CANCELADA && (!after || after.status === COBRANCA_STATUS.CANCELADA);
  const gatewayId = after?.gatewayId ?? before?.gatewayId;
  // A payment the gateway itself cancelled needs no call back.
  if (cancelled && gatewayId && origem !== 'gateway' && before)
    await effects.queue.send(tx, QUEUES.asaas.name, { kind: 'cobranca-cancelar', id: before.id, gatewayId });
}

/**
 * The alerts of a charge's change (issue 30 item 8). Its own message (novacobranca, or an earlier
 * atualizada) may still wait (mensagens/mensagens.ts ALERTAS_COM_ESPERA); its rows are locked, so a delivery
 * taking one now waits for this change, or this change waits for it and sees it gone:
 * - received or cancelled while it waits: it goes no more (ignorada, with why), and a cancellation
 *   sends no "cancelada" about a charge the client never heard of;
 * - otherwise received: recebida; cancelled: cancelada;
 * - staff changed the value or the due date of an open charge whose message went already: a new
 *   "cobrança atualizada" (one more occurrence), itself waiting; while one waits, that one renders
 *   the charge as it is when it goes, and the text it shows meanwhile is rendered again now.
 */
async function alertasDaAlteracao(
  tx: DbOrTx,
  before: CobrancaEstado,
  after: CobrancaEstado,
  origem: Origem,
  alerts: AlertRequest[],
): Promise<void> {
  const statusMudou = before.status !== after.status;
  const valorOuVencimento =
    before.duedate !== after.duedate ||
    (before.valor !== undefined && after.valor !== undefined && Number(before.valor) !== Number(after.valor));
  const equipeAlterou = origem === 'equipe' && cobrancaAberta(after);
  if (!statusMudou && !equipeAlterou) return;
  const proprias = await alertasComEspera(tx, after.id);
  const esperando = proprias.filter((m) => m.status === 'pendente');
  if (statusMudou && !cobrancaAberta(after)) {
    if (esperando.length) {
      const motivo = after.status === COBRANCA_STATUS.CANCELADA ? MOTIVO.canceladaAntes : MOTIVO.recebidaAntes;
      await tx
        .update(mensagens)
        .set({ status: 'ignorada', motivo, updatedAt: new Date() })
        .where(
          inArray(
            mensagens.id,
            esperando.map((m) => m.id),
          ),
        );
    }
    if (after.status === COBRANCA_STATUS.RECEBIDA) alerts.push({ idcobranca: after.id, kind: 'recebida' });
    if (after.status === COBRANCA_STATUS.CANCELADA && !esperando.length) alerts.push({ idcobranca: after.id, kind: 'cancelada' });
    return;
  }
  if (!equipeAlterou) return;
  if (esperando.length) {
    // What the charge's page shows meanwhile; delivery renders it once more when it goes.
    const company = await getCompany(tx);
    for (const m of esperando) {
      const atual = await alertaAtual(tx, after.id, m.kind as AlertKind, company);
      if (atual && 'texto' in atual)
        await tx
          .update(mensagens)
          .set({ texto: atual.texto, destino: atual.destino, idcliente: atual.idcliente, updatedAt: new Date() })
          .where(eq(mensagens.id, m.id));
    }
    return;
  }
  if (valorOuVencimento && proprias.some((m) => m.kind === 'novacobranca'))
    alerts.push({ idcobranca: after.id, kind: 'atualizada', occurrence: proprias.filter((m) => m.kind === 'atualizada').length });
}

/** A charge's novacobranca and atualizada messages, locked against a delivery taking one meanwhile. */
async function alertasComEspera(tx: DbOrTx, idcobranca: number) {
  return (
    (await tx.execute(sql`
      SELECT id, kind, status FROM mensagens
      WHERE idcobranca = ${idcobranca} AND kind IN ('novacobranca', 'atualizada')
      ORDER BY id FOR UPDATE`)) as unknown as { rows: Array<{ id: number; kind: string; status: string }> }
  ).rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/**
 * The NFS-e issued automatically (DESIGN 10): on payment (emissao 'pagamento'), or scheduled for
 * the due date once the gateway payment is linked ('vencimento'). A subscription's charges are
 * invoiced by Asaas through the subscription's invoiceSettings.
 */
async function nfseAutomatica(tx: DbOrTx, before: CobrancaEstado | null, after: CobrancaEstado | null, effects: Effects) {
  if (!after?.gatewayId || after.idassinatura) return;
  const paid = after.status === COBRANCA_STATUS.RECEBIDA && before?.status !== COBRANCA_STATUS.RECEBIDA;
  const linked = !before?.gatewayId && after.status !== COBRANCA_STATUS.CANCELADA;
  if (!paid && !linked) return;
  const nfse = nfseAtiva(await getCompany(tx));
  if (!nfse) return;
  if (paid && nfse.emissao === 'pagamento') await effects.queue.send(tx, QUEUES.asaas.name, { kind: 'nfse-emitir', id: after.id });
  if (linked && nfse.emissao === 'vencimento')
    await effects.queue.send(tx, QUEUES.asaas.name, { kind: 'nfse-emitir', id: after.id, agendar: true });
}

/** Charges created together (the billing run's periods): their alerts or gateway payments. */
export async function cobrancasCriadas(tx: DbOrTx, ids: readonly number[], effects: Effects): Promise<void> {
  if (!ids.length) return;
  const alerts: AlertRequest[] = [];
  await novasCobrancas(
    tx,
    ids.map((id) => ({ id })),
    effects,
    alerts,
  );
  if (alerts.length) await enqueueAlertas(tx, effects.queue, alerts);
}

/**
 * New charges: with the gateway active, one without a payment gets its payment first (its job links
 * it, then the alert goes with the payment's links); otherwise the novacobranca alert now.
 */
async function novasCobrancas(
  tx: DbOrTx,
  charges: readonly { id: number; gatewayId?: string | null }[],
  effects: Effects,
  alerts: AlertRequest[],
): Promise<void> {
  const gateway = integrationActive(await getCompany(tx), 'gateway');
  const withoutPayment = gateway ? charges.filter((c) => !c.gatewayId) : [];
  if (withoutPayment.length)
    await effects.queue.sendMany(
      tx,
      QUEUES.asaas.name,
      withoutPayment.map((c) => ({ data: { kind: 'cobranca', id: c.id } })),
    );
  const alertar = charges.filter((c) => !gateway || c.gatewayId);
  // Debited by Pix Automático (DESIGN 11): debitoAgendado ("será debitado em") instead of novacobranca.
  const debito = alertar.length
    ? await debitosAutomaticos(
        tx,
        alertar.map((c) => c.id),
      )
    : new Set<number>();
  for (const c of alertar) alerts.push({ idcobranca: c.id, kind: debito.has(c.id) ? 'debitoAgendado' : 'novacobranca' });
}

/** Of these charges, those debited by their subscription's active Pix Automático. */
async function debitosAutomaticos(tx: DbOrTx, ids: readonly number[]): Promise<Set<number>> {
  const result = (await tx.execute(
    sql`SELECT c.id FROM cobrancas c WHERE c.id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) AND c.idassinatura IS NOT NULL AND ${debitoAutomaticoSql(sql`c.idassinatura`)}`,
  )) as unknown as { rows: Array<{ id: number }> };
  return new Set(result.rows.map((row) => Number(row.id)));
}

/** The gateway could not make a charge's payment (refused, or nothing to collect): its alert goes without the links. */
export async function cobrancaSemPagamento(tx: DbOrTx, id: number, effects: Effects): Promise<void> {
  await enqueueAlertas(tx, effects.queue, [{ idcobranca: id, kind: 'novacobranca' }]);
}

/** A page of charges imported from the gateway as history: only their clients' billing status follows, in one statement. */
export async function cobrancasImportadas(
  tx: DbOrTx,
  changes: readonly (readonly [CobrancaEstado | null, CobrancaEstado])[],
  effects: Effects,
): Promise<void> {
  const today = appToday();
  const clients = changes.flatMap(([before, after]) => clientsToReconcile(before, after, today));
  if (clients.length) await reconcileClients(tx, today, clients, effects);
}
