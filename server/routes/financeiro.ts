/**
 * The financial summary of /financeiro (DESIGN 10): the six buckets for a due-date range
 * (`/v1/financeiro/resumo`), the last 12 months' series (`/serie`) and the dashboard's money
 * (`/indicadores`: recurring revenue, received this month and the overdue rate, each with last month's).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { addMonths, firstOfMonth, lastOfMonth, type CalendarDate } from '../../domain/calendar';
import { cobrancaVencidaSql } from '../../domain/cobranca';
import { BUCKETS } from '../../domain/financeiro';
import { MSG } from '../../domain/messages';
import { resumoQuery } from '../../domain/schemas/financeiro';
import type { Db, DbOrTx } from '../db/client';
import { assinaturas, cobrancasRecebidasDia, cobrancasResumoDia } from '../db/schema';
import { ASSINATURA, COBRANCA } from '../db/status-sql';
import { badRequest } from '../regras/http-errors';
import { appToday } from '../regras/clock';
import { bucketsOfRange } from '../resources/cobrancas';

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

/** The months of the series: the 12 calendar months ending with today's. */
const lastTwelveMonths = (today: CalendarDate) => Array.from({ length: 12 }, (_, i) => addMonths(firstOfMonth(today), i - 11).slice(0, 7));

export function registerFinanceRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();

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
 *   cancelled, the overdue amount over the amount due, in %;
 * - cobrancaAutomatica (DESIGN 11): of the active subscriptions, the share (%) collected without
 *   chasing: a card on file that Asaas accepted (cartao ativo) or an active Pix Automático.
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
      SELECT coalesce(sum(${a.valor} / (${meses})) FILTER (WHERE ${a.status} = ${ASSINATURA.ATIVA}), 0)::float8 AS atual,
             coalesce(sum(${a.valor} / (${meses})) FILTER (
               WHERE ${a.createdAt} < ${inicio}::date
                 AND (${a.status} = ${ASSINATURA.ATIVA} OR ${a.enddate} >= ${inicioAnterior}::date)
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
  const overdue = cobrancaVencidaSql(sql, v, hoje);
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
  const [automatica] = (
    (await tx.execute(sql`
      SELECT count(*)::int AS ativas,
             count(*) FILTER (WHERE (${a.formaCobranca} = 'cartao' AND ${a.cartao}->>'status' = 'ativo')
                OR (${a.formaCobranca} = 'pix_automatico' AND ${a.pixAutomatico}->>'status' = 'ativa'))::int AS automaticas
      FROM ${a} WHERE ${a.status} = ${ASSINATURA.ATIVA}`)) as unknown as { rows: { ativas: number; automaticas: number }[] }
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
    cobrancaAutomatica: {
      valor: Number(automatica.ativas) > 0 ? round2((100 * Number(automatica.automaticas)) / Number(automatica.ativas)) : 0,
      automaticas: Number(automatica.automaticas),
      ativas: Number(automatica.ativas),
    },
  };
}
