/**
 * Negativação through Asaas (DESIGN 11, "Collecting without chasing"; INTEGRATIONS.md 4.3,
 * paymentDunnings): the last, optional dunning step of an overdue charge, by an administrator,
 * never automatic, every step audited.
 * - aviso: the client is told first (alert avisoNegativacao by WhatsApp, or another means recorded);
 * - simular: Asaas's simulation (allowed or why not, the fee, the expected start);
 * - solicitar: 409 unless the setting is on, the charge is overdue diasAtraso days, the notice is
 *   diasAviso days old and Asaas allows it; 400 naming the client's missing data; then the request;
 * - cancelar: 409 with Asaas's reason when it cannot be cancelled.
 * Its status follows Asaas (PAYMENT_DUNNING_* events read the dunning again); a charge paid (by hand
 * or by the gateway) cancels it. An account without the feature (403) is explained in pt-BR.
 * No transaction is held during a call to Asaas; instead a request or cancellation first takes the
 * charge's lock (`enviandoEm`, set under the row's lock): a second one for the same charge meanwhile
 * gets 409 and never reaches Asaas. A lock older than LOCK_MS (a process killed mid-call) is taken over.
 * A charge received while its request was on its way has it cancelled at once (the `pago` job).
 */
import { and, eq, sql } from 'drizzle-orm';
import { daysBetween } from '../../domain/calendar';
import { clienteDocumento, clienteNome } from '../../domain/clientes';
import { cobrancaVencida } from '../../domain/cobranca';
import { formatMoney, formatNumero } from '../../domain/formatters';
import {
  MSG_NEGATIVACAO,
  NEGATIVACAO_CAMPOS_CLIENTE,
  negativacaoEmCurso,
  presentNegativacao,
  type NegativacaoEstado,
} from '../../domain/negativacao';
import { onlyDigits } from '../../domain/text';
import type { Db, DbOrTx } from '../db/client';
import { clientes, cobrancas, mensagens } from '../db/schema';
import { asaas, type AsaasConfig, type AsaasDunning } from '../integrations/asaas';
import { IntegrationError } from '../integrations/http';
import type { JobQueue } from '../queue/boss';
import { ACAO, audit } from '../regras/auditoria';
import { appToday } from '../regras/clock';
import { getCompany } from '../regras/company';
import { badRequest, conflict, notFound } from '../regras/http-errors';
import { asaasConfig, enqueueGateway } from '../cobrancas/gateway';
import { COBRANCA_STATUS } from '../../domain/constants';
import { enqueueAlertas } from '../mensagens/alertas';
import { asaasPhone } from './campos';

type CobrancaRow = typeof cobrancas.$inferSelect;

/** How long a request to Asaas may hold a charge's negativação (the calls' timeout is well below). */
const LOCK_MS = 2 * 60_000;
type Usuario = { id: number; name: string };

/** An Asaas refusal in our words: the account without the feature (403), or Asaas's own reason (400). */
function recusa(error: unknown, motivo: (text: string) => string = (text) => text): never {
  if (error instanceof IntegrationError && error.httpStatus === 403) throw conflict(MSG_NEGATIVACAO.naoLiberada);
  if (error instanceof IntegrationError && error.httpStatus === 400)
    throw conflict(motivo(error.message.startsWith('Asaas: ') ? error.message.slice('Asaas: '.length) : error.message));
  throw error;
}

async function settings(db: DbOrTx) {
  const company = await getCompany(db);
  const n = company.integrations.negativacao;
  if (!n.ativo) throw conflict(MSG_NEGATIVACAO.inativa);
  return { diasAtraso: Number(n.diasAtraso), diasAviso: Number(n.diasAviso) };
}

async function charge(db: DbOrTx, id: number, lock = false): Promise<CobrancaRow> {
  const query = db.select().from(cobrancas).where(eq(cobrancas.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

async function gateway(db: DbOrTx, row: CobrancaRow, baseUrl?: string): Promise<AsaasConfig & { payment: string }> {
  const config = await asaasConfig(db, baseUrl);
  if (!config || !row.gatewayId) throw conflict(MSG_NEGATIVACAO.semGateway);
  return { ...config, payment: row.gatewayId };
}

const estadoDe = (row: CobrancaRow) => (row.negativacao ?? {}) as NegativacaoEstado;

async function salvar(tx: DbOrTx, id: number, estado: NegativacaoEstado) {
  const [saved] = await tx
    .update(cobrancas)
    .set({ negativacao: estado as Record<string, unknown>, negativacaoStatus: estado.status ?? null, updatedAt: new Date() })
    .where(eq(cobrancas.id, id))
    .returning();
  return saved;
}

/**
 * The charge's lock for a call to Asaas: under the row's lock, 409 when another request holds it
 * (younger than LOCK_MS) or, for a request, when one is already under way; else it is taken.
 */
async function travar(db: Db, id: number, pedido: boolean) {
  await db.transaction(async (tx) => {
    const now = await charge(tx, id, true);
    const estado = estadoDe(now);
    if (estado.enviandoEm && Date.now() - Date.parse(estado.enviandoEm) < LOCK_MS) throw conflict(MSG_NEGATIVACAO.emAndamento);
    if (pedido && negativacaoEmCurso(estado.status)) throw conflict(MSG_NEGATIVACAO.jaSolicitada);
    await salvar(tx, id, { ...estado, enviandoEm: new Date().toISOString() });
  });
}

/** The lock given back after Asaas refused (or the call failed). */
async function destravar(db: Db, id: number) {
  await db.transaction(async (tx) => {
    const now = await charge(tx, id, true);
    await salvar(tx, id, { ...estadoDe(now), enviandoEm: null });
  });
}

/** `POST /v1/cobrancas/{id}/negativacao/aviso`: the client told first, by WhatsApp (avisoNegativacao) or another means. */
export async function avisar(db: Db, queue: JobQueue, id: number, meio: 'whatsapp' | 'outro', user: Usuario) {
  return db.transaction(async (tx) => {
    await settings(tx);
    const row = await charge(tx, id, true);
    if (!cobrancaVencida(row, appToday())) throw conflict(MSG_NEGATIVACAO.naoVencida);
    if (meio === 'whatsapp') {
      const [{ n }] = (
        (await tx.execute(
          sql`SELECT count(*)::int AS n FROM mensagens WHERE idcobranca = ${id} AND kind = 'avisoNegativacao'`,
        )) as unknown as { rows: Array<{ n: number }> }
      ).rows;
      await enqueueAlertas(tx, queue, [{ idcobranca: id, kind: 'avisoNegativacao', occurrence: Number(n) }]);
      const [message] = await tx
        .select({ status: mensagens.status, motivo: mensagens.motivo })
        .from(mensagens)
        .where(eq(mensagens.key, `alerta:${id}:avisoNegativacao:${Number(n)}`));
      // Not sent (no WhatsApp, no mobile, the client's wish): the client was not told; nothing recorded.
      if (message?.status === 'ignorada') throw conflict(`O aviso não pode ser enviado: ${message.motivo}`);
    }
    const estado: NegativacaoEstado = { ...estadoDe(row), avisoEm: new Date().toISOString(), avisoMeio: meio };
    const saved = await salvar(tx, id, estado);
    await audit(tx, {
      acao: ACAO.negativacao,
      user,
      idcliente: row.idcliente,
      idcobranca: id,
      descricao: `Aviso de negativação da cobrança ${formatNumero(id)} ${meio === 'whatsapp' ? 'enviado por WhatsApp' : 'registrado (outro meio)'}.`,
      resultado: 'Cliente avisado',
    });
    return presentNegativacao(saved.negativacao);
  });
}

/** Asaas's simulation, as the route answers it. */
async function simulacao(config: AsaasConfig & { payment: string }) {
  const simulated = await asaas.simulateDunning(config, config.payment).catch((error: unknown) => recusa(error));
  const first = simulated?.typeSimulations?.find((s) => s.type === 'CREDIT_BUREAU') ?? simulated?.typeSimulations?.[0];
  return {
    permitido: first?.isAllowed === true,
    motivo: first?.isAllowed ? null : (first?.notAllowedReason ?? 'O Asaas não informou o motivo.'),
    taxa: first?.feeValue ?? null,
    inicioPrevisto: first?.startDate ?? null,
  };
}

/** `POST /v1/cobrancas/{id}/negativacao/simular`. */
export async function simular(db: Db, id: number, user: Usuario, baseUrl?: string) {
  await settings(db);
  const row = await charge(db, id);
  const result = await simulacao(await gateway(db, row, baseUrl));
  await audit(db, {
    acao: ACAO.negativacao,
    user,
    idcliente: row.idcliente,
    idcobranca: id,
    descricao: `Simulação de negativação da cobrança ${formatNumero(id)}${result.taxa === null ? '' : `: taxa de ${formatMoney(result.taxa)}`}.`,
    resultado: result.permitido ? 'Permitida' : `Não permitida: ${result.motivo}`,
  });
  return result;
}

/** The client's fields Asaas requires, or a 400 naming each missing one (under the client's form names). */
async function dadosDoCliente(db: DbOrTx, idcliente: number) {
  const [client] = await db.select().from(clientes).where(eq(clientes.id, idcliente));
  if (!client) throw notFound();
  const values: Record<keyof typeof NEGATIVACAO_CAMPOS_CLIENTE, string> = {
    customerName: clienteNome(client),
    customerCpfCnpj: onlyDigits(clienteDocumento(client)),
    customerPrimaryPhone: asaasPhone(client.mobilePhone || client.phone),
    customerPostalCode: onlyDigits(client.postalCode),
    customerAddress: client.address.trim(),
    customerAddressNumber: client.addressNumber.trim(),
    customerProvince: client.province.trim(),
  };
  const missing = (Object.keys(values) as Array<keyof typeof values>).filter((key) => !values[key]);
  if (missing.length) {
    const labels = missing.map((key) => NEGATIVACAO_CAMPOS_CLIENTE[key][1]);
    throw badRequest(
      MSG_NEGATIVACAO.dadosCliente(labels),
      Object.fromEntries(missing.map((key) => [NEGATIVACAO_CAMPOS_CLIENTE[key][0], MSG_NEGATIVACAO.campoObrigatorio])),
    );
  }
  return { values, complement: client.complement.trim() };
}

/** `POST /v1/cobrancas/{id}/negativacao`: the request, after every rule; 201 with the charge's negativação. */
export async function solicitar(db: Db, queue: JobQueue, id: number, user: Usuario, baseUrl?: string) {
  const { diasAtraso, diasAviso } = await settings(db);
  const row = await charge(db, id);
  const config = await gateway(db, row, baseUrl);
  const estado = estadoDe(row);
  if (negativacaoEmCurso(estado.status)) throw conflict(MSG_NEGATIVACAO.jaSolicitada);
  const today = appToday();
  if (!cobrancaVencida(row, today)) throw conflict(MSG_NEGATIVACAO.naoVencida);
  const atraso = daysBetween(row.duedate, today);
  if (atraso < diasAtraso) throw conflict(MSG_NEGATIVACAO.atraso(atraso, diasAtraso));
  if (!estado.avisoEm) throw conflict(MSG_NEGATIVACAO.semAviso);
  const desdeAviso = daysBetween(estado.avisoEm.slice(0, 10), today);
  if (desdeAviso < diasAviso) throw conflict(MSG_NEGATIVACAO.avisoRecente(desdeAviso, diasAviso));
  const cliente = await dadosDoCliente(db, row.idcliente);
  await travar(db, id, true);
  const dunning = await (async () => {
    const simulated = await simulacao(config);
    if (!simulated.permitido) throw conflict(MSG_NEGATIVACAO.naoPermitida(simulated.motivo ?? ''));
    return asaas
      .createDunning(config, {
        payment: config.payment,
        type: 'CREDIT_BUREAU',
        description: `Cobrança ${formatNumero(id)}: ${row.descricao}`.slice(0, 500),
        ...cliente.values,
        customerComplement: cliente.complement,
      })
      .catch((error: unknown) => recusa(error, MSG_NEGATIVACAO.naoPermitida));
  })().catch(async (error: unknown) => {
    await destravar(db, id);
    throw error;
  });
  return db.transaction(async (tx) => {
    const now = await charge(tx, id, true);
    const saved = await salvar(tx, id, { ...estadoDe(now), ...doAsaas(dunning), solicitadaEm: new Date().toISOString(), enviandoEm: null });
    // Received while the request was on its way: cancelled at once, as a payment after it would.
    if (now.status === COBRANCA_STATUS.RECEBIDA) await enqueueGateway(tx, queue, [{ kind: 'negativacao-pago', id }]);
    await audit(tx, {
      acao: ACAO.negativacao,
      user,
      idcliente: row.idcliente,
      idcobranca: id,
      descricao: `Negativação da cobrança ${formatNumero(id)} solicitada ao Asaas (${dunning.id})${
        dunning.feeValue ? `, taxa de ${formatMoney(dunning.feeValue)}` : ''
      }.`,
      resultado: `Situação no Asaas: ${dunning.status}`,
    });
    return presentNegativacao(saved.negativacao);
  });
}

/** What the charge keeps of Asaas's dunning. */
const doAsaas = (dunning: AsaasDunning): NegativacaoEstado => ({
  id: dunning.id,
  status: dunning.status,
  taxa: dunning.feeValue ?? null,
  motivo: dunning.denialReason ?? dunning.cannotBeCancelledReason ?? null,
  podeCancelar: dunning.canBeCancelled === true,
});

/** `POST /v1/cobrancas/{id}/negativacao/cancelar`: 409 with Asaas's reason when it cannot be cancelled. */
export async function cancelar(db: Db, id: number, user: Usuario | null, baseUrl?: string) {
  const row = await charge(db, id);
  const estado = estadoDe(row);
  if (!estado.id || !negativacaoEmCurso(estado.status)) throw conflict(MSG_NEGATIVACAO.semNegativacao);
  const config = await gateway(db, row, baseUrl);
  await travar(db, id, false);
  const dunning = await asaas.cancelDunning(config, estado.id).catch(async (error: unknown) => {
    await destravar(db, id);
    return recusa(error, MSG_NEGATIVACAO.naoCancelavel);
  });
  return db.transaction(async (tx) => {
    const now = await charge(tx, id, true);
    const saved = await salvar(tx, id, { ...estadoDe(now), ...doAsaas(dunning), enviandoEm: null });
    await audit(tx, {
      acao: ACAO.negativacao,
      user,
      idcliente: row.idcliente,
      idcobranca: id,
      descricao: `Negativação da cobrança ${formatNumero(id)} cancelada no Asaas${user ? '' : ' (cobrança paga)'}.`,
      resultado: `Situação no Asaas: ${dunning.status}`,
    });
    return presentNegativacao(saved.negativacao);
  });
}

/**
 * The gateway's jobs: `ler` reads the dunning again after a PAYMENT_DUNNING_* event; `pago`
 * (the charge was paid) cancels it unless Asaas already closed it (paid through the bureau,
 * cancelled), storing Asaas's reason when it cannot be cancelled.
 */
export async function negativacaoJob(db: Db, config: AsaasConfig, id: number, kind: 'ler' | 'pago'): Promise<string> {
  const [row] = await db.select().from(cobrancas).where(eq(cobrancas.id, id));
  const estado = row ? estadoDe(row) : {};
  if (!row || !estado.id) return 'Cobrança sem negativação.';
  const dunning = await asaas.getDunning(config, estado.id);
  if (kind === 'pago' && negativacaoEmCurso(dunning.status) && dunning.canBeCancelled) {
    const cancelled = await cancelar(db, id, null, config.baseUrl).catch((error: unknown) => error);
    if (!(cancelled instanceof Error)) return 'Negativação cancelada: a cobrança foi paga.';
  }
  await db
    .update(cobrancas)
    .set({ negativacao: { ...estado, ...doAsaas(dunning) } as Record<string, unknown>, negativacaoStatus: dunning.status })
    .where(and(eq(cobrancas.id, id)));
  return `Negativação no Asaas: ${dunning.status}.`;
}
