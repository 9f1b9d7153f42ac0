/**
 * A contract's calls beyond the generic resource (DESIGN sections 5, 9 and 11): `POST` (and `GET`, as
 * SPEC calls it) `/v1/contratos/enviar/{id}` sends the contract's public link to its client through
 * the messaging channel (mensagens/envio.ts says when it may not); `/v1/contratos/{id}/itens` are
 * its items (cobrancas/itens.ts): list, add, change, suspend and reactivate; `…/bloquear` and
 * `…/desbloquear` its block by hand (cobrancas/bloqueio.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam, semCorpo } from '../../domain/schemas/list';
import { itemCancelarSchema, itemCreateSchema, itemDataSchema, itemParams, itemUpdateSchema } from '../../domain/schemas/contratoItens';
import { addDays } from '../../domain/calendar';
import { MSG } from '../../domain/messages';
import { isAdmin } from '../../domain/permissions';
import { alterarItem, cancelarItem, criarItem, itensDoContrato, suspenderItem } from '../cobrancas/itens';
import { cobrancas } from '../db/schema';
import { bloquearContrato, efeitosDoBloqueio } from '../cobrancas/bloqueio';
import { reconcileClients } from '../cobrancas/faturamento';
import { ACAO, audit } from '../regras/auditoria';
import { appToday } from '../regras/clock';
import { forbidden } from '../regras/http-errors';
import { cobrancasResource } from '../resources/cobrancas';
import { ordensservicosResource } from '../resources/ordensservicos';
import { createItem } from '../resources/write';
import { contratos } from '../db/schema';
import { notFound } from '../regras/http-errors';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { enviarContrato, respostaDoEnvio } from '../mensagens/envio';
import type { JobQueue } from '../queue/boss';

export interface ContratoRoutesOptions {
  /** Messages are stored with their delivery job (mensagens/mensagens.ts). */
  queue: JobQueue;
  /** The public address of the app (PUBLIC_URL), for links in messages; else the request's own. */
  publicUrl?: string;
}

export function registerContratoRoutes(app: FastifyInstance, db: Db, options: ContratoRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const originOf = (request: FastifyRequest) => (options.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');

  const sendContrato = async (request: FastifyRequest<{ Params: { id: number } }>) =>
    respostaDoEnvio(await db.transaction((tx) => enviarContrato(tx, options.queue, request.params.id, originOf(request))));

  for (const method of ['GET', 'POST'] as const) {
    r.route({
      method,
      url: '/v1/contratos/enviar/:id',
      schema: { tags: ['contratos'], summary: 'Envia o link público do contrato ao cliente (WhatsApp)', params: idParam },
      config: { access: 'user' },
      handler: sendContrato,
    });
  }

  const tags = ['contratos'];
  r.get('/v1/contratos/:id/itens', {
    schema: { tags, summary: 'Itens do contrato (veículos e serviços), com o valor efetivo', params: idParam },
    config: { access: 'user' },
    handler: async (request) =>
      db.transaction(async (tx) => {
        const [contrato] = await tx.select({ id: contratos.id }).from(contratos).where(eq(contratos.id, request.params.id));
        if (!contrato) throw notFound();
        return { Items: await itensDoContrato(tx, request.params.id) };
      }),
  });
  r.post('/v1/contratos/:id/itens', {
    schema: { tags, summary: 'Adiciona um item (veículo do cliente, ou serviço) ao contrato', params: idParam, body: itemCreateSchema },
    config: { access: 'user' },
    handler: async (request, reply) => {
      const item = await db.transaction((tx) => criarItem(tx, options.queue, request.params.id, request.body));
      reply.code(201);
      return item;
    },
  });
  r.put('/v1/contratos/:id/itens/:iditem', {
    schema: { tags, summary: 'Altera um item do contrato', params: itemParams, body: itemUpdateSchema },
    config: { access: 'user' },
    handler: async (request) =>
      db.transaction((tx) => alterarItem(tx, options.queue, request.params.id, request.params.iditem, request.body)),
  });
  for (const acao of ['suspender', 'reativar'] as const) {
    r.post(`/v1/contratos/:id/itens/:iditem/${acao}`, {
      schema: {
        tags,
        summary: acao === 'suspender' ? 'Suspende um item a partir de uma data' : 'Reativa um item suspenso a partir de uma data',
        params: itemParams,
        body: itemDataSchema,
      },
      config: { access: 'user' },
      handler: async (request) =>
        db.transaction((tx) =>
          suspenderItem(tx, options.queue, request.params.id, request.params.iditem, request.body.de!, acao === 'suspender'),
        ),
    });
  }

  // The block per contract (DESIGN 11): staff block or lift it by hand, audited; the client's
  // status follows (every contract blocked: Bloqueado), and the vehicles' Traccar jobs are enqueued.
  for (const acao of ['bloquear', 'desbloquear'] as const) {
    r.post(`/v1/contratos/:id/${acao}`, {
      schema: {
        tags,
        summary:
          acao === 'bloquear'
            ? 'Bloqueia o contrato: seus veículos saem do usuário do cliente no Traccar'
            : 'Desbloqueia o contrato: seus veículos voltam ao usuário do cliente no Traccar',
        params: idParam,
        // No input: nothing, or an empty object, and nothing else is a 400.
        body: semCorpo,
      },
      config: { access: 'user' },
      handler: async (request) =>
        db.transaction(async (tx) => {
          const change = await bloquearContrato(tx, request.params.id, acao === 'bloquear');
          await efeitosDoBloqueio(tx, options.queue, [change], { id: request.user!.id, name: request.user!.name });
          await reconcileClients(tx, appToday(), [change.idcliente], app.effects);
          const itens = await itensDoContrato(tx, change.id);
          return { id: change.id, bloqueio: change.bloqueio, veiculos: itens.filter((i) => i.bloqueado).length, itens };
        }),
    });
  }

  // Cancelling an item (DESIGN 11): billing stops at fim, a removal order for its vehicle's tracker,
  // and inside the fidelity period the fine's charge due fim + 5 days, unless an administrator waives it (audited).
  r.post('/v1/contratos/:id/itens/:iditem/cancelar', {
    schema: {
      tags,
      summary: 'Cancela um item: fim da cobrança, ordem de retirada e multa de fidelidade',
      params: itemParams,
      body: itemCancelarSchema,
    },
    config: { access: 'user' },
    handler: async (request) => {
      const { fim: pedido, motivo, dispensarMulta, ordem } = request.body;
      if (dispensarMulta && !isAdmin(request.user)) throw forbidden(MSG.dispensarMultaAdmin);
      const ctx = { db, request, user: request.user!, effects: app.effects };
      const fim = pedido ?? appToday();
      return db.transaction(async (tx) => {
        const { item, idcliente, multa, iddevice } = await cancelarItem(
          tx,
          options.queue,
          request.params.id,
          request.params.iditem,
          fim,
          motivo,
        );
        const nome = [item.placa, item.descricao].filter(Boolean).join(' ') || `item ${item.id}`;
        const ordemServico =
          ordem && item.idveiculo && iddevice
            ? await createItem(
                tx,
                ordensservicosResource,
                {
                  idcliente,
                  idveiculo: item.idveiculo,
                  iddevice,
                  tipo: 'retirada',
                  descricao: `Retirada: cancelamento de ${nome} (contrato ${request.params.id})${motivo ? ` - ${motivo}` : ''}`.slice(
                    0,
                    255,
                  ),
                },
                ctx,
              )
            : null;
        let cobranca = null;
        if (multa > 0 && dispensarMulta)
          await audit(tx, {
            acao: ACAO.multa,
            user: { id: request.user!.id, name: request.user!.name },
            idcliente,
            idveiculo: item.idveiculo,
            descricao: `Multa de fidelidade de ${nome} dispensada (contrato ${request.params.id})`,
            resultado: `R$ ${multa.toFixed(2).replace('.', ',')} não cobrados`,
          });
        else if (multa > 0) {
          const duedate = addDays(fim, 5);
          const descricao = `Multa de fidelidade: ${nome}`.slice(0, 255);
          cobranca = await createItem(tx, cobrancasResource, { idcliente, descricao, valor: multa, duedate }, ctx);
          const linhas = [
            { tipo: 'multa', descricao, placa: item.placa, de: fim, ate: item.fimFidelidade, dias: 0, valor: multa, iditem: item.id },
          ];
          await tx
            .update(cobrancas)
            .set({ itens: linhas })
            .where(eq(cobrancas.id, Number(cobranca.id)));
        }
        return {
          item,
          ordemServico: ordemServico ? { id: ordemServico.id } : null,
          multa: cobranca ? { id: cobranca.id, valor: multa, duedate: cobranca.duedate } : null,
        };
      });
    },
  });
}
