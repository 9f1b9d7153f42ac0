/**
 * Service orders (SPEC 2.15, 3 and 4; DESIGN sections 5 and 9): a client's vehicle and the tracker
 * installed in it, scheduled for a técnico, closed with the 18-item checklist. The vehicle must be
 * the client's and the tracker on that vehicle or free; a free one is linked to the vehicle in the
 * same transaction as the order. A finalized order (status 1) is frozen: only an administrator
 * reopens it (status back to 0). Also `GET /v1/tecnicos`, the staff an order may be assigned to.
 */
import { and, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import { daysBetween } from '../../domain/calendar';
import { clienteNome } from '../../domain/clientes';
import { situacaoLabel } from '../../domain/frota';
import { MSG } from '../../domain/messages';
import { ORDEM_STATUS } from '../../domain/ordensservicos';
import { isAdmin } from '../../domain/permissions';
import { ordemServicoSchema, ordensServicosFilters, type OrdemServicoInput } from '../../domain/schemas/ordensservicos';
import type { DbOrTx } from '../db/client';
import { clientes, ordensservicos, trackres, veiculos } from '../db/schema';
import { badRequest, conflict } from '../regras/http-errors';
import { defineResource, listFilters, STAFF_ACCESS, type Item, type RequestContext } from './definition';
import { embed, tecnicoEmbed } from './embed';
import { veiculoDocumentoColumns } from './veiculos';
import { linkTrackerToVehicle } from '../estoque/links';
import { assertTecnicoAtivo, autorDe, registrarMovimento } from '../estoque/estoque';
import { estoqueMovimentos } from '../db/schema';
import { activeTraccar, queueTrackerSync } from '../frota/traccar-sync';
import { telemetria, validacaoDe } from '../frota/consultas';
import { iniciarItensDoVeiculo } from '../cobrancas/itens';
import { appToday } from '../regras/clock';

type OrdemRow = typeof ordensservicos.$inferSelect;
type ClienteRow = typeof clientes.$inferSelect;

/** What an order is found by of its client (DESIGN 9: client name, CPF/CNPJ), beside its id and description. */
export const ordemClienteSearch = (client: Pick<ClienteRow, 'cadastro' | 'name' | 'razaosocial' | 'cpf' | 'cnpj'>) => ({
  clienteNome: clienteNome(client),
  clienteCpf: client.cpf,
  clienteCnpj: client.cnpj,
});

async function clientOf(tx: DbOrTx, idcliente: number) {
  const [client] = await tx.select().from(clientes).where(eq(clientes.id, idcliente)).for('share');
  if (!client) throw badRequest(MSG.clienteNotFound, { idcliente: MSG.clienteNotFound });
  return client;
}

/**
 * The vehicle must be the client's; the tracker on that vehicle, or free and then linked to it
 * (tracker and vehicle locked in the order the tracker routes lock them: tracker, then vehicle).
 */
async function checkInstallation(tx: DbOrTx, input: OrdemServicoInput, ctx: RequestContext, existing?: OrdemRow) {
  const [tracker] = await tx.select().from(trackres).where(eq(trackres.id, input.iddevice)).for('update');
  const [vehicle] = await tx.select().from(veiculos).where(eq(veiculos.id, input.idveiculo)).for('update');
  if (!vehicle) throw badRequest(MSG.veiculoNotFound, { idveiculo: MSG.veiculoNotFound });
  if (vehicle.idcliente !== input.idcliente) throw badRequest(MSG.veiculoOfOtherCliente, { idveiculo: MSG.veiculoOfOtherCliente });
  if (!tracker) throw badRequest(MSG.rastreadorNotFound, { iddevice: MSG.rastreadorNotFound });
  if (tracker.idveiculo === vehicle.id) return;
  if (tracker.idveiculo !== 0) throw conflict(MSG.trackerOnOtherVehicle, { iddevice: MSG.trackerOnOtherVehicle });
  // A removal order removes the tracker that is there: it links none.
  if (input.tipo === 'retirada') throw conflict(MSG.retiradaSemRastreador, { iddevice: MSG.retiradaSemRastreador });
  // Taken from the técnico's stock (or the shelf) into the vehicle: a move for this order (DESIGN 10).
  const links = await linkTrackerToVehicle(tx, tracker, vehicle.id, { ...autorDe(ctx.user), idordemservico: existing?.id ?? null });
  await tx
    .update(trackres)
    .set({ ...links, updatedAt: new Date() })
    .where(eq(trackres.id, tracker.id));
  // Its Traccar device takes the vehicle's plate and the client's user (frota/traccar-sync.ts).
  await queueTrackerSync(tx, ctx.effects.queue, [tracker.id]);
}

/**
 * Input → columns, plus the client's search fields (Drizzle writes table columns only). Links are
 * checked when they change: an order keeps its vehicle and tracker after they move on.
 */
async function values(input: OrdemServicoInput, tx: DbOrTx, ctx: RequestContext, existing?: OrdemRow): Promise<Item> {
  const client = await clientOf(tx, input.idcliente);
  const linksChanged =
    !existing || existing.idcliente !== input.idcliente || existing.idveiculo !== input.idveiculo || existing.iddevice !== input.iddevice;
  if (linksChanged || input.tipo !== existing?.tipo) await checkInstallation(tx, input, ctx, existing);
  if (input.idtecnico !== null && input.idtecnico !== existing?.idtecnico) await assertTecnicoAtivo(tx, input.idtecnico);
  return { ...input, ...ordemClienteSearch(client) };
}

/**
 * A removal order finalized: its tracker leaves the vehicle and goes back to the técnico's hands
 * (to the shelf without a técnico), a move for this order (DESIGN 10).
 */
async function retirar(tx: DbOrTx, order: OrdemRow, ctx: RequestContext) {
  const [tracker] = await tx.select().from(trackres).where(eq(trackres.id, order.iddevice)).for('update');
  if (!tracker || tracker.idveiculo !== order.idveiculo) return;
  const autor = { ...autorDe(ctx.user), idordemservico: order.id };
  const back = order.idtecnico
    ? { situacao: 'tecnico', idtecnico: order.idtecnico, motivo: '' }
    : { situacao: 'estoque', idtecnico: null, motivo: '' };
  // One move, instalado → back: the unlink itself records none for a unit already out of instalado.
  const unlinked = await linkTrackerToVehicle(tx, { ...tracker, ...back }, 0, autor);
  await registrarMovimento(tx, 'trackres', tracker, back, autor);
  await tx
    .update(trackres)
    .set({ ...unlinked, ...back, updatedAt: new Date() })
    .where(eq(trackres.id, tracker.id));
  await queueTrackerSync(tx, ctx.effects.queue, [tracker.id], [tracker.idcliente]);
}

/** Finalizar with the tracker in Alimentação or Sem GPS: a 409 unless the body confirms `aceitarSituacao: true`. */
export const situacaoNaoComunicando = (situacao: string, motivo: string) =>
  `O rastreador não está Comunicando: ${situacao}${motivo ? ` (${motivo.replace(/\.$/, '')})` : ''}. Confirme para finalizar com esta validação.`;

export const SEM_VALIDACAO = 'O rastreador não comunicou nos últimos 10 minutos. Confirme para finalizar sem validação.';

/**
 * Finalizar checks the installation against live data (DESIGN 10): the tracker's state is stored
 * with the order (`validacao`); without a report in the last 10 minutes it is a 409 unless the
 * body confirms `semValidacao: true`, and then the order records who finalized it so. With the
 * Traccar integration off there is nothing to check against: it records that, with the reason.
 * A removal order removes the tracker: nothing to validate.
 */
export async function validacao(
  tx: DbOrTx,
  input: Pick<OrdemServicoInput, 'tipo' | 'iddevice' | 'semValidacao' | 'aceitarSituacao'>,
  ctx: Pick<RequestContext, 'user'>,
): Promise<Record<string, unknown> | null> {
  if (input.tipo === 'retirada') return null;
  const por = { id: ctx.user.id, name: ctx.user.name };
  const em = new Date().toISOString();
  if (!(await activeTraccar(tx))) return { semValidacao: true, por, em, motivo: 'Integração com o Traccar inativa' };
  const { estado, recente } = await telemetria(tx, input.iddevice);
  if (estado && recente) {
    const stored = validacaoDe(estado);
    if (stored.situacao === 'comunicando' || input.aceitarSituacao === true) return stored;
    const message = situacaoNaoComunicando(situacaoLabel(stored.situacao), stored.motivo);
    throw conflict(message, { situacao: message });
  }
  if (input.semValidacao === true) return { semValidacao: true, por, em };
  throw conflict(SEM_VALIDACAO, { semValidacao: SEM_VALIDACAO });
}

/**
 * What a finalization moves, when the order becomes Concluído (by staff, by a técnico's Finalizar,
 * or by the office's approval of one): a removal order returns its tracker.
 */
export async function aoFinalizar(tx: DbOrTx, order: OrdemRow, ctx: RequestContext) {
  if (order.tipo === 'retirada') await retirar(tx, order, ctx);
  // An installation finalized (or approved) starts its vehicle's pending contract item (DESIGN 11).
  if (order.tipo === 'instalacao') await iniciarItensDoVeiculo(tx, ctx.effects.queue, order.idveiculo, appToday());
}

/**
 * A finalized order is a signed record: frozen, except an administrator reopening it. One waiting
 * for approval (a técnico's Finalizar, DESIGN 11) is approved or reproved, not edited.
 */
function assertMayChange(existing: OrdemRow, input: OrdemServicoInput, ctx: RequestContext) {
  if (existing.status === ORDEM_STATUS.AGUARDANDO_APROVACAO) throw conflict(MSG.ordemAguardandoAprovacao);
  if (existing.status !== ORDEM_STATUS.CONCLUIDO) return;
  if (isAdmin(ctx.user) && input.status === ORDEM_STATUS.EM_ABERTO) return;
  throw conflict(MSG.ordemConcluida);
}

export const ordensservicosResource = defineResource({
  name: 'ordensservicos',
  table: ordensservicos,
  access: STAFF_ACCESS,
  searchFields: (o) => [o.id, o.clienteNome, o.clienteCpf, o.clienteCnpj, o.descricao],
  // Found by its client's name and CPF/CNPJ.
  copia: { de: 'clientes', key: ordensservicos.idcliente, busca: (c) => ordemClienteSearch(c as ClienteRow) },
  // versaoVinculos and checklistEm serve the técnico's phone's conflicts and merges (DESIGN 11).
  hiddenColumns: ['updatedAt', 'versaoVinculos', 'checklistEm'],
  // The agenda reads `sort=agendamento&order=ASC`: by day, then time.
  sortable: { id: ordensservicos.id, agendamento: [ordensservicos.agendamento, ordensservicos.horario] },
  status: { values: Object.values(ORDEM_STATUS), where: (status) => eq(ordensservicos.status, status) },
  // A date range is found through its own index; walking the primary key to it costs far more for a past month.
  tuning: {
    idOrder: (q) => (q.dataInicio || q.dataFim ? sql`${ordensservicos.id} + 0` : undefined),
    // A month holds thousands of orders: their page's ids come from ordensservicos_agendamento_status_busca_idx alone.
    deferPage: true,
    // A range of up to a quarter holds thousands of orders, not hundreds of thousands: one read of
    // them gives the total and the page's ids, instead of a count and a sort that each read them.
    countWithPage: (q) => Boolean(q.dataInicio && q.dataFim) && daysBetween(String(q.dataInicio), String(q.dataFim)) <= 92,
  },
  filters: listFilters(ordensServicosFilters, (q) => [
    q.dataInicio ? gte(ordensservicos.agendamento, q.dataInicio) : undefined,
    q.dataFim ? lte(ordensservicos.agendamento, q.dataFim) : undefined,
    q.idcliente !== undefined ? eq(ordensservicos.idcliente, q.idcliente) : undefined,
    q.idtecnico === undefined
      ? undefined
      : q.idtecnico === 0
        ? isNull(ordensservicos.idtecnico)
        : eq(ordensservicos.idtecnico, q.idtecnico),
  ]),
  embeds: [
    embed('cliente', {
      table: clientes,
      key: ordensservicos.idcliente,
      columns: {
        id: clientes.id,
        name: clientes.name,
        razaosocial: clientes.razaosocial,
        cadastro: clientes.cadastro,
        cpf: clientes.cpf,
        cnpj: clientes.cnpj,
        email: clientes.email,
        phone: clientes.phone,
        mobilePhone: clientes.mobilePhone,
        contatos: clientes.contatos,
      },
    }),
    embed('veiculo', {
      table: veiculos,
      key: ordensservicos.idveiculo,
      columns: { id: veiculos.id, ...veiculoDocumentoColumns },
    }),
    embed('device', {
      table: trackres,
      key: ordensservicos.iddevice,
      columns: {
        id: trackres.id,
        imei: trackres.imei,
        modelo: trackres.modelo,
        marca: trackres.marca,
        phone: trackres.phone,
        iccid: trackres.iccid,
      },
    }),
    tecnicoEmbed(ordensservicos.idtecnico),
  ],
  create: {
    schema: ordemServicoSchema,
    async prepare(input: OrdemServicoInput, ctx, tx) {
      const saved = await values(input, tx, ctx);
      return input.status === ORDEM_STATUS.CONCLUIDO ? { ...saved, validacao: await validacao(tx, input, ctx) } : saved;
    },
    async after(saved, _input, ctx, tx) {
      // The tracker's move made before the order had its id (same transaction: same now()).
      await tx
        .update(estoqueMovimentos)
        .set({ idordemservico: saved.id })
        .where(
          and(
            eq(estoqueMovimentos.recurso, 'trackres'),
            eq(estoqueMovimentos.unidade, saved.iddevice),
            isNull(estoqueMovimentos.idordemservico),
            sql`${estoqueMovimentos.em} = now()`,
          ),
        );
      if (saved.status === ORDEM_STATUS.CONCLUIDO) await aoFinalizar(tx, saved, ctx);
    },
  },
  update: {
    schema: ordemServicoSchema,
    async prepare(input: OrdemServicoInput, existing, ctx, tx) {
      assertMayChange(existing, input, ctx);
      const saved = await values(input, tx, ctx, existing);
      const finalizing = input.status === ORDEM_STATUS.CONCLUIDO && existing.status !== ORDEM_STATUS.CONCLUIDO;
      return finalizing ? { ...saved, validacao: await validacao(tx, input, ctx) } : saved;
    },
    async after(saved, existing, ctx, tx) {
      if (saved.status === ORDEM_STATUS.CONCLUIDO && existing.status !== ORDEM_STATUS.CONCLUIDO) await aoFinalizar(tx, saved, ctx);
    },
  },
  remove: {
    guard(existing) {
      if (existing.status === ORDEM_STATUS.CONCLUIDO) throw conflict(MSG.ordemConcluidaRemove);
      if (existing.status === ORDEM_STATUS.AGUARDANDO_APROVACAO) throw conflict(MSG.ordemAguardandoAprovacao);
    },
  },
});
