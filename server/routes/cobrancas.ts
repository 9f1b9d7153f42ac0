/**
 * A charge's calls beyond the generic resource (DESIGN 10, "Payment page, PIX, boleto, NFS-e"):
 * - `GET /v1/cobrancas/{id}/pagamento`: the payment page's link and what it shows (PIX, boleto);
 * - `POST /v1/cobrancas/{id}/receber` `{ valor, data, forma }`: money received outside the gateway:
 *   status 1, paymentDate, valorPago and formaPagamento, the client reconciled and the recebida
 *   alert (cobrancas/cobrancas.ts), audited; `DELETE` of the same path (administrators) undoes it:
 *   the charge is open again (overdue when past due), audited;
 * - `POST /v1/cobrancas/{id}/nfse` issues its NFS-e now, `…/nfse/cancelar` (administrators) cancels it;
 * - `POST /v1/cobrancas/enviar` `{ ids, reenviar? }`: the novacobranca message of each, one result
 *   per id (enviada, or ignorada and why), each in its own transaction; a charge with a message
 *   stored in the last 10 minutes is skipped unless `reenviar: true`;
 * - `POST` (and `GET`, as SPEC calls it) `/v1/cobrancas/enviar/{id}`: one charge's message, or a
 *   409 saying why not (mensagens/envio.ts);
 * - `GET /v1/cobrancas/{id}/mensagens`: the charge's messages, sent, failed or skipped.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { desc, eq } from 'drizzle-orm';
import { cobrancaRecebivel, statusAberta } from '../../domain/cobranca';
import { COBRANCA_STATUS } from '../../domain/financeiro';
import { formatDate, formatMoney, formatNumero } from '../../domain/formatters';
import { FORMA_PAGAMENTO_LABEL, MSG_PAGAMENTO } from '../../domain/pagamento';
import { idParam } from '../../domain/schemas/list';
import { enviarVariasSchema, receberSchema, reenviarQuery } from '../../domain/schemas/pagamento';
import type { Db } from '../db/client';
import { cobrancas, mensagens } from '../db/schema';
import { badRequest, conflict, notFound } from '../regras/http-errors';
import type { JobQueue } from '../queue/boss';
import { ACAO, audit } from '../regras/auditoria';
import { enqueueGateway } from '../cobrancas/gateway';
import { appToday } from '../regras/clock';
import { cobrancaAlterada } from '../cobrancas/cobrancas';
import { enviarCobranca, respostaDoEnvio } from '../mensagens/envio';
import { linkPagamento } from '../regras/public-url';
import { mensagemColumns } from './mensagens';
import { cobrancaPagamento } from './static-cobranca';
import { cancelarNfse, emitirNfse } from '../cobrancas/nfse';
import { avisoNegativacaoSchema } from '../../domain/negativacao';
import { avisar, cancelar as cancelarNegativacao, simular, solicitar } from '../asaas/negativacao';

export interface CobrancaRoutesOptions {
  queue: JobQueue;
  asaasBaseUrl?: string;
}

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
        if (!cobrancaRecebivel(existing))
          throw conflict(existing.status === COBRANCA_STATUS.RECEBIDA ? MSG_PAGAMENTO.jaRecebida : MSG_PAGAMENTO.cancelada);
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
        const status = statusAberta(existing.duedate, today);
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

  /** One charge's novacobranca message, or why not (mensagens/envio.ts `enviarCobranca`: the one rule). */
  const enviarUma = (id: number, reenviar: boolean) =>
    db.transaction(async (tx): Promise<{ id: number; status: 'enviada' | 'ignorada'; motivo: string }> => {
      const envio = await enviarCobranca(tx, options.queue, id, { reenviar });
      return envio.enviada ? { id, status: 'enviada', motivo: '' } : { id, status: 'ignorada', motivo: envio.motivo };
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

  // Negativação through Asaas (DESIGN 11): administrators only, audited, never automatic (asaas/negativacao.ts).
  const negativacao = `Negativação (Asaas; administradores)`;
  r.post(
    '/v1/cobrancas/:id/negativacao/aviso',
    {
      schema: {
        tags,
        summary: `${negativacao}: avisa o cliente antes (WhatsApp ou outro meio)`,
        params: idParam,
        body: avisoNegativacaoSchema,
      },
      config: { access: 'admin' },
    },
    async (request) => {
      const user = request.user!;
      return {
        negativacao: await avisar(db, options.queue, request.params.id, request.body.meio, { id: user.id, name: user.name }),
      };
    },
  );
  r.post(
    '/v1/cobrancas/:id/negativacao/simular',
    {
      schema: { tags, summary: `${negativacao}: simula (permitida, motivo, taxa, início previsto)`, params: idParam },
      config: { access: 'admin' },
    },
    async (request) => {
      const user = request.user!;
      return simular(db, request.params.id, { id: user.id, name: user.name }, options.asaasBaseUrl);
    },
  );
  r.post(
    '/v1/cobrancas/:id/negativacao',
    {
      schema: { tags, summary: `${negativacao}: solicita a negativação da cobrança vencida`, params: idParam },
      config: { access: 'admin' },
    },
    async (request, reply) => {
      const user = request.user!;
      const result = await solicitar(db, app.effects.queue, request.params.id, { id: user.id, name: user.name }, options.asaasBaseUrl);
      reply.code(201);
      return { negativacao: result };
    },
  );
  r.post(
    '/v1/cobrancas/:id/negativacao/cancelar',
    {
      schema: { tags, summary: `${negativacao}: cancela (409 com o motivo do Asaas quando não pode)`, params: idParam },
      config: { access: 'admin' },
    },
    async (request) => {
      const user = request.user!;
      return { negativacao: await cancelarNegativacao(db, request.params.id, { id: user.id, name: user.name }, options.asaasBaseUrl) };
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

  const sendCobranca = async (request: FastifyRequest<{ Params: { id: number }; Querystring: { reenviar?: string } }>) =>
    respostaDoEnvio(
      await db.transaction((tx) =>
        enviarCobranca(tx, options.queue, request.params.id, { reenviar: request.query.reenviar !== undefined }),
      ),
    );

  for (const method of ['GET', 'POST'] as const) {
    r.route({
      method,
      url: '/v1/cobrancas/enviar/:id',
      schema: {
        tags: ['cobrancas'],
        summary: 'Envia a cobrança ao cliente (WhatsApp, modelo novacobranca); enviada há menos de 10 minutos: 409, salvo com reenviar=1',
        params: idParam,
        querystring: reenviarQuery,
      },
      config: { access: 'user' },
      handler: sendCobranca,
    });
  }

  r.get(
    '/v1/cobrancas/:id/mensagens',
    {
      schema: { tags: ['cobrancas'], summary: 'Mensagens da cobrança: enviadas, com falha ou ignoradas', params: idParam },
      config: { access: 'user' },
    },
    async (request) => {
      const [cobranca] = await db.select({ id: cobrancas.id }).from(cobrancas).where(eq(cobrancas.id, request.params.id));
      if (!cobranca) throw notFound();
      const rows = await db
        .select(mensagemColumns)
        .from(mensagens)
        .where(eq(mensagens.idcobranca, request.params.id))
        .orderBy(desc(mensagens.id))
        .limit(200);
      return { Items: rows, meta: { total: rows.length } };
    },
  );
}
