/**
 * The messages list (issue 24, DESIGN 10 "One page per client"): `GET /v1/mensagens`, every WhatsApp
 * message the app stored (the charges' alerts and the staff's Enviar of a charge or a contract),
 * newest first, with an exact total, for every staff member.
 *
 * Filters: idcliente, idcobranca, idcontrato, status (pendente, enviando, enviada, falhou,
 * ignorada), kind (the alerts' kinds and envio), and dataInicio/dataFim (the calendar days, in
 * APP_TIMEZONE, the message was created, inclusive). The query is bounded: ids in int4, fixed sets,
 * real dates, pageSize up to MAX_PAGE_SIZE, and no other key (a 400 in pt-BR names what is wrong).
 *
 * Each row carries what the charge's messages already show (`/v1/cobrancas/{id}/mensagens`) and the
 * records it is about (charge, contract, client and the client's name as the screens show it);
 * never the message's internal key, the channel's message id or its retry schedule.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { addDays, wallClock, type CalendarDate } from '../../domain/calendar';
import { clienteNome } from '../../domain/clientes';
import { MSG, valuesAccepted } from '../../domain/messages';
import { id } from '../../domain/schemas/common';
import { dateFilter } from '../../domain/schemas/financeiro';
import { listQuery } from '../../domain/schemas/list';
import type { Db } from '../db/client';
import { clientes, mensagens } from '../db/schema';
import { appTimeZone } from '../regras/clock';
import { listMeta } from '../resources/list-query';
import { MENSAGEM_STATUS } from '../mensagens/mensagens';
import { MENSAGEM_KINDS } from '../../domain/mensagens';

const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);
const ref = (message: string) => z.preprocess(blankToUndefined, id(message).optional());

export const MENSAGENS_MSG = {
  status: `Situação da mensagem inválida. ${valuesAccepted(MENSAGEM_STATUS)}`,
  kind: `Tipo de mensagem inválido. ${valuesAccepted(MENSAGEM_KINDS)}`,
  cobranca: 'Cobrança inválida',
  contrato: 'Contrato inválido',
  desconhecido: (keys: readonly string[]) =>
    `Filtro desconhecido: ${keys.join(', ')}. Use page, pageSize, idcliente, idcobranca, idcontrato, status, kind, dataInicio ou dataFim.`,
} as const;

export const mensagensQuery = z
  .strictObject(
    {
      ...listQuery.pick({ page: true, pageSize: true }).shape,
      idcliente: ref(MSG.invalidCliente),
      idcobranca: ref(MENSAGENS_MSG.cobranca),
      idcontrato: ref(MENSAGENS_MSG.contrato),
      status: z.preprocess(blankToUndefined, z.enum(MENSAGEM_STATUS, { error: MENSAGENS_MSG.status }).optional()),
      kind: z.preprocess(blankToUndefined, z.enum(MENSAGEM_KINDS, { error: MENSAGENS_MSG.kind }).optional()),
      dataInicio: dateFilter(),
      dataFim: dateFilter(),
    },
    {
      error: (issue) => (issue.code === 'unrecognized_keys' ? MENSAGENS_MSG.desconhecido(issue.keys) : MSG.invalidInput),
    },
  )
  .refine((q) => !q.dataInicio || !q.dataFim || q.dataFim >= q.dataInicio, {
    error: MSG.dataFimBeforeInicio,
    path: ['dataFim'],
  });

/** The moment a calendar day starts on the wall clock of `timeZone` (read back, so any offset is right). */
export function inicioDoDia(date: CalendarDate, timeZone: string): Date {
  const guess = Date.parse(`${date}T00:00:00Z`);
  const wall = wallClock(new Date(guess), timeZone);
  const wallMs = Date.UTC(+wall.year, +wall.month - 1, +wall.day, +wall.hour, +wall.minute, +wall.second);
  return new Date(guess - (wallMs - guess));
}

/** A message as staff see it, here and in a charge's messages (GET /v1/cobrancas/{id}/mensagens). */
export const mensagemColumns = {
  id: mensagens.id,
  kind: mensagens.kind,
  occurrence: mensagens.occurrence,
  destino: mensagens.destino,
  texto: mensagens.texto,
  status: mensagens.status,
  motivo: mensagens.motivo,
  tentativas: mensagens.tentativas,
  createdAt: mensagens.createdAt,
  enviadaEm: mensagens.enviadaEm,
  updatedAt: mensagens.updatedAt,
};

/** The columns a row shows: those of the charge's messages, and the records it is about. */
const columns = {
  ...mensagemColumns,
  idcliente: mensagens.idcliente,
  idcobranca: mensagens.idcobranca,
  idcontrato: mensagens.idcontrato,
  cadastro: clientes.cadastro,
  name: clientes.name,
  razaosocial: clientes.razaosocial,
};

export function registerMensagensRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/v1/mensagens',
    {
      schema: {
        tags: ['integrações'],
        summary: 'Mensagens do WhatsApp: alertas das cobranças e envios da equipe, as mais novas primeiro',
        querystring: mensagensQuery,
      },
      config: { access: 'user' },
    },
    async (request) => {
      const { page, pageSize, idcliente, idcobranca, idcontrato, status, kind, dataInicio, dataFim } = request.query;
      const conditions: SQL[] = [];
      if (idcliente) conditions.push(eq(mensagens.idcliente, idcliente));
      if (idcobranca) conditions.push(eq(mensagens.idcobranca, idcobranca));
      if (idcontrato) conditions.push(eq(mensagens.idcontrato, idcontrato));
      if (status) conditions.push(eq(mensagens.status, status));
      if (kind) conditions.push(eq(mensagens.kind, kind));
      if (dataInicio) conditions.push(gte(mensagens.createdAt, inicioDoDia(dataInicio, appTimeZone())));
      if (dataFim) conditions.push(lt(mensagens.createdAt, inicioDoDia(addDays(dataFim, 1), appTimeZone())));
      const where = conditions.length ? and(...conditions) : undefined;
      return db.transaction(
        async (tx) => {
          const [{ n }] = await tx.select({ n: count() }).from(mensagens).where(where);
          const rows = await tx
            .select(columns)
            .from(mensagens)
            .leftJoin(clientes, eq(clientes.id, mensagens.idcliente))
            .where(where)
            .orderBy(desc(mensagens.id))
            .limit(pageSize)
            .offset((page - 1) * pageSize);
          const Items = rows.map(({ cadastro, name, razaosocial, ...row }) => ({
            ...row,
            cliente: row.idcliente ? clienteNome({ cadastro, name, razaosocial }) : '',
          }));
          return { meta: listMeta({ page, pageSize }, Number(n)), Items };
        },
        { accessMode: 'read only', isolationLevel: 'repeatable read' },
      );
    },
  );
}
