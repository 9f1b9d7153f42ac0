/**
 * What the fleet's feed reads from Traccar, stored (feed.ts holds the connection): a whole read of
 * the fleet in one transaction, the socket's frames in batches, and the alarms raised while nobody
 * listened (Traccar's events report).
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client';
import { eventsReportOf, type TraccarDevice, type TraccarEvent, type TraccarPosition } from '../integrations/traccar';
import {
  alarmsOfEvent,
  alarmsOfPosition,
  applyAlarms,
  applyDevices,
  applyPositions,
  ensureRows,
  refreshSituacao,
  setConexao,
  type AlarmInput,
  type FrotaSettings,
} from './estado';
import type { TraccarSettings } from './traccar-sync';

/** How far back a (re)connect looks for missed alarms: an alarm counts for 24 h. */
const MISSED_ALARMS_MS = 24 * 3600_000;

/**
 * The alarms raised while nobody listened: Traccar's events report (type alarm) of every device for
 * the gap since the last event kept (at most the last 24 h, the window in which an alarm counts),
 * a few devices' hundreds per call. A report that fails is logged; the next refresh reads the gap again.
 */
export async function alarmesPerdidos(
  db: Db,
  settings: TraccarSettings,
  devices: TraccarDevice[],
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<TraccarEvent[]> {
  if (!devices.length) return [];
  const now = Date.now();
  const [last] = rowsOf<{ em: string | null }>(await db.execute(sql`SELECT max(em) AS em FROM frota_alarmes WHERE event_id IS NOT NULL`));
  const since = last?.em ? new Date(last.em).getTime() - 60_000 : 0;
  const from = new Date(Math.max(since, now - MISSED_ALARMS_MS));
  try {
    return await eventsReportOf(
      settings,
      devices.map((device) => device.id),
      from,
      new Date(now),
      ['alarm'],
      30_000,
    );
  } catch (error) {
    log.warn({ err: error }, 'frota: relatório de eventos do Traccar falhou; alarmes perdidos lidos na próxima leitura');
    return [];
  }
}

/**
 * A whole read of the fleet (every device, the latest position of each, the alarms missed), in one
 * transaction with every situation refreshed. `modoAgora` is how the feed reads Traccar when the
 * read ends: a read says what is true when it ends, not when it began: one begun on the socket that
 * closed meanwhile says the fallback reads, and a poll begun before the socket opened (and ended
 * after the socket's own full read) says the socket, or the banner would say polling for good.
 */
export async function gravarLeitura(
  db: Db,
  frota: FrotaSettings,
  { devices, positions, events }: { devices: TraccarDevice[]; positions: TraccarPosition[]; events: TraccarEvent[] },
  modoAgora: () => 'socket' | 'polling',
) {
  await db.transaction(async (tx) => {
    await ensureRows(tx);
    const touched = new Set(await applyDevices(tx, devices));
    for (const id of await applyPositions(tx, positions)) touched.add(id);
    const alarms = [...positions.flatMap(alarmsOfPosition), ...events.flatMap(alarmsOfEvent)];
    for (const id of await applyAlarms(tx, alarms)) touched.add(id);
    await refreshSituacao(tx, frota);
    await setConexao(tx, { modo: modoAgora(), conectado: true, atualizado: true });
  });
}

/** A batch of what the socket brought. */
export interface Lote {
  devices: TraccarDevice[];
  positions: TraccarPosition[];
  alarms: AlarmInput[];
}

/**
 * What the socket brought, as batches of at most `batchMax` positions, each with its devices'
 * frames; the alarms and the other devices in the last.
 */
export function emLotes(
  { devices, positions, alarms }: { devices: Map<number, TraccarDevice>; positions: TraccarPosition[]; alarms: AlarmInput[] },
  batchMax: number,
): Lote[] {
  const size = Math.max(1, batchMax);
  const batches: Lote[] = [];
  for (let i = 0; i < positions.length; i += size) batches.push({ devices: [], positions: positions.slice(i, i + size), alarms: [] });
  if (!batches.length) batches.push({ devices: [], positions: [], alarms: [] });
  const batchOf = new Map<number, number>();
  batches.forEach((batch, k) => batch.positions.forEach((position) => batchOf.set(position.deviceId, k)));
  for (const device of devices.values()) batches[batchOf.get(device.id) ?? batches.length - 1].devices.push(device);
  batches[batches.length - 1].alarms = alarms;
  return batches;
}

/** One batch, in one transaction: its devices, positions and alarms, and the situations of the trackers it touched. */
export async function gravarLote(db: Db, frota: FrotaSettings, batch: Lote) {
  await db.transaction(async (tx) => {
    const touched = new Set(await applyDevices(tx, batch.devices));
    for (const id of await applyPositions(tx, batch.positions)) touched.add(id);
    for (const id of await applyAlarms(tx, batch.alarms)) touched.add(id);
    await refreshSituacao(tx, frota, [...touched]);
  });
}
