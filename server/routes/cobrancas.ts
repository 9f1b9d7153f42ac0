/**
 * A charge's calls beyond the generic resource (DESIGN 10, "Payment page, PIX, boleto, NFS-e"):
 * - `GET /v1/cobrancas/{id}/pagamento`: the payment page's link and what it shows (PIX, boleto);
 * - `POST /v1/cobrancas/{id}/receber` `{ valor, data, forma }`: money received outside the gateway:
 *   status 1, paymentDate, valorPago and formaPagamento, the client reconciled and the recebida
 *   alert (services/cobrancas.ts), audited; `DELETE` of the same path (administrators) undoes it:
 *   the charge is open again (overdue when past due), audited;
 * - `POST /v1/cobrancas/enviar` `{ ids, reenviar? }`: the novacobranca message of each, one result
 *   per id (enviada, or ignorada and why), each in its own transaction; a charge with a message
 *   stored in the last 10 minutes is skipped unless `reenviar: true`;
 * - `GET /v1/financeiro/indicadores`: recurring revenue, received this month and the overdue
 *   rate, each with last month's.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import { addMonths, firstOfMonth, lastOfMonth, type CalendarDate } from '../../domain/calendar';
import { clienteNome } from '../../domain/clientes';
import { COBRANCA_STATUS, comEmpresa, fillTemplate } from '../../domain/financeiro';
import { formatDate, formatMoney, formatNumero } from '../../domain/formatters';
import { enviadaHa, FORMA_PAGAMENTO_LABEL, MSG_PAGAMENTO } from '../../domain/pagamento';
import { idParam } from '../../domain/schemas/list';
import { enviarVariasSchema, receberSchema } from '../../domain/schemas/pagamento';
import type { Db, DbOrTx } from '../db/client';
import { assinaturas, clientes, cobrancas, cobrancasRecebidasDia, cobrancasResumoDia } from '../db/schema';
import { COBRANCA } from '../db/status-sql';
import { badRequest, conflict, notFound } from '../regras/http-errors';
import type { JobQueue } from '../queue/boss';
import { ACAO, audit } from '../regras/auditoria';
import { enqueueGateway } from '../cobrancas/gateway';
import { appToday } from '../regras/clock';
import { cobrancaAlterada } from '../cobrancas/cobrancas';
import { getCompany, integrationActive } from '../regras/company';
import { alertValues, enqueueEnvio, envioRecente, mobileOf, MOTIVO } from '../mensagens/mensagens';
import { linkPagamento } from '../regras/public-url';
import { cobrancaPagamento } from './static-cobranca';
import { z } from 'zod';
import { text } from '../../domain/schemas/common';
import { asaas, asaasBaseUrl } from '../integrations/asaas';
import { IntegrationError } from '../integrations/http';
import { cancelarNfse, emitirNfse } from '../cobrancas/nfse';
import { companySecrets } from '../regras/company';

const servicosQuery = z.object({ descricao: text(100).optional() });

export interface CobrancaRoutesOptions {
  queue: JobQueue;
  asaasBaseUrl?: string;
}

/** Months of each cycle, for the recurring revenue (DESIGN 10: each cycle converted to months). */
const MESES_POR_CICLO: Record<string, string> = {
  WEEKLY: '12.0 / 52',
  BIWEEKLY: '12.0 / 26',
  MONTHLY: '1',
  BIMONTHLY: '2',
  QUARTERLY: '3',
  SEMIANNUALLY: '6',
  YEARLY: '12',
};

const round2 = (value: number) => Math.round(value * 100) / 100;

export function registerCobrancaRoutes(app: FastifyInstance, db: Db, options: CobrancaRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['cobrancas'];

  r.get(
    '/v1/cobrancas/:id/pagamento',
    {
      schema: { tags, summary: 'Link da página de pagamento, PIX e boleto da cobrança', params: idParam },
      config: { access: 'user' },
    },
    async (request) => {
      const found = await cobrancaPagamento(db, { id: request.params.id }, { asaasBaseUrl: options.asaasBaseUrl });
      if (!found) throw notFound();
      return { link: linkPagamento(found.token), ...found.reply };
    },
  );

  r.post(
    '/v1/cobrancas/:id/receber',
    {
      schema: { tags, summary: 'Recebe a cobrança por fora do gateway: valor, data e forma', params: idParam, body: receberSchema },
      config: { access: 'user' },
    },
    async (request) => {
      const { valor, data, forma } = request.body;
      const today = appToday();
      if (data! > today) throw badRequest(MSG_PAGAMENTO.dataInvalida, { data: MSG_PAGAMENTO.dataInvalida });
      const user = request.user!;
      return db.transaction(async (tx) => {
        const [existing] = await tx.select().from(cobrancas).where(eq(cobrancas.id, request.params.id)).for('update');
        if (!existing) throw notFound();
        if (existing.status === COBRANCA_STATUS.RECEBIDA) throw conflict(MSG_PAGAMENTO.jaRecebida);
        if (existing.status === COBRANCA_STATUS.CANCELADA) throw conflict(MSG_PAGAMENTO.cancelada);
        const [saved] = await tx
          .update(cobrancas)
          .set({
            status: COBRANCA_STATUS.RECEBIDA,
            paymentDate: data!,
            valorPago: valor.toFixed(2),
            formaPagamento: forma,
            recebidoPor: 'equipe',
            updatedAt: new Date(),
          })
          .where(eq(cobrancas.id, existing.id))
          .returning();
        await cobrancaAlterada(tx, existing, saved, app.effects, 'equipe');
        // Asaas's payment is closed too (received in cash), by the gateway sync after this commits.
        if (saved.gatewayId) await enqueueGateway(tx, app.effects.queue, [{ kind: 'cobranca-receber', id: saved.id }]);
        await audit(tx, {
          acao: ACAO.pagamento,
          user: { id: user.id, name: user.name },
          idcliente: saved.idcliente,
          idcobranca: saved.id,
          descricao: `Cobrança ${formatNumero(saved.id)} de ${formatMoney(saved.valor)} recebida pela equipe em ${formatDate(data!)}: ${formatMoney(valor)} (${FORMA_PAGAMENTO_LABEL[forma]}).`,
          resultado: 'Cobrança paga; cliente reconciliado',
        });
        return { id: saved.id, status: saved.status, paymentDate: saved.paymentDate, valorPago: valor, formaPagamento: forma };
      });
    },
  );

  r.delete(
    '/v1/cobrancas/:id/receber',
    {
      schema: { tags, summary: 'Desfaz um recebimento feito pela equipe (administradores)', params: idParam },
      config: { access: 'admin' },
    },
    async (request) => {
      const user = request.user!;
      const today = appToday();
      return db.transaction(async (tx) => {
        const [existing] = await tx.select().from(cobrancas).where(eq(cobrancas.id, request.params.id)).for('update');
        if (!existing) throw notFound();
        if (existing.status !== COBRANCA_STATUS.RECEBIDA) throw conflict(MSG_PAGAMENTO.naoRecebida);
        // Paid through the gateway (Asaas reported it): the gateway's own record stands.
        if (existing.recebidoPor === 'gateway') throw conflict(MSG_PAGAMENTO.pelaGateway);
        const status = existing.duedate < today ? COBRANCA_STATUS.VENCIDA : COBRANCA_STATUS.EM_ABERTO;
        const [saved] = await tx
          .update(cobrancas)
          .set({
            status,
            paymentDate: null,
            valorPago: null,
            formaPagamento: null,
            recebidoPor: null,
            recebimentoDesfeitoEm: new Date(),
            updatedAt: new Date(),
          })
          .where(eq(cobrancas.id, existing.id))
          .returning();
        await cobrancaAlterada(tx, existing, saved, app.effects, 'equipe');
        if (existing.gatewayId)
          await enqueueGateway(tx, app.effects.queue, [
            { kind: 'cobranca-desfazer-recebimento', id: saved.id, gatewayId: existing.gatewayId },
          ]);
        const recebido = existing.valorPago === null ? formatMoney(existing.valor) : formatMoney(existing.valorPago);
        const forma = existing.formaPagamento
          ? ` (${FORMA_PAGAMENTO_LABEL[existing.formaPagamento as keyof typeof FORMA_PAGAMENTO_LABEL] ?? existing.formaPagamento})`
          : '';
        await audit(tx, {
          acao: ACAO.pagamento,
          user: { id: user.id, name: user.name },
          idcliente: saved.idcliente,
          idcobranca: saved.id,
          descricao: `Recebimento da cobrança ${formatNumero(saved.id)} desfeito: ${recebido}${forma}${existing.paymentDate ? ` em ${formatDate(existing.paymentDate)}` : ''}.`,
          resultado: status === COBRANCA_STATUS.VENCIDA ? 'Cobrança vencida de novo; cliente reconciliado' : 'Cobrança em aberto de novo',
        });
        return { id: saved.id, status: saved.status };
      });
    },
  );

  /** One charge's novacobranca message, or why not (sent a moment ago: skipped unless `reenviar`). */
  const enviarUma = (id: number, reenviar: boolean) =>
    db.transaction(async (tx): Promise<{ id: number; status: 'enviada' | 'ignorada'; motivo: string }> => {
      const [row] = await tx
        .select({
          cobranca: cobrancas,
          cliente: {
            cadastro: clientes.cadastro,
            name: clientes.name,
            razaosocial: clientes.razaosocial,
            mobilePhone: clientes.mobilePhone,
            contatos: clientes.contatos,
            naoEnviarMensagens: clientes.naoEnviarMensagens,
          },
        })
        .from(cobrancas)
        .innerJoin(clientes, eq(clientes.id, cobrancas.idcliente))
        .where(eq(cobrancas.id, id))
        // Two sends of one charge take turns: the second sees the first's message.
        .for('update', { of: cobrancas });
      const ignored = (motivo: string) => ({ id, status: 'ignorada' as const, motivo });
      if (!row) return ignored(MSG_PAGAMENTO.naoEncontrada);
      if (row.cobranca.status === COBRANCA_STATUS.CANCELADA) return ignored(MSG_PAGAMENTO.envioCancelada);
      if (row.cobranca.status === COBRANCA_STATUS.RECEBIDA) return ignored(MSG_PAGAMENTO.envioRecebida);
      if (row.cliente.naoEnviarMensagens) return ignored(MOTIVO.naoEnviar);
      const company = await getCompany(tx);
      if (!integrationActive(company, 'whats')) return ignored(MOTIVO.whatsInativo);
      const mobile = mobileOf(row.cliente);
      if (!mobile) return ignored(MOTIVO.semCelular);
      const minutos = reenviar ? null : await envioRecente(tx, id);
      if (minutos !== null) return ignored(enviadaHa(minutos));
      const texto = fillTemplate(
        comEmpresa(String(company.integrations.alertas.novacobranca)),
        alertValues(row.cobranca, clienteNome(row.cliente), company.dadosempresa.nome),
      );
      await enqueueEnvio(tx, options.queue, {
        key: `enviar:cobrancas:${id}:${randomUUID()}`,
        idcliente: row.cobranca.idcliente,
        idcobranca: id,
        destino: mobile,
        texto,
      });
      return { id, status: 'enviada', motivo: '' };
    });

  r.post(
    '/v1/cobrancas/:id/nfse',
    {
      schema: { tags, summary: 'Emite agora a NFS-e da cobrança (Asaas)', params: idParam },
      config: { access: 'user' },
    },
    async (request) => {
      const [exists] = await db.select({ id: cobrancas.id }).from(cobrancas).where(eq(cobrancas.id, request.params.id));
      if (!exists) throw notFound();
      return { nfse: await emitirNfse(db, request.params.id, { baseUrl: options.asaasBaseUrl }) };
    },
  );

  r.post(
    '/v1/cobrancas/:id/nfse/cancelar',
    {
      schema: { tags, summary: 'Cancela a NFS-e da cobrança (administradores)', params: idParam },
      config: { access: 'admin' },
    },
    async (request) => {
      const [exists] = await db.select({ id: cobrancas.id }).from(cobrancas).where(eq(cobrancas.id, request.params.id));
      if (!exists) throw notFound();
      return { nfse: await cancelarNfse(db, request.params.id, { baseUrl: options.asaasBaseUrl }) };
    },
  );

  r.get(
    '/v1/integrations/nfse/servicos',
    {
      schema: { tags: ['integrações'], summary: 'Serviços municipais que a conta Asaas pode faturar', querystring: servicosQuery },
      config: { access: 'admin' },
    },
    async (request) => {
      const company = await getCompany(db);
      if (!integrationActive(company, 'gateway'))
        throw conflict('Ative o Asaas em Integrações → Gateway de pagamento antes de configurar a NFS-e.');
      const token = String(company.integrations.gateway.token);
      try {
        const Items = await asaas.municipalServices(
          { token, baseUrl: asaasBaseUrl(token, options.asaasBaseUrl), secrets: companySecrets(company) },
          request.query.descricao ?? '',
        );
        return { Items: Items.map((s) => ({ id: String(s.id), description: String(s.description), issTax: s.issTax ?? null })) };
      } catch (error) {
        // Asaas' refusal or absence, in pt-BR, as a 409/502 the screen shows: never a 500.
        if (error instanceof IntegrationError) {
          request.log.warn({ code: error.code, detail: error.detail }, `Serviços municipais: ${error.message}`);
          throw conflict(error.message);
        }
        throw error;
      }
    },
  );

  r.post(
    '/v1/cobrancas/enviar',
    {
      schema: { tags, summary: 'Envia várias cobranças ao cliente (WhatsApp): um resultado por cobrança', body: enviarVariasSchema },
      config: { access: 'user' },
    },
    async (request) => {
      const ids = [...new Set(request.body.ids)];
      const resultados = [];
      for (const id of ids) resultados.push(await enviarUma(id, request.body.reenviar === true));
      return {
        resultados,
        enviadas: resultados.filter((r) => r.status === 'enviada').length,
        ignoradas: resultados.filter((r) => r.status === 'ignorada').length,
      };
    },
  );

  r.get(
    '/v1/financeiro/indicadores',
    {
      schema: { tags: ['financeiro'], summary: 'Receita recorrente, recebido no mês e inadimplência, com o mês anterior' },
      config: { access: 'user' },
    },
    async () => {
      const hoje = appToday();
      return db.transaction((tx) => indicadores(tx, hoje), { isolationLevel: 'repeatable read', accessMode: 'read only' });
    },
  );
}

/**
 * The dashboard's money (DESIGN 10), each with last month's figure:
 * - mrr: the active subscriptions' value a month (each cycle converted to months); last month's
 *   counts those created before this month that are still active or ended no earlier than last month;
 * - recebidoMes: received by payment day this month (to today) and the whole of last month;
 * - inadimplencia: of the charges due this month up to today (last month: the whole month), not
 *   cancelled, the overdue amount over the amount due, in %.
 */
async function indicadores(tx: DbOrTx, hoje: CalendarDate) {
  const inicio = firstOfMonth(hoje);
  const inicioAnterior = addMonths(inicio, -1);
  const fimAnterior = lastOfMonth(inicioAnterior);
  const meses = sql.raw(
    `CASE cycle ${Object.entries(MESES_POR_CICLO)
      .map(([cycle, months]) => `WHEN '${cycle}' THEN ${months}`)
      .join(' ')} ELSE 1 END`,
  );
  const a = assinaturas;
  const [mrr] = (
    (await tx.execute(sql`
      SELECT coalesce(sum(${a.valor} / (${meses})) FILTER (WHERE ${a.status} = 0), 0)::float8 AS atual,
             coalesce(sum(${a.valor} / (${meses})) FILTER (
               WHERE ${a.createdAt} < ${inicio}::date
                 AND (${a.status} = 0 OR ${a.enddate} >= ${inicioAnterior}::date)
             ), 0)::float8 AS anterior
      FROM ${a}`)) as unknown as { rows: { atual: number; anterior: number }[] }
  ).rows;
  const rd = cobrancasRecebidasDia;
  const [recebido] = (
    (await tx.execute(sql`
      SELECT coalesce(sum(${rd.valor}) FILTER (WHERE ${rd.dia} BETWEEN ${inicio}::date AND ${hoje}::date), 0)::float8 AS atual,
             coalesce(sum(${rd.valor}) FILTER (WHERE ${rd.dia} BETWEEN ${inicioAnterior}::date AND ${fimAnterior}::date), 0)::float8 AS anterior
      FROM ${rd} WHERE ${rd.dia} BETWEEN ${inicioAnterior}::date AND ${hoje}::date`)) as unknown as {
      rows: { atual: number; anterior: number }[];
    }
  ).rows;
  const v = cobrancasResumoDia;
  const overdue = sql`(${v.status} = ${COBRANCA.VENCIDA} OR (${v.status} = ${COBRANCA.EM_ABERTO} AND ${v.duedate} < ${hoje}::date))`;
  const due = sql`${v.status} <> ${COBRANCA.CANCELADA}`;
  const atual = sql`${v.duedate} BETWEEN ${inicio}::date AND ${hoje}::date`;
  const anterior = sql`${v.duedate} BETWEEN ${inicioAnterior}::date AND ${fimAnterior}::date`;
  const [inad] = (
    (await tx.execute(sql`
      SELECT coalesce(sum(${v.valor}) FILTER (WHERE ${atual} AND ${overdue}), 0)::float8 AS vencido,
             coalesce(sum(${v.valor}) FILTER (WHERE ${atual} AND ${due}), 0)::float8 AS devido,
             coalesce(sum(${v.valor}) FILTER (WHERE ${anterior} AND ${overdue}), 0)::float8 AS vencido_anterior,
             coalesce(sum(${v.valor}) FILTER (WHERE ${anterior} AND ${due}), 0)::float8 AS devido_anterior
      FROM ${v} WHERE ${v.duedate} BETWEEN ${inicioAnterior}::date AND ${hoje}::date`)) as unknown as {
      rows: { vencido: number; devido: number; vencido_anterior: number; devido_anterior: number }[];
    }
  ).rows;
  const rate = (overdueAmount: number, dueAmount: number) => (dueAmount > 0 ? round2((100 * overdueAmount) / dueAmount) : 0);
  return {
    hoje,
    mrr: { valor: round2(Number(mrr.atual)), anterior: round2(Number(mrr.anterior)) },
    recebidoMes: { valor: round2(Number(recebido.atual)), anterior: round2(Number(recebido.anterior)) },
    inadimplencia: {
      valor: rate(Number(inad.vencido), Number(inad.devido)),
      anterior: rate(Number(inad.vencido_anterior), Number(inad.devido_anterior)),
      vencido: round2(Number(inad.vencido)),
      devido: round2(Number(inad.devido)),
    },
  };
}
