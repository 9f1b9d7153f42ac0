/**
 * Traccar follows the registry by itself while it is active (issue 10, DESIGN 7): each tracker is
 * a device (uniqueId = IMEI, name = its vehicle's plate, phone = its chip's number; a device the
 * product makes is named by its IMEI until then, and a device it found keeps its own name and
 * phone: issue 30, an integration never changes what it only reads), each client with a login
 * and password is a Traccar user linked to its devices, disabled while the client is Bloqueado. A
 * change enqueues a job in its own transaction (`queue…`, here, with the settings they read); the
 * queue runs `runTraccarJob` (traccar-jobs.ts). A Traccar failure never fails a save: the row
 * records it (traccarSync 2 and the reason) and the queue retries what may work later.
 */
import { and, eq, inArray, isNotNull, ne, or } from 'drizzle-orm';
import { CLIENTE_STATUS } from '../../domain/constants';
import { clienteNome } from '../../domain/clientes';
import { TRACCAR_SYNC_STATUS } from '../../domain/schemas/traccar';
import type { DbOrTx } from '../db/client';
import { clientes, trackres } from '../db/schema';
import { traccarRoot, type TraccarConfig } from '../integrations/traccar';
import { QUEUES, type JobQueue } from '../queue/boss';
import { companySecrets, getCompany, integrationActive, type CompanySettings } from '../regras/company';

/** trackres.traccarSync / clientes.traccarSync. */
export const SYNC = { ok: 0, pending: 1, failed: 2 } as const;

export type TraccarJob =
  | { kind: 'device'; id: number }
  /** Several trackers saved together (an import's batch): their devices, one after another. */
  | { kind: 'devices'; ids: number[] }
  | { kind: 'device-remove'; traccarId: number | null; imei: string }
  | { kind: 'cliente'; id: number }
  | { kind: 'cliente-remove'; traccarUserId: number };

export interface TraccarSettings extends TraccarConfig {
  /** The token's own user (the connection test checks it). */
  userId: string;
  active: boolean;
}

export function traccarSettings(company: CompanySettings): TraccarSettings {
  const { server, token, userId } = company.integrations.traccar;
  const settings = { server: String(server ?? '').trim(), token: String(token ?? ''), userId: String(userId ?? '').trim() };
  return {
    ...settings,
    secrets: companySecrets(company),
    active: integrationActive(company, 'traccar'),
  };
}

/** The settings when Traccar is active, otherwise null. */
export async function activeTraccar(db: DbOrTx): Promise<TraccarSettings | null> {
  const settings = traccarSettings(await getCompany(db));
  return settings.active ? settings : null;
}

const jobs = (items: TraccarJob[]) => items.map((data) => ({ data }));

/** Devices per `devices` job: each a few Traccar calls, well within the queue's expiry (120 s). */
export const DISPOSITIVOS_POR_TAREFA = 50;

/** One job per device, or for many (an import's batch) one per DISPOSITIVOS_POR_TAREFA devices. */
function deviceJobs(ids: number[]): TraccarJob[] {
  if (ids.length === 1) return [{ kind: 'device', id: ids[0] }];
  const out: TraccarJob[] = [];
  for (let i = 0; i < ids.length; i += DISPOSITIVOS_POR_TAREFA)
    out.push({ kind: 'devices', ids: ids.slice(i, i + DISPOSITIVOS_POR_TAREFA) });
  return out;
}

/**
 * Marks trackers pending and enqueues their device jobs, in the caller's transaction; clients a
 * tracker has left get a user job (their links follow). Returns whether Traccar is active.
 */
export async function queueTrackerSync(tx: DbOrTx, queue: JobQueue, ids: number[], formerClients: number[] = []): Promise<boolean> {
  const targets = [...new Set(ids.filter((id) => id > 0))];
  if (!targets.length || !(await activeTraccar(tx))) return false;
  await tx.update(trackres).set({ traccarSync: SYNC.pending }).where(inArray(trackres.id, targets));
  const former = [...new Set(formerClients.filter((id) => id > 0))];
  await queue.sendMany(tx, QUEUES.traccar.name, [
    ...jobs(deviceJobs(targets)),
    ...jobs(former.map((id) => ({ kind: 'cliente' as const, id }))),
  ]);
  return true;
}

/** A removed tracker's device goes too. */
export async function queueDeviceRemoval(tx: DbOrTx, queue: JobQueue, tracker: { traccarId: number | null; imei: string }) {
  if (!(await activeTraccar(tx))) return;
  await queue.send(tx, QUEUES.traccar.name, { kind: 'device-remove', traccarId: tracker.traccarId, imei: tracker.imei });
}

/** A removed client's Traccar user goes too. */
export async function queueClienteRemoval(tx: DbOrTx, queue: JobQueue, cliente: { traccarUserId: number | null }) {
  if (!cliente.traccarUserId || !(await activeTraccar(tx))) return;
  await queue.send(tx, QUEUES.traccar.name, { kind: 'cliente-remove', traccarUserId: cliente.traccarUserId });
}

/** Whether a client's change reaches its Traccar user: name, login, password, e-mail, or a block set or lifted. */
export function clienteUserChanged(before: typeof clientes.$inferSelect, after: typeof clientes.$inferSelect): boolean {
  const blocked = (status: number) => status === CLIENTE_STATUS.BLOQUEADO;
  const relevant = Boolean((after.login && after.temSenha) || after.traccarUserId);
  return (
    relevant &&
    (clienteNome(before) !== clienteNome(after) ||
      before.login !== after.login ||
      before.traccarSenha !== after.traccarSenha ||
      before.email !== after.email ||
      blocked(before.status) !== blocked(after.status) ||
      !after.traccarUserId)
  );
}

/** A tracker item's sync as the API shows it: `traccarSync: { status, erro, em }`; the raw columns go. */
export function presentTraccarSync(items: Record<string, unknown>[]) {
  for (const item of items) {
    const status = item.traccarSync as keyof typeof TRACCAR_SYNC_STATUS | null | undefined;
    const em = item.traccarSyncAt;
    item.traccarSync = {
      status: status === null || status === undefined ? null : (TRACCAR_SYNC_STATUS[status] ?? null),
      erro: String(item.traccarErro ?? ''),
      em: em instanceof Date ? em.toISOString() : (em ?? null),
    };
    delete item.traccarErro;
    delete item.traccarSyncAt;
  }
}

/**
 * The settings saved (users' PUT with `integrations`): Traccar turned on, or pointed at another
 * server, syncs every tracker and every client user afresh (another server's ids mean nothing
 * here); a new token alone retries what failed (an expired token is the usual cause).
 */
export async function traccarSettingsSaved(tx: DbOrTx, queue: JobQueue, before: CompanySettings, after: CompanySettings) {
  const was = traccarSettings(before);
  const now = traccarSettings(after);
  if (!now.active) return;
  const otherServer = traccarRoot(was.server) !== traccarRoot(now.server);
  const everything = !was.active || otherServer;
  if (!everything && was.token === now.token) return;
  if (otherServer) {
    await tx.update(trackres).set({ traccarId: null, traccarNome: null, traccarFone: null }).where(isNotNull(trackres.traccarId));
    await tx.update(clientes).set({ traccarUserId: null }).where(isNotNull(clientes.traccarUserId));
  }
  const trackers = await tx
    .update(trackres)
    .set({ traccarSync: SYNC.pending })
    .where(everything ? undefined : eq(trackres.traccarSync, SYNC.failed))
    .returning({ id: trackres.id });
  const users = await tx
    .select({ id: clientes.id })
    .from(clientes)
    .where(
      everything
        ? or(and(ne(clientes.login, ''), eq(clientes.temSenha, true)), isNotNull(clientes.traccarUserId))
        : eq(clientes.traccarSync, SYNC.failed),
    );
  await queue.sendMany(tx, QUEUES.traccar.name, [
    // Every tracker (thousands, after an import): one job per DISPOSITIVOS_POR_TAREFA devices.
    ...jobs(deviceJobs(trackers.map(({ id }) => id))),
    ...jobs(users.map(({ id }) => ({ kind: 'cliente' as const, id }))),
  ]);
}
