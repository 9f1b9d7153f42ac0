/**
 * Finance calls beyond the generic resources (DESIGN sections 5, 7 and 9): sending a contract or a
 * charge to the client through the messaging channel (`POST`, and `GET` as SPEC calls it,
 * `/v1/{contratos|cobrancas}/enviar/{id}`), and the financial summary of /financeiro: the six
 * buckets for a due-date range and the last 12 months' series.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import { addMonths, firstOfMonth, lastOfMonth, type CalendarDate } from '../../domain/calendar';
import { clienteNome } from '../../domain/clientes';
import { BUCKETS, comEmpresa, fillTemplate } from '../../domain/financeiro';
import { formatNumero } from '../../domain/formatters';
import { MSG } from '../../domain/messages';
import { resumoQuery } from '../../domain/schemas/financeiro';
import { idParam } from '../../domain/schemas/list';
import type { Db, DbOrTx } from '../db/client';
import { clientes, cobrancas, cobrancasRecebidasDia, cobrancasResumoDia, contratos } from '../db/schema';
import { COBRANCA } from '../db/status-sql';
import { badRequest, conflict, notFound } from '../regras/http-errors';
import { appToday } from '../regras/clock';
import { getCompany, integrationActive } from '../regras/company';
import type { JobQueue } from '../queue/boss';
import { alertValues, enqueueEnvio, envioRecente, mobileOf } from '../mensagens/mensagens';
import { enviadaHa } from '../../domain/pagamento';
import { reenviarQuery } from '../../domain/schemas/pagamento';
import { bucketsOfRange } from '../resources/cobrancas';

export interface FinanceOptions {
  /** Messages are stored with their delivery job (services/mensagens.ts). */
  queue: JobQueue;
  /** The public address of the app (PUBLIC_URL), for links in messages; else the request's own. */
  publicUrl?: string;
}

async function recipient(tx: DbOrTx, idcliente: number) {
  const [client] = await tx
    .select({
      cadastro: clientes.cadastro,
      name: clientes.name,
      razaosocial: clientes.razaosocial,
      mobilePhone: clientes.mobilePhone,
      contatos: clientes.contatos,
      naoEnviarMensagens: clientes.naoEnviarMensagens,
    })
    .from(clientes)
    .where(eq(clientes.id, idcliente));
  return { optedOut: Boolean(client?.naoEnviarMensagens), nome: client ? clienteNome(client) : '', mobile: client ? mobileOf(client) : '' };
}

/** The months of the series: the 12 calendar months ending with today's. */
const lastTwelveMonths = (today: CalendarDate) => Array.from({ length: 12 }, (_, i) => addMonths(firstOfMonth(today), i - 11).slice(0, 7));

export function registerFinanceRoutes(app: FastifyInstance, db: Db, options: FinanceOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { queue } = options;
  const originOf = (request: FastifyRequest) => (options.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');

  /**
   * Sends one message about a record, in one transaction with the checks: unknown record 404, a
   * client marked "Não enviar mensagens" 409 (the client's wish holds for every message), the
   * channel inactive 409, a client without a mobile phone 409, and a charge with a message stored
   * in the last 10 minutes 409 with `errors.reenviar` unless `?reenviar=1` (staff confirmed it).
   */
  const send = async <R extends { id: number; idcliente: number }>(
    find: (tx: DbOrTx) => Promise<R | undefined>,
    compose: (tx: DbOrTx, record: R, nome: string) => Promise<string>,
    kind: 'contratos' | 'cobrancas',
    reenviar = false,
  ) => {
    await db.transaction(async (tx) => {
      const record = await find(tx);
      if (!record) throw notFound();
      const { optedOut, nome, mobile } = await recipient(tx, record.idcliente);
      if (optedOut) throw conflict(MSG.clienteOptedOut);
      if (!integrationActive(await getCompany(tx), 'whats')) throw conflict(MSG.messagingInactive);
      if (!mobile) throw conflict(MSG.noMobilePhone);
      const minutos = kind === 'cobrancas' && !reenviar ? await envioRecente(tx, record.id) : null;
      if (minutos !== null) throw conflict(enviadaHa(minutos), { reenviar: enviadaHa(minutos) });
      const texto = await compose(tx, record, nome);
      await enqueueEnvio(tx, queue, {
        key: `enviar:${kind}:${record.id}:${randomUUID()}`,
        idcliente: record.idcliente,
        ...(kind === 'cobrancas' ? { idcobranca: record.id } : { idcontrato: record.id }),
        destino: mobile,
        texto,
      });
    });
    return { message: MSG.sent };
  };

  const sendContrato = async (request: FastifyRequest<{ Params: { id: number } }>) =>
    send(
      async (tx) => (await tx.select().from(contratos).where(eq(contratos.id, request.params.id)))[0],
      async (tx, contrato, nome) => {
        const link = `${originOf(request)}/static/contrato/${contrato.token}`;
        const empresa = (await getCompany(tx)).dadosempresa.nome;
        return `Olá, ${nome}! Segue o seu contrato nº ${formatNumero(contrato.id)}${empresa ? ` com ${empresa}` : ''}: ${link}`;
      },
      'contratos',
    );

  const sendCobranca = async (request: FastifyRequest<{ Params: { id: number }; Querystring: { reenviar?: string } }>) =>
    send(
      // Two sends of one charge take turns: the second sees the first's message.
      async (tx) => (await tx.select().from(cobrancas).where(eq(cobrancas.id, request.params.id)).for('update'))[0],
      async (tx, cobranca, nome) => {
        const company = await getCompany(tx);
        return fillTemplate(
          comEmpresa(String(company.integrations.alertas.novacobranca)),
          alertValues(cobranca, nome, company.dadosempresa.nome),
        );
      },
      'cobrancas',
      request.query.reenviar !== undefined,
    );

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
          const overdue = sql`(${v.status} = ${COBRANCA.VENCIDA} OR (${v.status} = ${COBRANCA.EM_ABERTO} AND ${v.duedate} < ${hoje}::date))`;
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
