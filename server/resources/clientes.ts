/**
 * Clients (SPEC 2.7, DESIGN sections 5 and 9): FISICA or JURIDICA, the main contact lifted from
 * contatos[0], the tracking-app password write-only, status 2 (Vencido) reserved to billing.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, AnyPgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { CADASTROS, CLIENTE_STATUS, CLIENTE_STATUS_LABEL, COBRANCA_STATUS } from '../../domain/constants';
import { emUsoMessage, ORDENS } from '../../domain/emUso';
import { MSG } from '../../domain/messages';
import { clienteSchema, type ClienteInput } from '../../domain/schemas/clientes';
import type { DbOrTx } from '../db/client';
import { assinaturas, clientes, cobrancas, contratos, ordensservicos, veiculos } from '../db/schema';
import { badRequest, conflict } from '../regras/http-errors';
import { defineResource, listFilters, STAFF_ACCESS } from './definition';
import { reconcileClients } from '../cobrancas/faturamento';
import { bloqueioDosClientes, bloqueioFiltroSql, SITUACOES_BLOQUEIO } from '../cobrancas/bloqueio';
import { appToday } from '../regras/clock';
import { ACAO, audit } from '../regras/auditoria';
import { formatNumero } from '../../domain/formatters';
import { clienteUserChanged, queueClienteRemoval } from '../frota/traccar-sync';
import { customerChanged, enqueueGateway } from '../cobrancas/gateway';
import type { ServerKeys } from '../seguranca/chave';
import { sealAppPassword } from '../seguranca/senha-app';

type ClienteRow = typeof clientes.$inferSelect;

/** Who set a status matters to billing (DESIGN 9, "manual block vs billing"). */
function statusValues(input: ClienteInput, existing?: ClienteRow) {
  const before = existing?.status ?? CLIENTE_STATUS.ATIVO;
  if (input.status === CLIENTE_STATUS.VENCIDO && before !== CLIENTE_STATUS.VENCIDO) {
    throw badRequest(MSG.statusVencidoReserved, { status: MSG.statusVencidoReserved });
  }
  if (before === CLIENTE_STATUS.VENCIDO && input.status !== CLIENTE_STATUS.VENCIDO) {
    throw badRequest(MSG.statusVencidoLocked, { status: MSG.statusVencidoLocked });
  }
  if (input.status === before) return {};
  return { status: input.status, statusMotivo: input.status === CLIENTE_STATUS.BLOQUEADO ? 'staff' : null };
}

/**
 * Staff lifting a block billing set is an override (DESIGN 9): the charges overdue now are noted,
 * and billing blocks the client again only for a charge that becomes overdue later.
 */
async function liftedBilling(tx: DbOrTx, existing: ClienteRow, status: { status?: number }) {
  if (status.status !== CLIENTE_STATUS.ATIVO || existing.statusMotivo !== 'billing') return {};
  const overdue = await tx
    .select({ id: cobrancas.id })
    .from(cobrancas)
    .where(and(eq(cobrancas.idcliente, existing.id), eq(cobrancas.status, COBRANCA_STATUS.VENCIDA)));
  return { billingOverride: overdue.map((charge) => charge.id) };
}

/**
 * The row's fields. The app password is not kept: a new one is sealed until Traccar has it
 * (seguranca/senha-app.ts) and `temSenha` remembers there is one; an empty one keeps what was.
 */
function fields(input: ClienteInput, keys: ServerKeys) {
  const { status: _status, password, ...rest } = input;
  return { ...rest, ...(password ? { temSenha: true, traccarSenha: sealAppPassword(keys, password) } : {}) };
}

/**
 * What holds the client, counted in one statement: the refusal names each with its count
 * ("Este cliente possui 2 veículos e 1 cobrança e não pode ser removido.").
 */
async function usedBy(tx: DbOrTx, id: number) {
  const countOf = (table: AnyPgTable, column: AnyPgColumn) =>
    sql<number>`(SELECT count(*) FROM ${table} WHERE ${column} = ${id})`.mapWith(Number);
  const [row] = await tx
    .select({
      veiculos: countOf(veiculos, veiculos.idcliente),
      contratos: countOf(contratos, contratos.idcliente),
      assinaturas: countOf(assinaturas, assinaturas.idcliente),
      cobrancas: countOf(cobrancas, cobrancas.idcliente),
      ordens: countOf(ordensservicos, ordensservicos.idcliente),
    })
    .from(clientes)
    .where(eq(clientes.id, id));
  if (!row) return null;
  return emUsoMessage('Este cliente', 'possui', [
    { n: row.veiculos, singular: 'veículo', plural: 'veículos' },
    { n: row.contratos, singular: 'contrato', plural: 'contratos' },
    { n: row.assinaturas, singular: 'assinatura', plural: 'assinaturas' },
    { n: row.cobrancas, singular: 'cobrança', plural: 'cobranças' },
    { n: row.ordens, ...ORDENS },
  ]);
}

export const clientesResource = defineResource({
  name: 'clientes',
  table: clientes,
  access: STAFF_ACCESS,
  searchFields: (c) => [c.id, c.name, c.razaosocial, c.cpf, c.cnpj, c.email, c.phone, c.mobilePhone],
  // Never sent: billing internals, integration ids, the sealed app password (write-only: `password`
  // is sent empty, `temSenha` says whether there is one).
  hiddenColumns: ['traccarSenha', 'statusMotivo', 'billingOverride', 'traccarUserId', 'gatewayId', 'updatedAt'],
  sortable: {
    id: clientes.id,
    name: clientes.name,
    razaosocial: clientes.razaosocial,
    dtcard: clientes.dtcard,
    status: clientes.status,
    email: clientes.email,
  },
  status: { values: Object.values(CLIENTE_STATUS), where: (status) => eq(clientes.status, status) },
  filters: listFilters(
    {
      cadastro: z.enum(CADASTROS, { error: MSG.cadastro }).optional(),
      // Pre-registrations waiting for staff (DESIGN 10): 1 those, 0 the confirmed ones.
      revisao: z.enum(['0', '1'], { error: 'Use 1 (pré-cadastros a confirmar) ou 0 (confirmados).' }).optional(),
      // The block per contract (DESIGN 11): none, some vehicles, or all (cobrancas/bloqueio.ts).
      bloqueio: z.enum(SITUACOES_BLOQUEIO, { error: MSG.bloqueioFiltro }).optional(),
    },
    (q) => [
      q.cadastro ? eq(clientes.cadastro, q.cadastro) : undefined,
      q.revisao !== undefined ? eq(clientes.revisao, q.revisao === '1') : undefined,
      q.bloqueio ? bloqueioFiltroSql(q.bloqueio, { id: sql`${clientes.id}`, status: sql`${clientes.status}` }) : undefined,
    ],
  ),
  // `bloqueio { situacao, veiculos, total }` reads the vehicles and the contracts' items.
  listTables: ['veiculos', 'contratos', 'contratos_itens'],
  aliases: { datecreated: 'dtcard' },
  async present(items, ctx) {
    const bloqueios = await bloqueioDosClientes(
      ctx.db,
      items.map((item) => ({ id: Number(item.id), status: Number(item.status) })),
    );
    for (const item of items) {
      item.password = '';
      item.bloqueio = bloqueios.get(Number(item.id));
    }
  },
  create: {
    schema: clienteSchema,
    prepare: (input: ClienteInput, ctx) => ({ ...fields(input, ctx.effects.keys), ...statusValues(input) }),
    // The client's own Traccar user, made from its login and password (frota/traccar-sync.ts);
    // clients created together (an import's batch) are enqueued in one statement.
    async afterMany(saved, _inputs, ctx, tx) {
      await ctx.effects.syncTraccarClientes(
        tx,
        saved.filter((c) => c.login && c.temSenha).map((c) => c.id),
      );
      // Their Asaas customers, while the gateway is active (asaas/sync.ts).
      await enqueueGateway(
        tx,
        ctx.effects.queue,
        saved.map((c) => ({ kind: 'cliente' as const, id: c.id })),
      );
    },
  },
  update: {
    schema: clienteSchema,
    async prepare(input: ClienteInput, existing, ctx, tx) {
      const status = statusValues(input, existing);
      return { ...fields(input, ctx.effects.keys), ...status, ...(await liftedBilling(tx, existing, status)) };
    },
    async after(saved, existing, ctx, tx) {
      // The records that copy its name, document or data follow by their own declaration (`copia`, copies.ts).
      // A status staff changed meets billing at once (a lifted staff block with charges overdue is Vencido).
      if (saved.status !== existing.status) {
        await audit(tx, {
          acao: ACAO.situacao,
          user: { id: ctx.user.id, name: ctx.user.name },
          idcliente: saved.id,
          descricao: `Situação do cliente ${formatNumero(saved.id)} alterada pela equipe.`,
          resultado: `${CLIENTE_STATUS_LABEL[existing.status] ?? existing.status} → ${CLIENTE_STATUS_LABEL[saved.status] ?? saved.status}`,
        });
        await reconcileClients(tx, appToday(), [saved.id], ctx.effects);
      }
      // The client's Traccar user follows its name, login, password and block (frota/traccar-sync.ts).
      if (clienteUserChanged(existing, saved)) await ctx.effects.syncTraccarClientes(tx, [saved.id]);
      // Its Asaas customer follows its name and contact.
      if (customerChanged(existing, saved)) await enqueueGateway(tx, ctx.effects.queue, [{ kind: 'cliente', id: saved.id }]);
    },
  },
  remove: {
    async guard(existing, _ctx, tx) {
      const refusal = await usedBy(tx, existing.id);
      if (refusal) throw conflict(refusal);
    },
    after: (removed, ctx, tx) => queueClienteRemoval(tx, ctx.effects.queue, removed),
  },
});
