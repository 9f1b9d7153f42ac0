/**
 * SIM chips (SPEC 2.10, DESIGN sections 5 and 9): free when deviceId is 0; a PUT or POST with
 * deviceId connects it from the chip's side; a chip in use cannot be removed.
 */
import { eq, gt, sql } from 'drizzle-orm';
import { int } from '../../domain/schemas/common';
import { MSG } from '../../domain/messages';
import { chipSchema, type ChipInput } from '../../domain/schemas/equipamentos';
import { chips, trackres } from '../db/schema';
import { conflict } from '../http-errors';
import type { ResourceDefinition } from '../resources/crud';
import { dropColumns, recordsById } from '../resources/embed';
import { linkChipFromChipSide, releaseChip } from '../services/links';

const INTERNAL = ['busca', 'updatedAt'] as const;
const own = ({ phone, iccid, operadora, fonecedor }: ChipInput) => ({ phone, iccid, operadora, fonecedor });

export const chipsResource: ResourceDefinition<ChipInput> = {
  name: 'chips',
  table: chips,
  access: { read: 'user', write: 'user' },
  searchFields: (c) => [c.phone, c.iccid, c.operadora, c.fonecedor],
  hiddenColumns: [...INTERNAL],
  sortable: { id: chips.id, phone: chips.phone, iccid: chips.iccid, operadora: chips.operadora, fonecedor: chips.fonecedor },
  /** Status as the list shows it: 0 Livre (no tracker), 1 Em uso. */
  status: (status) => (status === 1 ? gt(chips.deviceId, 0) : eq(chips.deviceId, 0)),
  filters: {
    shape: { deviceId: int('Rastreador inválido').optional() },
    where: (q) => [q.deviceId !== undefined ? eq(chips.deviceId, q.deviceId) : undefined],
  },
  listReads: ['trackres'],
  listEmbeds: {
    device: sql`(SELECT json_build_object('id', ${trackres.id}, 'imei', ${trackres.imei}, 'modelo', ${trackres.modelo}, 'marca', ${trackres.marca}) FROM ${trackres} WHERE ${trackres.id} = ${chips.deviceId})`,
  },
  async present(rows, ctx) {
    dropColumns(rows, INTERNAL);
    if (rows.every((row) => 'device' in row)) return rows; // a list page: embedded by its query
    const devices = await recordsById(
      ctx.db,
      trackres,
      trackres.id,
      { id: trackres.id, imei: trackres.imei, modelo: trackres.modelo, marca: trackres.marca },
      rows.map((r) => r.deviceId),
    );
    for (const row of rows) row.device = devices.get(row.deviceId) ?? null;
    return rows;
  },
  create: {
    schema: chipSchema,
    prepare: (input, ctx) => ({ ...own(input), idcard: ctx.user.id, deviceId: 0 }),
    async after(saved, input, _ctx, tx) {
      if (!input.deviceId) return saved;
      const deviceId = await linkChipFromChipSide(tx, saved, 0, input.deviceId);
      const [row] = await tx.update(chips).set({ deviceId }).where(eq(chips.id, saved.id)).returning();
      return row;
    },
  },
  update: {
    schema: chipSchema,
    async prepare(input, existing, _ctx, tx) {
      const next = { ...existing, ...own(input) };
      const deviceId = await linkChipFromChipSide(tx, next, existing.deviceId, input.deviceId ?? existing.deviceId);
      return { ...own(input), deviceId };
    },
  },
  remove: {
    guard(existing) {
      if (existing.deviceId > 0) throw conflict(MSG.chipInUseRemove);
    },
    after: (removed, _ctx, tx) => releaseChip(tx, removed),
  },
};
