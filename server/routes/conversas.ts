/**
 * The WhatsApp conversations' inbox (DESIGN 11), for every staff member: the list (urgent first,
 * then aguardando, then the latest; without encerrada unless asked), one conversation with its last
 * 100 messages and the bot's decisions, the summary for the shell, and the actions (reply, assumir,
 * encerrar, urgente and the client). The rules are in atendimento/conversas.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONVERSA_STATUS } from '../../domain/atendimento';
import { MSG, valuesAccepted } from '../../domain/messages';
import { bool, id, safeString } from '../../domain/schemas/common';
import { idParam, listQuery, semCorpo } from '../../domain/schemas/list';
import type { Db } from '../db/client';
import { listMeta } from '../resources/list-query';
import {
  alterarConversa,
  assumirConversa,
  detalharConversa,
  encerrarConversa,
  enviarDaEquipe,
  listarConversas,
  resumoConversas,
} from '../atendimento/conversas';

const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);
/** A status, or todas (the encerradas too: the client's page). */
const STATUS_FILTRO = [...CONVERSA_STATUS, 'todas'] as const;

const conversasQuery = z.strictObject(
  {
    ...listQuery.pick({ page: true, pageSize: true, pesquisa: true }).shape,
    status: z.preprocess(
      blankToUndefined,
      z.enum(STATUS_FILTRO, { error: `Situação inválida. ${valuesAccepted(STATUS_FILTRO)}` }).optional(),
    ),
    urgente: z.preprocess(blankToUndefined, bool().optional()),
    idatendente: z.preprocess(blankToUndefined, id('Atendente inválido').optional()),
    idcliente: z.preprocess(blankToUndefined, id(MSG.invalidCliente).optional()),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Filtro desconhecido: ${issue.keys.join(', ')}. Use page, pageSize, pesquisa, status, urgente, idatendente ou idcliente.`
        : MSG.invalidInput,
  },
);

const detalheQuery = z.strictObject(
  { antes: z.preprocess(blankToUndefined, id('Mensagem inválida').optional()) },
  { error: MSG.invalidInput },
);

const textoMensagem = safeString()
  .trim()
  .min(1, { error: 'Escreva a mensagem.' })
  .max(4096, { error: 'A mensagem pode ter até 4096 caracteres.' });

const staffOf = (request: { user?: { id: number; name: string } | null }) => ({ id: request.user!.id, name: request.user!.name });

export function registerConversaRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['atendimento'];

  r.get(
    '/v1/conversas',
    {
      schema: { tags, summary: 'Conversas do WhatsApp: urgentes, aguardando, depois as mais recentes', querystring: conversasQuery },
      config: { access: 'user' },
    },
    async (request) => {
      const { page, pageSize, ...filtro } = request.query;
      const { total, Items } = await listarConversas(db, { page, pageSize, ...filtro });
      return { meta: listMeta({ page, pageSize }, total), Items };
    },
  );

  r.get(
    '/v1/conversas/resumo',
    { schema: { tags, summary: 'Conversas aguardando, urgentes e as minhas' }, config: { access: 'user' } },
    async (request) => resumoConversas(db, request.user!.id),
  );

  r.get(
    '/v1/conversas/:id',
    {
      schema: {
        tags,
        summary: 'Uma conversa, suas últimas 100 mensagens e as decisões do assistente',
        params: idParam,
        querystring: detalheQuery,
      },
      config: { access: 'user' },
    },
    async (request) => detalharConversa(db, request.params.id, request.query.antes),
  );

  r.post(
    '/v1/conversas/:id/mensagens',
    {
      schema: { tags, summary: 'Responde ao cliente (assume a conversa)', params: idParam, body: z.object({ texto: textoMensagem }) },
      config: { access: 'user' },
    },
    async (request, reply) => {
      const mensagem = await enviarDaEquipe(db, app.effects.queue, request.params.id, request.body.texto, staffOf(request));
      return reply.code(201).send(mensagem);
    },
  );

  r.post(
    '/v1/conversas/:id/assumir',
    {
      schema: {
        tags,
        summary: 'Assume a conversa (a de outro atendente só com forcar)',
        params: idParam,
        body: z.preprocess(
          (v) => (v === null ? undefined : v),
          z.object({ forcar: z.boolean({ error: MSG.mustBeBoolean }).optional() }).optional(),
        ),
      },
      config: { access: 'user' },
    },
    async (request) => assumirConversa(db, request.params.id, request.body?.forcar === true, staffOf(request)),
  );

  r.post(
    '/v1/conversas/:id/encerrar',
    { schema: { tags, summary: 'Encerra a conversa', params: idParam, body: semCorpo }, config: { access: 'user' } },
    async (request) => encerrarConversa(db, request.params.id, staffOf(request)),
  );

  r.put(
    '/v1/conversas/:id',
    {
      schema: {
        tags,
        summary: 'Marca a conversa como urgente ou a liga a um cliente',
        params: idParam,
        body: z.object({
          urgente: z.boolean({ error: MSG.mustBeBoolean }).optional(),
          idcliente: z.preprocess(blankToUndefined, id(MSG.invalidCliente).nullable().optional()),
        }),
      },
      config: { access: 'user' },
    },
    async (request) => alterarConversa(db, request.params.id, request.body, staffOf(request)),
  );
}
