/**
 * SIM chips (SPEC 2.10, DESIGN sections 5 and 9): free when deviceId is 0; a PUT or POST with
 * deviceId connects it from the chip's side; a chip in use cannot be removed.
 */
import { and, eq, gt } from 'drizzle-orm';
import { CHIP_STATUS } from '../../domain/constants';
import { MSG } from '../../domain/messages';
import { idOrZero } from '../../domain/schemas/common';
import { chipSchema, type ChipInput } from '../../domain/schemas/equipamentos';
import { chips, trackres } from '../db/schema';
import { assertLinkable, autorDe, resumoSql, seguirVinculo } from '../estoque/estoque';
import { estoqueFilters, estoqueWhere } from './estoque-filters';
import { pesquisaCondition } from './list-query';
import { conflict } from '../regras/http-errors';
import { defineResource, listFilters, STAFF_ACCESS } from './definition';
import { embed, tecnicoEmbed } from './embed';
import { linkChipFromChipSide, releaseChip } from '../estoque/links';
import { queueTrackerSync } from '../frota/traccar-sync';

const own = ({ phone, iccid, operadora, fonecedor, custoMensal }: ChipInput) => ({
  phone,
  iccid,
  operadora,
  fonecedor,
  custoMensal: custoMensal.toFixed(2),
});
const statusWhere = (status: number) => (status === CHIP_STATUS.EM_USO ? gt(chips.deviceId, 0) : eq(chips.deviceId, 0));
const deviceWhere = (q: Record<string, unknown>) => (q.deviceId !== undefined ? eq(chips.deviceId, q.deviceId as number) : undefined);

export const chipsResource = defineResource({
  name: 'chips',
  table: chips,
  access: STAFF_ACCESS,
  searchFields: (c) => [c.phone, c.iccid, c.operadora, c.fonecedor],
  hiddenColumns: ['updatedAt'],
  sortable: {
    id: chips.id,
    phone: chips.phone,
    iccid: chips.iccid,
    operadora: chips.operadora,
    fonecedor: chips.fonecedor,
    custoMensal: chips.custoMensal,
  },
  /** Status as the list shows it: 0 Livre (no tracker), 1 Em uso. */
  status: { values: Object.values(CHIP_STATUS), where: statusWhere },
  filters: listFilters({ deviceId: idOrZero(MSG.invalidRastreador).optional(), ...estoqueFilters }, (q) => [
    deviceWhere(q),
    ...estoqueWhere(chips, q),
  ]),
  // meta.resumo: the count per situacao for the same filters but situacao (DESIGN 10).
  listSummary: {
    sql: (q) =>
      resumoSql(chips, {
        situacao: q.situacao as string | undefined,
        idtecnico: q.idtecnico as number | undefined,
        outros: and(
          pesquisaCondition(chips.busca, q.pesquisa, { placeholders: true }),
          q.status !== undefined ? statusWhere(Number(q.status)) : undefined,
          deviceWhere(q),
        ),
      }),
  },
  // Money as a number in reais.
  present: (items) => {
    for (const item of items) item.custoMensal = Number(item.custoMensal);
  },
  embeds: [
    embed('device', {
      table: trackres,
      key: chips.deviceId,
      columns: { id: trackres.id, imei: trackres.imei, modelo: trackres.modelo, marca: trackres.marca },
    }),
    tecnicoEmbed(chips.idtecnico),
  ],
  create: {
    schema: chipSchema,
    prepare: (input: ChipInput) => ({ ...own(input), deviceId: 0 }),
    async after(saved, input: ChipInput, ctx, tx) {
      if (!input.deviceId) return saved;
      const deviceId = await linkChipFromChipSide(tx, saved, 0, input.deviceId);
      // The tracker's Traccar device carries the chip's number.
      await queueTrackerSync(tx, ctx.effects.queue, [deviceId]);
      const stock = await seguirVinculo(tx, 'chips', saved, true, autorDe(ctx.user));
      const [row] = await tx
        .update(chips)
        .set({ deviceId, ...stock })
        .where(eq(chips.id, saved.id))
        .returning();
      return row;
    },
  },
  update: {
    schema: chipSchema,
    async prepare(input: ChipInput, existing, ctx, tx) {
      const next = { ...existing, ...own(input) };
      const wanted = input.deviceId ?? existing.deviceId;
      if (wanted > 0 && wanted !== existing.deviceId) assertLinkable(existing, 'deviceId');
      const deviceId = await linkChipFromChipSide(tx, next, existing.deviceId, wanted);
      if (deviceId !== existing.deviceId || next.phone !== existing.phone)
        await queueTrackerSync(tx, ctx.effects.queue, [existing.deviceId, deviceId]);
      // instalado while in a tracker (DESIGN 10).
      const stock = await seguirVinculo(tx, 'chips', existing, deviceId > 0, autorDe(ctx.user));
      return { ...own(input), deviceId, ...stock };
    },
  },
  remove: {
    // The refusal names the tracker holding the chip, by its IMEI.
    async guard(existing, _ctx, tx) {
      if (existing.deviceId <= 0) return;
      const [tracker] = await tx.select({ imei: trackres.imei }).from(trackres).where(eq(trackres.id, existing.deviceId));
      throw conflict(tracker ? `Chip em uso pelo rastreador IMEI ${tracker.imei}: desconecte-o antes de remover.` : MSG.chipInUseRemove);
    },
    after: (removed, _ctx, tx) => releaseChip(tx, removed),
  },
});
