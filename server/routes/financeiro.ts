/**
 * Finance calls beyond the generic resources (DESIGN sections 5, 7 and 9): sending a contract or a
 * charge to the client through the messaging channel (`POST`, and `GET` as SPEC calls it,
 * `/v1/{contratos|cobrancas}/enviar/{id}`), and the financial summary of /financeiro: the six
 * buckets for a due-date range and the last 12 months' series.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { addMonths, firstOfMonth, lastOfMonth, type CalendarDate } from '../../domain/calendar';
import { cobrancaVencidaSql } from '../../domain/cobranca';
import { BUCKETS } from '../../domain/financeiro';
import { MSG } from '../../domain/messages';
import { resumoQuery } from '../../domain/schemas/financeiro';
import { idParam } from '../../domain/schemas/list';
import type { Db } from '../db/client';
import { cobrancasRecebidasDia, cobrancasResumoDia } from '../db/schema';
import { badRequest, conflict, notFound } from '../http-errors';
import { appToday } from '../services/clock';
import type { JobQueue } from '../queue/boss';
import { enviarCobranca, enviarContrato, type Envio, type Recusa } from '../services/mensagens';
import { reenviarQuery } from '../../domain/schemas/pagamento';
import { bucketsOfRange } from '../resources/cobrancas';

export interface FinanceOptions {
  /** Messages are stored with their delivery job (services/mensagens.ts). */
  queue: JobQueue;
  /** The public address of the app (PUBLIC_URL), for links in messages; else the request's own. */
  publicUrl?: string;
}

/** The 409's words of a refused Enviar of one record, where they are not those of sending many. */
const RECUSA_409: Partial<Record<Recusa, string>> = {
  naoEnviar: MSG.clienteOptedOut,
  whatsInativo: MSG.messagingInactive,
  semCelular: MSG.noMobilePhone,
};

/** The months of the series: the 12 calendar months ending with today's. */
const lastTwelveMonths = (today: CalendarDate) => Array.from({ length: 12 }, (_, i) => addMonths(firstOfMonth(today), i - 11).slice(0, 7));

export function registerFinanceRoutes(app: FastifyInstance, db: Db, options: FinanceOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { queue } = options;
  const originOf = (request: FastifyRequest) => (options.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');

  /**
   * Staff's Enviar of one contract or charge, in one transaction with the checks
   * (services/mensagens.ts `enviarCobranca`/`enviarContrato`, the one rule of what may go): unknown
   * record 404; a cancelled or received charge 409; a client marked "Não enviar mensagens" 409 (the
   * client's wish holds for every message), the channel inactive 409, a client without a mobile
   * phone 409; and a charge with a message stored in the last 10 minutes 409 with
   * `errors.reenviar` unless `?reenviar=1` (staff confirmed it).
   */
  const replyOf = (envio: Envio) => {
    if (envio.enviada) return { message: MSG.sent };
    if (envio.recusa === 'naoEncontrada') throw notFound();
    if (envio.recusa === 'recente') throw conflict(envio.motivo, { reenviar: envio.motivo });
    throw conflict(RECUSA_409[envio.recusa] ?? envio.motivo);
  };

  const sendContrato = async (request: FastifyRequest<{ Params: { id: number } }>) =>
    replyOf(await db.transaction((tx) => enviarContrato(tx, queue, request.params.id, originOf(request))));

  const sendCobranca = async (request: FastifyRequest<{ Params: { id: number }; Querystring: { reenviar?: string } }>) =>
    replyOf(await db.transaction((tx) => enviarCobranca(tx, queue, request.params.id, { reenviar: request.query.reenviar !== undefined })));

  for (const method of ['GET', 'POST'] as const) {
    r.route({
      method,
      url: '/v1/contratos/enviar/:id',
      schema: { tags: ['contratos'], summary: 'Envia o link público do contrato ao cliente (WhatsApp)', params: idParam },
      config: { access: 'user' },
      handler: sendContrato,
    });
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
    '/v1/financeiro/resumo',
    {
      schema: {
        tags: ['financeiro'],
        summary: 'Totais e quantidades das cobranças por situação, pelo vencimento',
        querystring: resumoQuery,
      },
      config: { access: 'user' },
    },
    async (request) => {
      const hoje = appToday();
      const dataInicio = request.query.dataInicio ?? firstOfMonth(hoje);
      const dataFim = request.query.dataFim ?? lastOfMonth(hoje);
      if (dataFim < dataInicio) throw badRequest(MSG.dataFimBeforeInicio, { dataFim: MSG.dataFimBeforeInicio });
      return { dataInicio, dataFim, hoje, ...(await bucketsOfRange(db, { dataInicio, dataFim }, hoje)) };
    },
  );

  r.get(
    '/v1/financeiro/serie',
    {
      schema: { tags: ['financeiro'], summary: 'Recebido e vencido por mês nos últimos 12 meses, e a divisão por situação' },
      config: { access: 'user' },
    },
    async () => {
      const hoje = appToday();
      const meses = lastTwelveMonths(hoje);
      const inicio = `${meses[0]}-01`;
      const fim = lastOfMonth(hoje);
      return db.transaction(
        async (tx) => {
          // Received by payment date (the due date when none was recorded); overdue by due date: both
          // from the per-day rollups (migration 0007), a few rows a day instead of every charge.
          const r = cobrancasRecebidasDia;
          const v = cobrancasResumoDia;
          const overdue = cobrancaVencidaSql(sql, v, hoje);
          const result = (await tx.execute(sql`
            SELECT 'r' AS kind, to_char(${r.dia}, 'YYYY-MM') AS mes, sum(${r.qnt})::int AS qnt, sum(${r.valor})::text AS valor
            FROM ${r} WHERE ${r.dia} BETWEEN ${inicio}::date AND ${fim}::date GROUP BY 2
            UNION ALL
            SELECT 'v', to_char(${v.duedate}, 'YYYY-MM'), sum(${v.qnt})::int, sum(${v.valor})::text
            FROM ${v} WHERE ${overdue} AND ${v.duedate} BETWEEN ${inicio}::date AND ${fim}::date GROUP BY 2
          `)) as unknown as { rows: { kind: string; mes: string; qnt: number; valor: string }[] };
          const figures = (kind: string, mes: string) => result.rows.find((row) => row.kind === kind && row.mes === mes);
          const serie = meses.map((mes) => ({
            mes,
            recebidas: Number(figures('r', mes)?.valor ?? 0),
            qntRecebidas: Number(figures('r', mes)?.qnt ?? 0),
            vencidas: Number(figures('v', mes)?.valor ?? 0),
            qntVencidas: Number(figures('v', mes)?.qnt ?? 0),
          }));
          const porSituacao = await bucketsOfRange(tx, { dataInicio: inicio, dataFim: fim }, hoje);
          return { hoje, inicio, fim, serie, porSituacao, situacoes: BUCKETS };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
    },
  );
}
