/**
 * SIM chips (SPEC 2.10, DESIGN sections 5 and 9): free when deviceId is 0; a PUT or POST with
 * deviceId connects it from the chip's side; a chip in use cannot be removed.
 */
import { eq, gt } from 'drizzle-orm';
import { MSG } from '../../domain/messages';
import { idOrZero } from '../../domain/schemas/common';
import { chipSchema, type ChipInput } from '../../domain/schemas/equipamentos';
import { chips, trackres } from '../db/schema';
import { conflict } from '../http-errors';
import { defineResource, listFilters, STAFF_ACCESS } from './definition';
import { embed } from './embed';
import { linkChipFromChipSide, releaseChip } from '../services/links';
import { queueTrackerSync } from '../services/traccar-sync';

const own = ({ phone, iccid, operadora, fonecedor }: ChipInput) => ({ phone, iccid, operadora, fonecedor });

export const chipsResource = defineResource({
  name: 'chips',
  table: chips,
  access: STAFF_ACCESS,
  searchFields: (c) => [c.phone, c.iccid, c.operadora, c.fonecedor],
  hiddenColumns: ['updatedAt'],
  sortable: { id: chips.id, phone: chips.phone, iccid: chips.iccid, operadora: chips.operadora, fonecedor: chips.fonecedor },
  /** Status as the list shows it: 0 Livre (no tracker), 1 Em uso. */
  status: { values: [0, 1], where: (status) => (status === 1 ? gt(chips.deviceId, 0) : eq(chips.deviceId, 0)) },
  filters: listFilters({ deviceId: idOrZero(MSG.invalidRastreador).optional() }, (q) => [
    q.deviceId !== undefined ? eq(chips.deviceId, q.deviceId) : undefined,
  ]),
  embeds: [
    embed('device', {
      table: trackres,
      key: chips.deviceId,
      columns: { id: trackres.id, imei: trackres.imei, modelo: trackres.modelo, marca: trackres.marca },
    }),
  ],
  create: {
    schema: chipSchema,
    prepare: (input: ChipInput) => ({ ...own(input), deviceId: 0 }),
    async after(saved, input: ChipInput, ctx, tx) {
      if (!input.deviceId) return saved;
      const deviceId = await linkChipFromChipSide(tx, saved, 0, input.deviceId);
      // The tracker's Traccar device carries the chip's number.
      await queueTrackerSync(tx, ctx.effects.queue, [deviceId]);
      const [row] = await tx.update(chips).set({ deviceId }).where(eq(chips.id, saved.id)).returning();
      return row;
    },
  },
  update: {
    schema: chipSchema,
    async prepare(input: ChipInput, existing, ctx, tx) {
      const next = { ...existing, ...own(input) };
      const deviceId = await linkChipFromChipSide(tx, next, existing.deviceId, input.deviceId ?? existing.deviceId);
      if (deviceId !== existing.deviceId || next.phone !== existing.phone)
        await queueTrackerSync(tx, ctx.effects.queue, [existing.deviceId, deviceId]);
      return { ...own(input), deviceId };
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
