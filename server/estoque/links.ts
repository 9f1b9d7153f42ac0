/**
 * Tracker ↔ vehicle and chip ↔ tracker links (SPEC section 4, DESIGN sections 5 and 9), kept
 * consistent in both directions inside the caller's transaction: a tracker on at most one
 * vehicle and a vehicle with at most one tracker; a chip in at most one tracker. The rows on the
 * other side are locked (FOR UPDATE) before they are read, so concurrent links serialize; the
 * partial unique indexes are the last guard.
 */
import { and, eq } from 'drizzle-orm';
import { MSG } from '../../domain/messages';
import { searchText } from '../../domain/text';
import type { DbOrTx } from '../db/client';
import { chips, trackres, veiculos } from '../db/schema';
import { badRequest, conflict } from '../regras/http-errors';
import { assertLinkable, seguirVinculo, SISTEMA, type Autor } from './estoque';

export type TrackerRow = typeof trackres.$inferSelect;
type VehicleRow = typeof veiculos.$inferSelect;
type ChipRow = typeof chips.$inferSelect;
/** The link columns a change gives a tracker. */
type TrackerLinks = Partial<
  Pick<TrackerRow, 'idveiculo' | 'idcliente' | 'chipId' | 'phone' | 'iccid' | 'operadora' | 'situacao' | 'idtecnico' | 'motivo'>
>;

/** What a tracker is found by (DESIGN 9: imei, modelo, marca, phone, iccid). */
export const trackerSearchFields = (t: Partial<TrackerRow>) => [t.imei, t.modelo, t.marca, t.phone, t.iccid];
export const trackerBusca = (t: Partial<TrackerRow>) => searchText(trackerSearchFields(t));

const NO_CHIP = { chipId: 0, phone: '', iccid: '', operadora: '' };
const chipFields = (chip: ChipRow) => ({ chipId: chip.id, phone: chip.phone, iccid: chip.iccid, operadora: chip.operadora });

/** Reads a row of the other side of a link and locks it for the rest of the transaction. */
async function lock<T extends typeof veiculos | typeof chips | typeof trackres>(
  tx: DbOrTx,
  table: T,
  id: number,
): Promise<T['$inferSelect'] | undefined> {
  const [row] = await tx
    .select()
    .from(table as typeof veiculos)
    .where(eq(table.id, id))
    .for('update');
  return row as T['$inferSelect'] | undefined;
}
const lockVehicle = (tx: DbOrTx, id: number) => lock(tx, veiculos, id);
const lockChip = (tx: DbOrTx, id: number) => lock(tx, chips, id);
const lockTracker = (tx: DbOrTx, id: number) => lock(tx, trackres, id);

/**
 * Moves `tracker` (already locked) to vehicle `idveiculo` (0 = none) and returns the tracker's
 * new link columns. The vehicle's deviceId follows; the tracker takes the vehicle's client and is
 * instalado while linked (a move by `autor`, DESIGN 10); a baixado tracker cannot be linked.
 */
export async function linkTrackerToVehicle(
  tx: DbOrTx,
  tracker: TrackerRow,
  idveiculo: number,
  autor: Autor = SISTEMA,
): Promise<TrackerLinks> {
  if (idveiculo === 0) {
    if (tracker.idveiculo > 0) {
      await tx
        .update(veiculos)
        .set({ deviceId: 0, updatedAt: new Date() })
        .where(and(eq(veiculos.id, tracker.idveiculo), eq(veiculos.deviceId, tracker.id)));
    }
    return { idveiculo: 0, idcliente: 0, ...(await seguirVinculo(tx, 'trackres', tracker, false, autor)) };
  }
  if (tracker.idveiculo !== idveiculo) assertLinkable(tracker, 'idveiculo');
  const vehicle = await lockVehicle(tx, idveiculo);
  if (!vehicle) throw badRequest(MSG.veiculoNotFound, { idveiculo: MSG.veiculoNotFound });
  if (vehicle.deviceId !== 0 && vehicle.deviceId !== tracker.id)
    throw conflict(MSG.veiculoHasTracker, { idveiculo: MSG.veiculoHasTracker });
  if (tracker.idveiculo > 0 && tracker.idveiculo !== idveiculo) {
    await tx
      .update(veiculos)
      .set({ deviceId: 0, updatedAt: new Date() })
      .where(and(eq(veiculos.id, tracker.idveiculo), eq(veiculos.deviceId, tracker.id)));
  }
  if (vehicle.deviceId !== tracker.id)
    await tx.update(veiculos).set({ deviceId: tracker.id, updatedAt: new Date() }).where(eq(veiculos.id, idveiculo));
  return { idveiculo, idcliente: vehicle.idcliente, ...(await seguirVinculo(tx, 'trackres', tracker, true, autor)) };
}

/** Frees chip `chipId` of `trackerId`: back in stock (a move by `autor`). */
async function freeChip(tx: DbOrTx, chipId: number, trackerId: number, autor: Autor) {
  const chip = await lockChip(tx, chipId);
  if (!chip || chip.deviceId !== trackerId) return;
  const stock = await seguirVinculo(tx, 'chips', chip, false, autor);
  await tx
    .update(chips)
    .set({ deviceId: 0, ...stock, updatedAt: new Date() })
    .where(eq(chips.id, chipId));
}

/**
 * Connects chip `chipId` (0 = disconnect) to `tracker` (already locked); returns the tracker's chip
 * columns. The chip is instalado while in a tracker; a baixado chip cannot be connected.
 */
export async function linkChipToTracker(tx: DbOrTx, tracker: TrackerRow, chipId: number, autor: Autor = SISTEMA): Promise<TrackerLinks> {
  if (chipId === 0) {
    if (tracker.chipId > 0) await freeChip(tx, tracker.chipId, tracker.id, autor);
    return NO_CHIP;
  }
  if (tracker.chipId > 0 && tracker.chipId !== chipId) throw conflict(MSG.trackerHasChip, { chipId: MSG.trackerHasChip });
  const chip = await lockChip(tx, chipId);
  if (!chip) throw badRequest(MSG.chipNotFound, { chipId: MSG.chipNotFound });
  if (chip.deviceId !== 0 && chip.deviceId !== tracker.id) throw conflict(MSG.chipInUse, { chipId: MSG.chipInUse });
  if (chip.deviceId !== tracker.id) {
    assertLinkable(chip, 'chipId');
    const stock = await seguirVinculo(tx, 'chips', chip, true, autor);
    await tx
      .update(chips)
      .set({ deviceId: tracker.id, ...stock, updatedAt: new Date() })
      .where(eq(chips.id, chipId));
  }
  return chipFields(chip);
}

/** Saves a tracker's new columns and its search text. */
async function saveTracker(tx: DbOrTx, tracker: TrackerRow, changes: TrackerLinks) {
  const next = { ...tracker, ...changes };
  const [row] = await tx
    .update(trackres)
    .set({ ...changes, busca: trackerBusca(next), updatedAt: new Date() })
    .where(eq(trackres.id, tracker.id))
    .returning();
  return row;
}

/**
 * The chip side (a chip PUT or POST with deviceId): `chip` is the chip as saved now (locked),
 * `previous` its device before. Returns the chip's deviceId to keep.
 */
export async function linkChipFromChipSide(tx: DbOrTx, chip: ChipRow, previousDeviceId: number, deviceId: number): Promise<number> {
  if (deviceId === previousDeviceId) {
    // Same tracker: it keeps a copy of the chip's number, ICCID and carrier.
    if (deviceId > 0) {
      const tracker = await lockTracker(tx, deviceId);
      if (tracker && tracker.chipId === chip.id) await saveTracker(tx, tracker, chipFields(chip));
    }
    return deviceId;
  }
  if (previousDeviceId > 0 && deviceId > 0) throw conflict(MSG.chipInUse, { deviceId: MSG.chipInUse });
  if (deviceId === 0) {
    const tracker = await lockTracker(tx, previousDeviceId);
    if (tracker && tracker.chipId === chip.id) await saveTracker(tx, tracker, NO_CHIP);
    return 0;
  }
  const tracker = await lockTracker(tx, deviceId);
  if (!tracker) throw badRequest(MSG.rastreadorNotFound, { deviceId: MSG.rastreadorNotFound });
  if (tracker.chipId !== 0 && tracker.chipId !== chip.id) throw conflict(MSG.trackerHasChip, { deviceId: MSG.trackerHasChip });
  await saveTracker(tx, tracker, chipFields(chip));
  return deviceId;
}

/** A removed chip leaves its tracker without a chip. */
export async function releaseChip(tx: DbOrTx, chip: ChipRow) {
  if (chip.deviceId <= 0) return;
  const tracker = await lockTracker(tx, chip.deviceId);
  if (tracker && tracker.chipId === chip.id) await saveTracker(tx, tracker, NO_CHIP);
}

/** A removed tracker frees its chip (back in stock) and its vehicle. */
export async function releaseTracker(tx: DbOrTx, tracker: TrackerRow, autor: Autor = SISTEMA) {
  if (tracker.chipId > 0) await freeChip(tx, tracker.chipId, tracker.id, autor);
  if (tracker.idveiculo > 0)
    await tx
      .update(veiculos)
      .set({ deviceId: 0, updatedAt: new Date() })
      .where(and(eq(veiculos.id, tracker.idveiculo), eq(veiculos.deviceId, tracker.id)));
}

/** A removed vehicle frees its tracker: back in stock. */
export async function releaseVehicle(tx: DbOrTx, vehicle: VehicleRow, autor: Autor = SISTEMA) {
  const [tracker] = await tx.select().from(trackres).where(eq(trackres.idveiculo, vehicle.id)).for('update');
  if (!tracker) return;
  const stock = await seguirVinculo(tx, 'trackres', tracker, false, autor);
  await tx
    .update(trackres)
    .set({ idveiculo: 0, idcliente: 0, ...stock, updatedAt: new Date() })
    .where(eq(trackres.id, tracker.id));
}

/** A vehicle moved to another client takes its tracker along. */
export async function followVehicleClient(tx: DbOrTx, vehicle: VehicleRow) {
  await tx.update(trackres).set({ idcliente: vehicle.idcliente, updatedAt: new Date() }).where(eq(trackres.idveiculo, vehicle.id));
}
