/**
 * Trackers (SPEC 2.9, DESIGN sections 5 and 9). A PUT or POST with idveiculo/idVeiculo links the
 * tracker to a vehicle (0 unlinks) and with chipId connects a chip (0 disconnects), each side
 * updated in the same transaction; the chip's number, ICCID and carrier are copied from the chip.
 */
import { count, eq, sql } from 'drizzle-orm';
import { int } from '../../domain/schemas/common';
import { MSG } from '../../domain/messages';
import { trackerSchema, type TrackerInput } from '../../domain/schemas/equipamentos';
import type { DbOrTx } from '../db/client';
import { ordensservicos, trackres, veiculos } from '../db/schema';
import { conflict } from '../http-errors';
import type { ResourceDefinition } from '../resources/crud';
import { dropColumns, recordsById } from '../resources/embed';
import { linkChipToTracker, linkTrackerToVehicle, releaseTracker, trackerBusca, trackerSearchFields } from '../services/links';

const INTERNAL = ['busca', 'updatedAt', 'traccarId'] as const;

/** The link columns a tracker ends up with; absent ids keep the current links. */
async function links(tx: DbOrTx, tracker: Record<string, any>, input: TrackerInput) {
  const vehicle = input.idveiculo === undefined ? {} : await linkTrackerToVehicle(tx, tracker, input.idveiculo);
  const chip = input.chipId === undefined ? {} : await linkChipToTracker(tx, tracker, input.chipId);
  return { ...vehicle, ...chip };
}

const own = ({ imei, modelo, marca }: TrackerInput) => ({ imei, modelo, marca });

export const trackresResource: ResourceDefinition<TrackerInput> = {
  name: 'trackres',
  table: trackres,
  access: { read: 'user', write: 'user' },
  searchFields: trackerSearchFields,
  hiddenColumns: [...INTERNAL],
  sortable: { id: trackres.id, imei: trackres.imei, modelo: trackres.modelo, marca: trackres.marca },
  filters: {
    shape: {
      idveiculo: int('Veículo inválido').optional(),
      idVeiculo: int('Veículo inválido').optional(),
      idcliente: int('Cliente inválido').optional(),
      chipId: int('Chip inválido').optional(),
    },
    where: (q) => {
      const idveiculo = q.idveiculo ?? q.idVeiculo;
      return [
        idveiculo !== undefined ? eq(trackres.idveiculo, idveiculo) : undefined,
        q.idcliente !== undefined ? eq(trackres.idcliente, q.idcliente) : undefined,
        q.chipId !== undefined ? eq(trackres.chipId, q.chipId) : undefined,
      ];
    },
  },
  listReads: ['veiculos'],
  listEmbeds: {
    Veiculo: sql`(SELECT json_build_object('id', ${veiculos.id}, 'marca', ${veiculos.marca}, 'modelo', ${veiculos.modelo}, 'placa', ${veiculos.placa}) FROM ${veiculos} WHERE ${veiculos.id} = ${trackres.idveiculo})`,
  },
  async present(rows, ctx) {
    dropColumns(rows, INTERNAL);
    if (rows.every((row) => 'Veiculo' in row)) {
      // A list page: embedded by its query.
      for (const row of rows) row.idVeiculo = row.idveiculo;
      return rows;
    }
    const vehicles = await recordsById(
      ctx.db,
      veiculos,
      veiculos.id,
      { id: veiculos.id, marca: veiculos.marca, modelo: veiculos.modelo, placa: veiculos.placa },
      rows.map((r) => r.idveiculo),
    );
    for (const row of rows) {
      row.idVeiculo = row.idveiculo;
      row.Veiculo = vehicles.get(row.idveiculo) ?? null;
    }
    return rows;
  },
  create: {
    schema: trackerSchema,
    prepare: (input, ctx) => ({ ...own(input), idcard: ctx.user.id }),
    async after(saved, input, _ctx, tx) {
      const changes = await links(tx, saved, input);
      if (!Object.keys(changes).length) return saved;
      const [row] = await tx
        .update(trackres)
        .set({ ...changes, busca: trackerBusca({ ...saved, ...changes }) })
        .where(eq(trackres.id, saved.id))
        .returning();
      return row;
    },
  },
  update: {
    schema: trackerSchema,
    async prepare(input, existing, _ctx, tx) {
      return { ...own(input), ...(await links(tx, existing, input)) };
    },
  },
  remove: {
    async guard(existing, _ctx, tx) {
      const [{ n }] = await tx.select({ n: count() }).from(ordensservicos).where(eq(ordensservicos.iddevice, existing.id));
      if (Number(n) > 0) throw conflict(MSG.inUseByOrders);
    },
    after: (removed, _ctx, tx) => releaseTracker(tx, removed),
  },
};
