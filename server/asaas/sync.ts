/**
 * The Asaas sync (issue 10 point 5), one queue handler dispatching on the job's kind
 * (cobrancas/gateway.ts): a client's customer (found by CPF/CNPJ first, else created), a charge's
 * payment (then its novacobranca alert, with the links), a subscription (created, updated, or
 * removed once inactive), and the payments of cancelled or removed records. No transaction is
 * held during a call: each result is stored conditionally afterwards, so a retry, a crashed
 * attempt (adopted by externalReference) or a second process never makes a second payment.
 * A 429, a 5xx or no answer is retried by the queue with back-off; a 400 (Asaas refused the
 * data) is logged and completes the job, the record left without its gateway id.
 * Payments Asaas generates for a subscription arrive by PAYMENT_CREATED (`chargeFromPayment`).
 */
import { descricaoComItens, type Linha } from '../../domain/contratoItens';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { clienteDocumento } from '../../domain/clientes';
import { cobrancaPagavel } from '../../domain/cobranca';
import { COBRANCA_STATUS } from '../../domain/constants';
import type { Db } from '../db/client';
import { assinaturas, clientes, cobrancas } from '../db/schema';
import { asaas, type AsaasConfig } from '../integrations/asaas';
import { IntegrationError } from '../integrations/http';
import { BILLING_TYPES, customerFields, rateFields, withoutBlanks } from './campos';
import type { Effects } from '../cobrancas/effects';
import { assinaturaRatesColumns, companyRates } from '../cobrancas/finance';
import { asaasConfig, type GatewayJob } from '../cobrancas/gateway';
import { cobrancaAlterada, cobrancaSemPagamento } from '../cobrancas/cobrancas';
import { fetchBoth, lerPagamento } from './pagamento';
import { emitirNfse } from '../cobrancas/nfse';
import { HttpError } from '../regras/http-errors';
import { asaasDiscount, regraDe } from '../../domain/desconto';
import { negativacaoJob } from './negativacao';
import { enqueueAlertas } from '../mensagens/alertas';
import { ACAO, audit } from '../regras/auditoria';
import { createAssinaturaSync, pixAutomaticoAtivo } from './sync-assinatura';

export interface AsaasSyncOptions {
  db: Db;
  effects: Effects;
  log: FastifyBaseLogger;
  /** ASAAS_BASE_URL: the fake in tests. */
  baseUrl?: string;
}

export function createAsaasSync({ db, effects, log, baseUrl }: AsaasSyncOptions) {
  const novacobranca = (id: number) => db.transaction((tx) => cobrancaSemPagamento(tx, id, effects));
  const { syncAssinatura } = createAssinaturaSync({ db, effects, log, ensureCustomer });

  /** The client's customer id: stored, found by CPF/CNPJ, or created. */
  async function ensureCustomer(config: AsaasConfig, idcliente: number): Promise<string | null> {
    const [client] = await db.select().from(clientes).where(eq(clientes.id, idcliente));
    if (!client) return null;
    if (client.gatewayId) return client.gatewayId;
    const document = clienteDocumento(client);
    const customer =
      (document ? await asaas.findCustomerByCpfCnpj(config, document) : undefined) ??
      (await asaas.createCustomer(config, {
        ...withoutBlanks(customerFields(client)),
        cpfCnpj: document,
        externalReference: String(client.id),
      }));
    const [saved] = await db
      .update(clientes)
      .set({ gatewayId: customer.id })
      .where(and(eq(clientes.id, idcliente), isNull(clientes.gatewayId)))
      .returning({ gatewayId: clientes.gatewayId });
    if (saved) return customer.id;
    // Another process linked it meanwhile: theirs stands.
    const [now] = await db.select({ gatewayId: clientes.gatewayId }).from(clientes).where(eq(clientes.id, idcliente));
    return now?.gatewayId ?? null;
  }

  async function syncCliente(config: AsaasConfig, id: number) {
    const [client] = await db.select().from(clientes).where(eq(clientes.id, id));
    if (!client) return 'Cliente removido antes da sincronização.';
    if (!client.gatewayId) return `Cliente no Asaas: ${await ensureCustomer(config, id)}.`;
    try {
      await asaas.updateCustomer(config, client.gatewayId, customerFields(client));
      return 'Cliente atualizado no Asaas.';
    } catch (error) {
      if (!(error instanceof IntegrationError) || error.httpStatus !== 404) throw error;
      // Removed in Asaas: found again by CPF/CNPJ, or created.
      await db
        .update(clientes)
        .set({ gatewayId: null })
        .where(and(eq(clientes.id, id), eq(clientes.gatewayId, client.gatewayId)));
      return `Cliente no Asaas: ${await ensureCustomer(config, id)}.`;
    }
  }

  async function syncCobranca(config: AsaasConfig | null, id: number) {
    const [row] = await db
      .select({
        cobranca: cobrancas,
        ...assinaturaRatesColumns,
        formaCobranca: assinaturas.formaCobranca,
        pixAutomatico: assinaturas.pixAutomatico,
      })
      .from(cobrancas)
      .leftJoin(assinaturas, eq(assinaturas.id, cobrancas.idassinatura))
      .where(eq(cobrancas.id, id));
    if (!row) return 'Cobrança removida antes da sincronização.';
    const charge = row.cobranca;
    // Already linked (a retry after the commit), gateway off, or nothing to collect: the alert as it is.
    if (charge.gatewayId || !config || !cobrancaPagavel(charge)) {
      await novacobranca(id);
      return charge.gatewayId ? 'Cobrança já sincronizada.' : 'Cobrança sem pagamento no Asaas; alerta enfileirado.';
    }
    const customer = await ensureCustomer(config, charge.idcliente);
    if (!customer) return 'Cliente da cobrança não encontrado.';
    const rates =
      row.multa !== null && row.jurosmensal !== null
        ? { multa: Number(row.multa), jurosmensal: Number(row.jurosmensal) }
        : await companyRates(db);
    // A crashed attempt may have created it already: adopted, never made twice.
    const adopted = await asaas.findPaymentByReference(config, String(id));
    const payment =
      adopted && !adopted.subscription
        ? adopted
        : await asaas.createPayment(config, {
            customer,
            // Debited by the subscription's active Pix Automático (DESIGN 11), else the client picks.
            ...(pixAutomaticoAtivo(row)
              ? { billingType: 'PIX', pixAutomaticAuthorizationId: String((row.pixAutomatico as { id?: unknown }).id) }
              : { billingType: 'UNDEFINED' }),
            value: Number(charge.valor),
            dueDate: charge.duedate,
            description: descricaoComItens(charge.descricao, charge.itens as Linha[] | null),
            externalReference: String(id),
            ...rateFields(rates),
            // The early-payment discount the charge copied (DESIGN 11).
            ...(regraDe(charge.desconto) ? { discount: asaasDiscount(charge.desconto) } : {}),
          });
    // Its PIX and boleto first, so that the novacobranca alert can carry them (a failed read: read by the page later).
    const read = await fetchBoth(config, payment.id, payment.bankSlipUrl ?? '');
    const stored = await db.transaction(async (tx) => {
      const [saved] = await tx
        .update(cobrancas)
        .set({
          gatewayId: payment.id,
          invoiceUrl: payment.invoiceUrl ?? '',
          bankSlipUrl: payment.bankSlipUrl ?? '',
          pix: read.pix as Record<string, unknown> | null,
          boleto: read.boleto as Record<string, unknown> | null,
          pagamentoLidoEm: read.complete ? new Date() : null,
          updatedAt: new Date(),
        })
        .where(and(eq(cobrancas.id, id), isNull(cobrancas.gatewayId)))
        .returning();
      // Linked: its novacobranca alert now carries the payment's links.
      if (saved) await cobrancaAlterada(tx, { ...saved, gatewayId: null }, saved, effects, 'gateway');
      return Boolean(saved);
    });
    if (stored) return `Pagamento ${payment.id} criado no Asaas.`;
    // Removed meanwhile, or linked to another payment: this one would only be a stray.
    const [now] = await db.select({ gatewayId: cobrancas.gatewayId }).from(cobrancas).where(eq(cobrancas.id, id));
    if (now?.gatewayId !== payment.id) await asaas.deletePayment(config, payment.id);
    return 'Cobrança alterada durante a sincronização; pagamento descartado.';
  }

  /**
   * Staff changed an open charge's value or due date: its payment follows (PUT with the three fields
   * Asaas requires: the payment's own billingType, the value and the due date), then its PIX and
   * boleto are read again. A refusal (a 4xx other than the key's) is final: its reason is stored on
   * the charge (`gatewayErro`, shown on its page: the payment still asks the old amount) until a
   * later change goes through. Stored or cleared only while the charge is still as sent.
   */
  async function atualizarPagamento(config: AsaasConfig, id: number): Promise<string> {
    const [charge] = await db.select().from(cobrancas).where(eq(cobrancas.id, id));
    if (!charge?.gatewayId || !cobrancaPagavel(charge)) return 'Cobrança sem pagamento a atualizar.';
    const asSent = and(eq(cobrancas.id, id), eq(cobrancas.valor, String(charge.valor)), eq(cobrancas.duedate, charge.duedate));
    try {
      const current = await asaas.getPayment(config, charge.gatewayId);
      await asaas.updatePayment(config, charge.gatewayId, {
        billingType: BILLING_TYPES.includes(String(current?.billingType)) ? String(current.billingType) : 'UNDEFINED',
        value: Number(charge.valor),
        dueDate: charge.duedate,
        description: descricaoComItens(charge.descricao, charge.itens as Linha[] | null),
        ...(regraDe(charge.desconto) ? { discount: asaasDiscount(charge.desconto) } : {}),
      });
    } catch (error) {
      if (!(error instanceof IntegrationError) || error.transient || error.httpStatus === 401 || error.httpStatus === 403) throw error;
      const motivo =
        error.httpStatus === 404
          ? `o Asaas não encontrou o pagamento ${charge.gatewayId}.`
          : error.message.startsWith('Asaas: ')
            ? error.message.slice('Asaas: '.length)
            : `erro ${error.httpStatus}.`;
      const gatewayErro = `O Asaas recusou a alteração: ${motivo}`.slice(0, 500);
      log.warn({ kind: 'cobranca-atualizar', id, code: error.code, detail: error.detail }, gatewayErro);
      await db.update(cobrancas).set({ gatewayErro }).where(asSent);
      return gatewayErro;
    }
    await db
      .update(cobrancas)
      .set({ gatewayErro: null })
      .where(and(asSent, isNotNull(cobrancas.gatewayErro)));
    const read = await lerPagamento(db, id, { baseUrl });
    return `Pagamento ${charge.gatewayId} atualizado no Asaas${read?.pix || read?.boleto ? '; PIX e boleto lidos de novo' : ''}.`;
  }

  /**
   * A refused card capture (DESIGN 11): the payment turns UNDEFINED (PIX, boleto; the PUT carries
   * the three fields Asaas requires), its PIX and boleto are read again, then the alert
   * cartaoRecusado goes with them. A payment Asaas no longer lets change still gets the alert.
   */
  async function cartaoRecusado(config: AsaasConfig, id: number): Promise<string> {
    const [charge] = await db.select().from(cobrancas).where(eq(cobrancas.id, id));
    if (!charge?.gatewayId || !cobrancaPagavel(charge)) return 'Cobrança já sem pagamento em aberto.';
    let resultado = `Pagamento ${charge.gatewayId} passa a boleto ou PIX.`;
    try {
      await asaas.updatePayment(config, charge.gatewayId, {
        billingType: 'UNDEFINED',
        value: Number(charge.valor),
        dueDate: charge.duedate,
      });
      await db.update(cobrancas).set({ pix: null, boleto: null, pagamentoLidoEm: null }).where(eq(cobrancas.id, id));
      await lerPagamento(db, id, { baseUrl });
    } catch (error) {
      if (!(error instanceof IntegrationError) || error.transient || error.httpStatus === 401) throw error;
      resultado = `O Asaas recusou a troca para boleto ou PIX: ${error.message}`;
      log.warn({ kind: 'cobranca-cartao-recusado', id, code: error.code }, resultado);
    }
    await db.transaction((tx) => enqueueAlertas(tx, effects.queue, [{ idcobranca: id, kind: 'cartaoRecusado' }]));
    return resultado;
  }

  /**
   * Staff's Receber reaches Asaas (receiveInCash, the client not told), or the administrator's undo
   * does (undoReceivedInCash). The charge keeps what staff recorded whatever Asaas says. A 5xx or no
   * answer is retried by the queue; a payment Asaas no longer has (404: gone, or a service without
   * these endpoints) or a refusal is final: recorded in the charge's audit trail with the reason in
   * pt-BR and in the log, never lost and never an error to staff.
   */
  async function informarRecebimento(config: AsaasConfig, job: { id: number; gatewayId?: string }, desfazer: boolean) {
    const [row] = await db.select().from(cobrancas).where(eq(cobrancas.id, job.id));
    const gatewayId = desfazer ? job.gatewayId : row?.gatewayId;
    if (!gatewayId) return 'Cobrança sem pagamento no Asaas: nada a informar.';
    if (
      !desfazer &&
      (!row || row.status !== COBRANCA_STATUS.RECEBIDA || row.recebidoPor !== 'equipe' || row.valorPago === null || !row.paymentDate)
    )
      return 'A cobrança já não está recebida pela equipe: nada a informar.';
    if (desfazer && row?.status === COBRANCA_STATUS.RECEBIDA) return 'A cobrança foi recebida de novo: o recebimento no Asaas fica.';
    try {
      if (desfazer) await asaas.undoReceivedInCash(config, gatewayId);
      else
        await asaas.receiveInCash(config, gatewayId, {
          paymentDate: row!.paymentDate!,
          value: Number(row!.valorPago),
          notifyCustomer: false,
        });
      return desfazer ? 'Recebimento desfeito no Asaas.' : 'Recebimento informado ao Asaas.';
    } catch (error) {
      if (!(error instanceof IntegrationError) || error.transient) throw error;
      const motivo =
        error.httpStatus === 404
          ? `o Asaas não encontrou o pagamento ${gatewayId} (removido, ou o serviço configurado não oferece este recurso)`
          : error.message;
      const descricao = desfazer
        ? `Desfazer o recebimento da cobrança ${job.id} no Asaas falhou: ${motivo}.`
        : `Informar ao Asaas o recebimento da cobrança ${job.id} falhou: ${motivo}.`;
      log.warn({ kind: desfazer ? 'cobranca-desfazer-recebimento' : 'cobranca-receber', id: job.id, code: error.code }, descricao);
      await audit(db, {
        acao: ACAO.pagamento,
        idcliente: row?.idcliente ?? null,
        idcobranca: job.id,
        descricao,
        resultado: 'Falha na sincronização com o Asaas; o registro da equipe na cobrança foi mantido',
      });
      return descricao;
    }
  }

  async function run(job: GatewayJob): Promise<string> {
    const config = await asaasConfig(db, baseUrl);
    if (job.kind === 'cobranca') return syncCobranca(config, job.id);
    if (!config) return 'Gateway inativo: nada a sincronizar.';
    switch (job.kind) {
      case 'cliente':
        return syncCliente(config, job.id);
      case 'cobranca-atualizar':
        return atualizarPagamento(config, job.id);
      case 'nfse-emitir':
        return emitirNfse(db, job.id, { baseUrl, agendar: (job as { agendar?: boolean }).agendar }).then(
          (nfse) => `NFS-e ${nfse.id}: ${nfse.status}.`,
          (error: unknown) => {
            // A refusal (stored on the charge) or nothing to issue: done, not retried.
            if (error instanceof HttpError) return `NFS-e não emitida: ${error.message}`;
            throw error;
          },
        );
      case 'cobranca-receber':
        return informarRecebimento(config, job, false);
      case 'cobranca-desfazer-recebimento':
        return informarRecebimento(config, job, true);
      case 'pix-automatico-cancelar':
        return (await asaas.cancelAuthorization(config, job.authorizationId))
          ? 'Autorização do Pix Automático cancelada no Asaas.'
          : 'A autorização já não existia no Asaas.';
      case 'negativacao-ler':
        return negativacaoJob(db, config, job.id, 'ler');
      case 'negativacao-pago':
        return negativacaoJob(db, config, job.id, 'pago');
      case 'cobranca-cartao-recusado':
        return cartaoRecusado(config, job.id);
      case 'cobranca-cancelar':
        return (await asaas.deletePayment(config, job.gatewayId)) ? 'Pagamento removido do Asaas.' : 'Pagamento já não existia no Asaas.';
      case 'assinatura':
        return syncAssinatura(config, job.id, job.manterCobrancas === true);
      case 'assinatura-remover':
        return (await asaas.deleteSubscription(config, job.gatewayId))
          ? 'Assinatura removida do Asaas.'
          : 'Assinatura já não existia no Asaas.';
      default:
        return 'Tarefa desconhecida: ignorada.';
    }
  }

  /** The queue's handler. */
  async function handle(data: Record<string, unknown>): Promise<string> {
    const job = { ...data, id: Number(data.id) } as GatewayJob;
    try {
      return await run(job);
    } catch (error) {
      // Asaas refused the data: retrying would not change its mind. Logged (never the token) and done.
      if (error instanceof IntegrationError && error.httpStatus === 400) {
        log.warn({ kind: job.kind, id: job.id, code: error.code, detail: error.detail }, `Asaas recusou a sincronização: ${error.message}`);
        // The client still gets the charge's alert, without the gateway's links.
        if (job.kind === 'cobranca') await novacobranca(job.id);
        return `Recusado pelo Asaas: ${error.message}`;
      }
      throw error;
    }
  }

  return { handle, ensureCustomer };
}
