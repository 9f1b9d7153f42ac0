/**
 * Trackers (SPEC 2.9, DESIGN sections 5 and 9). A PUT or POST with idveiculo/idVeiculo links the
 * tracker to a vehicle (0 unlinks) and with chipId connects a chip (0 disconnects), each side
 * updated in the same transaction; the chip's number, ICCID and carrier are copied from the chip.
 */
import { and, count, eq } from 'drizzle-orm';
import { emUsoMessage, ORDENS } from '../../domain/emUso';
import { MSG } from '../../domain/messages';
import { idOrZero } from '../../domain/schemas/common';
import { trackerSchema, type TrackerInput } from '../../domain/schemas/equipamentos';
import type { DbOrTx } from '../db/client';
import { frotaSettings, refreshSituacao } from '../frota/estado';
import { getCompany } from '../regras/company';
import { frotaEstado, ordensservicos, trackres, veiculos } from '../db/schema';
import { autorDe, resumoSql } from '../estoque/estoque';
import { estoqueFilters, estoqueWhere } from './estoque-filters';
import { pesquisaCondition } from './list-query';
import { conflict } from '../regras/http-errors';
import { defineResource, listFilters, STAFF_ACCESS } from './definition';
import { embed, tecnicoEmbed } from './embed';
import {
  linkChipToTracker,
  linkTrackerToVehicle,
  releaseTracker,
  trackerBusca,
  trackerSearchFields,
  type TrackerRow,
} from '../estoque/links';
import { presentTraccarSync, queueDeviceRemoval, queueTrackerSync, SYNC } from '../frota/traccar-sync';
import type { RequestContext } from './definition';

/** The link columns a tracker ends up with; absent ids keep the current links. */
async function links(tx: DbOrTx, tracker: TrackerRow, input: TrackerInput, ctx: RequestContext) {
  const autor = autorDe(ctx.user);
  const vehicle = input.idveiculo === undefined ? {} : await linkTrackerToVehicle(tx, tracker, input.idveiculo, autor);
  const chip = input.chipId === undefined ? {} : await linkChipToTracker(tx, tracker, input.chipId, autor);
  return { ...vehicle, ...chip };
}

/**
 * Traccar follows each save (frota/traccar-sync.ts): the device is pending until the queue has
 * synced it. Trackers saved together (an import's batch) are marked and enqueued in one go.
 */
async function followedByTraccar(tx: DbOrTx, ctx: RequestContext, rows: TrackerRow[]) {
  const pending = await queueTrackerSync(
    tx,
    ctx.effects.queue,
    rows.map((row) => row.id),
  );
  return pending ? rows.map((row) => ({ ...row, traccarSync: SYNC.pending })) : rows;
}

/** The tracker's own columns; tensaoNominal only when the body carries it (absent keeps it). */
const own = ({ imei, modelo, marca, tensaoNominal }: TrackerInput) => ({
  imei,
  modelo,
  marca,
  ...(tensaoNominal === undefined ? {} : { tensaoNominal }),
});

/** The list's link filters (the stock's are `estoqueWhere`). */
const otherFilters = (q: Record<string, unknown>) => {
  const idveiculo = (q.idveiculo ?? q.idVeiculo) as number | undefined;
  return [
    idveiculo !== undefined ? eq(trackres.idveiculo, idveiculo) : undefined,
    q.idcliente !== undefined ? eq(trackres.idcliente, q.idcliente as number) : undefined,
    q.chipId !== undefined ? eq(trackres.chipId, q.chipId as number) : undefined,
  ];
};
const optionalLink = (message: string) => idOrZero(message).optional();

export const trackresResource = defineResource({
  name: 'trackres',
  table: trackres,
  access: STAFF_ACCESS,
  searchFields: trackerSearchFields,
  hiddenColumns: ['updatedAt', 'traccarId', 'traccarNome', 'traccarFone'],
  sortable: { id: trackres.id, imei: trackres.imei, modelo: trackres.modelo, marca: trackres.marca },
  filters: listFilters(
    {
      idveiculo: optionalLink(MSG.invalidVeiculo),
      idVeiculo: optionalLink(MSG.invalidVeiculo),
      idcliente: optionalLink(MSG.invalidCliente),
      chipId: optionalLink(MSG.invalidChip),
      ...estoqueFilters,
    },
    (q) => [...otherFilters(q), ...estoqueWhere(trackres, q)],
  ),
  // meta.resumo: the count per situacao for the same filters but situacao (DESIGN 10).
  listSummary: {
    sql: (q) =>
      resumoSql(trackres, {
        situacao: q.situacao as string | undefined,
        idtecnico: q.idtecnico as number | undefined,
        outros: and(pesquisaCondition(trackres.busca, q.pesquisa, { placeholders: true }), ...otherFilters(q)),
      }),
  },
  embeds: [
    embed('Veiculo', {
      table: veiculos,
      key: trackres.idveiculo,
      columns: { id: veiculos.id, marca: veiculos.marca, modelo: veiculos.modelo, placa: veiculos.placa },
    }),
    tecnicoEmbed(trackres.idtecnico),
    // The last alarm Traccar reported (issue 20: alarms show on the tracker): its kind and when.
    embed('alarme', {
      table: frotaEstado,
      key: trackres.id,
      columns: { id: frotaEstado.idrastreador, tipo: frotaEstado.ultimoAlarme, em: frotaEstado.ultimoAlarmeEm },
      // frota_estado changes with every position; its last alarm only when frota_alarmes keeps one (migration 0016).
      versionedBy: 'frota_alarmes',
    }),
  ],
  aliases: { idVeiculo: 'idveiculo' },
  // traccarSync as { status, erro, em }; the Traccar internals stay hidden.
  present: presentTraccarSync,
  create: {
    schema: trackerSchema,
    prepare: (input: TrackerInput) => own(input),
    // Each tracker's links (a statement only for those that have one), then one Traccar follow-up for all.
    async afterMany(saved, inputs: TrackerInput[], ctx, tx) {
      const rows: TrackerRow[] = [];
      for (let i = 0; i < saved.length; i++) {
        const changes = await links(tx, saved[i], inputs[i], ctx);
        if (!Object.keys(changes).length) {
          rows.push(saved[i]);
          continue;
        }
        const [row] = await tx
          .update(trackres)
          .set({ ...changes, busca: trackerBusca({ ...saved[i], ...changes }) })
          .where(eq(trackres.id, saved[i].id))
          .returning();
        rows.push(row);
      }
      return followedByTraccar(tx, ctx, rows);
    },
  },
  update: {
    schema: trackerSchema,
    async prepare(input: TrackerInput, existing, ctx, tx) {
      const changes = await links(tx, existing, input, ctx);
      // A tracker moved to another client leaves the former client's Traccar user.
      const formerClients = changes.idcliente !== undefined && changes.idcliente !== existing.idcliente ? [existing.idcliente] : [];
      const pending = await queueTrackerSync(tx, ctx.effects.queue, [existing.id], formerClients);
      return { ...own(input), ...changes, ...(pending ? { traccarSync: SYNC.pending } : {}) };
    },
    // A new voltage system judges the last reading again at once (a 24 V truck at 13 V is alimentacao).
    async after(saved, existing, _ctx, tx) {
      if (saved.tensaoNominal === existing.tensaoNominal) return;
      await refreshSituacao(tx, frotaSettings(await getCompany(tx)), [saved.id]);
    },
  },
  remove: {
    async guard(existing, _ctx, tx) {
      const [{ n }] = await tx.select({ n: count() }).from(ordensservicos).where(eq(ordensservicos.iddevice, existing.id));
      const refusal = emUsoMessage('Este rastreador', 'é usado por', [{ n: Number(n), ...ORDENS }]);
      if (refusal) throw conflict(refusal);
    },
    async after(removed, ctx, tx) {
      await releaseTracker(tx, removed, autorDe(ctx.user));
      await queueDeviceRemoval(tx, ctx.effects.queue, removed);
    },
  },
});
