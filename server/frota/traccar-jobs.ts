/**
 * The Traccar sync's jobs as the queue runs them (issue 10, DESIGN 7; enqueued by traccar-sync.ts):
 * a tracker's device (found by IMEI, adopted, or made; named and linked to its client's user), a
 * client's user (found by login, adopted, or made; disabled while Bloqueado) and its links, and
 * the removals. A Traccar failure never fails a save: the row records it (traccarSync 2 and the
 * reason) and the queue retries what may work later.
 */
import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import { CLIENTE_STATUS } from '../../domain/constants';
import { clienteNome } from '../../domain/clientes';
import { MSG } from '../../domain/messages';
import { normalizePlaca } from '../../domain/schemas/equipamentos';
import type { Db } from '../db/client';
import { clientes, contratosItens, trackres, veiculos } from '../db/schema';
import { IntegrationError } from '../integrations/http';
import type { ServerKeys } from '../seguranca/chave';
import { openAppPassword } from '../seguranca/senha-app';
import {
  createDevice,
  createUser,
  deleteDevice,
  deleteUser,
  devicesOfUser,
  findDeviceById,
  findDeviceByUniqueId,
  findUser,
  linkDevice,
  listUsers,
  unlinkDevice,
  updateDevice,
  updateUser,
  type TraccarDevice,
  type TraccarUser,
} from '../integrations/traccar';
import { activeTraccar, SYNC, type TraccarJob, type TraccarSettings } from './traccar-sync';

/** A failure the queue should retry (no answer, 429, 5xx); anything else is final. */
const retryable = (error: unknown) => !(error instanceof IntegrationError) || error.transient;

/** Runs one job of QUEUES.traccar. Throws (so the queue retries) only on failures that may pass. */
export async function runTraccarJob(db: Db, data: Record<string, unknown>, keys: ServerKeys): Promise<unknown> {
  const job = data as unknown as TraccarJob;
  const settings = await activeTraccar(db);
  switch (job.kind) {
    case 'device':
      return syncDevice(db, settings, Number(job.id));
    case 'devices': {
      // One after another. A failure that may pass (Traccar down) stops the job, retried whole (a
      // sync is idempotent): the devices not tried show that failure meanwhile, as their own jobs would.
      const ids = Array.isArray(job.ids) ? job.ids.map(Number) : [];
      for (let i = 0; i < ids.length; i++) {
        try {
          await syncDevice(db, settings, ids[i]);
        } catch (error) {
          if (error instanceof IntegrationError && i + 1 < ids.length)
            await db
              .update(trackres)
              .set({ traccarSync: SYNC.failed, traccarErro: error.message, traccarSyncAt: new Date() })
              .where(inArray(trackres.id, ids.slice(i + 1)));
          throw error;
        }
      }
      return { devices: ids.length };
    }
    case 'cliente':
      return syncCliente(db, settings, Number(job.id), keys);
    case 'device-remove':
      return settings ? removeDevice(db, settings, job) : { skipped: 'inativo' };
    case 'cliente-remove':
      return settings ? ignoreGone(() => deleteUser(settings, Number(job.traccarUserId))) : { skipped: 'inativo' };
    default:
      return { skipped: 'desconhecido' };
  }
}

/** A 400 on a removal means it is gone already (Traccar answers "access denied" for unknown ids). */
async function ignoreGone(remove: () => Promise<void>) {
  try {
    await remove();
    return { removed: true };
  } catch (error) {
    if (error instanceof IntegrationError && error.httpStatus === 400) return { removed: false };
    throw error;
  }
}

async function syncDevice(db: Db, settings: TraccarSettings | null, id: number) {
  const [tracker] = await db
    .select({
      id: trackres.id,
      imei: trackres.imei,
      phone: trackres.phone,
      chipId: trackres.chipId,
      idcliente: trackres.idcliente,
      traccarId: trackres.traccarId,
      traccarNome: trackres.traccarNome,
      traccarFone: trackres.traccarFone,
      placa: veiculos.placa,
    })
    .from(trackres)
    .leftJoin(veiculos, eq(veiculos.id, trackres.idveiculo))
    .where(eq(trackres.id, id));
  if (!tracker) return { skipped: 'removido' };
  const record = (values: Partial<typeof trackres.$inferInsert>) =>
    db
      .update(trackres)
      .set({ ...values, traccarSyncAt: new Date() })
      .where(eq(trackres.id, id));
  if (!settings) {
    await record({ traccarSync: SYNC.failed, traccarErro: MSG.traccarNotConfigured });
    return { skipped: 'inativo' };
  }
  try {
    const { device, dado } = await upsertDevice(db, settings, tracker);
    // Kept at once: a later failure (the client's link) must not lose which device this is, nor
    // which name and phone are the product's.
    if (device.id !== tracker.traccarId || dado.nome !== tracker.traccarNome || dado.fone !== tracker.traccarFone)
      await db.update(trackres).set({ traccarId: device.id, traccarNome: dado.nome, traccarFone: dado.fone }).where(eq(trackres.id, id));
    await linkToClient(db, settings, tracker.idcliente, device.id);
    await record({ traccarSync: SYNC.ok, traccarErro: '' });
    return { deviceId: device.id };
  } catch (error) {
    if (!(error instanceof IntegrationError)) throw error;
    await record({ traccarSync: SYNC.failed, traccarErro: error.message });
    if (retryable(error)) throw error;
    return { failed: error.message };
  }
}

interface TrackerDoDispositivo {
  id: number;
  imei: string;
  phone: string;
  chipId: number;
  traccarId: number | null;
  traccarNome: string | null;
  traccarFone: string | null;
  placa: string | null;
}

const digitos = (v: unknown) => String(v ?? '').replace(/\D/g, '');
/** The same phone number written otherwise: the same digits, with or without Brazil's 55 in front. */
const mesmoFone = (a: unknown, b: unknown) => {
  const [x, y] = [digitos(a), digitos(b)];
  return x === y || x === `55${y}` || y === `55${x}`;
};

/**
 * What the product writes on a device (issue 30): the name only while the tracker sits in a
 * vehicle (its plate; the same plate written otherwise, "abc-1d23", stays) and the phone only while
 * it has a chip (its number; the same number written otherwise, "+55 (11) 9…", stays). Otherwise a
 * name or phone the product gave the device itself (`dado`, trackres.traccarNome/traccarFone)
 * goes back to the IMEI and to none; any other is the device's own and is left as it is. A new
 * device is named by its IMEI. Returns the changes and what the product has given the device now.
 */
export function camposDoDispositivo(tracker: TrackerDoDispositivo, device: TraccarDevice | undefined) {
  // What the product gave this very device (another device adopted after an IMEI change gave nothing).
  const dado =
    device && device.id === tracker.traccarId ? { nome: tracker.traccarNome, fone: tracker.traccarFone } : { nome: null, fone: null };
  const changes: { name?: string; phone?: string | null } = {};
  const atual = { nome: device?.name ?? null, fone: device?.phone ?? null };
  let nome: string | null;
  if (tracker.placa) {
    nome = atual.nome !== null && normalizePlaca(atual.nome.trim()) === tracker.placa ? atual.nome : tracker.placa;
  } else if (!device || (dado.nome !== null && atual.nome === dado.nome)) {
    nome = tracker.imei;
  } else nome = null;
  if (nome !== null && nome !== atual.nome) changes.name = nome;
  let fone: string | null;
  if (tracker.chipId > 0 && tracker.phone) {
    fone = atual.fone !== null && mesmoFone(atual.fone, tracker.phone) ? atual.fone : tracker.phone;
    if (fone !== atual.fone) changes.phone = fone;
  } else {
    fone = null;
    if (device && dado.fone !== null && atual.fone !== null && mesmoFone(atual.fone, dado.fone)) changes.phone = null;
  }
  return { changes, dado: { nome, fone } };
}

/** Search first by IMEI (a device made elsewhere is adopted), then the one we made, else a new one. */
async function upsertDevice(
  db: Db,
  settings: TraccarSettings,
  tracker: TrackerDoDispositivo,
): Promise<{ device: TraccarDevice; dado: { nome: string | null; fone: string | null } }> {
  const byImei = await findDeviceByUniqueId(settings, tracker.imei);
  if (byImei) {
    // The IMEI changed to one Traccar knew: the device made for the old IMEI is ours alone, it goes.
    if (tracker.traccarId && tracker.traccarId !== byImei.id && !(await usedElsewhere(db, tracker.id, tracker.traccarId)))
      await ignoreGone(() => deleteDevice(settings, tracker.traccarId!));
    const { changes, dado } = camposDoDispositivo(tracker, byImei);
    return { device: await updateDevice(settings, byImei, changes), dado };
  }
  const previous = tracker.traccarId ? await findDeviceById(settings, tracker.traccarId) : undefined;
  if (previous) {
    const { changes, dado } = camposDoDispositivo(tracker, previous);
    return { device: await updateDevice(settings, previous, { ...changes, uniqueId: tracker.imei }), dado };
  }
  const { changes, dado } = camposDoDispositivo(tracker, undefined);
  return {
    device: await createDevice(settings, { name: changes.name ?? tracker.imei, phone: changes.phone ?? null, uniqueId: tracker.imei }),
    dado,
  };
}

async function usedElsewhere(db: Db, trackerId: number, traccarId: number) {
  const rows = await db.select({ id: trackres.id }).from(trackres).where(eq(trackres.traccarId, traccarId));
  return rows.some((row) => row.id !== trackerId);
}

/**
 * The client's devices whose vehicle's contract is blocked (DESIGN 11), or whose block or unblock
 * is still due (its own job, traccar-bloqueio.ts, makes that change: never this sync, so that the
 * two never post one link twice). `emCurso`: those due, left alone here.
 */
async function bloqueados(db: Db, idcliente: number): Promise<{ todos: Set<number>; emCurso: Set<number> }> {
  const rows = await db
    .select({ traccarId: trackres.traccarId, bloqueado: contratosItens.bloqueado, aplicado: contratosItens.traccarBloqueado })
    .from(trackres)
    .innerJoin(
      contratosItens,
      and(
        eq(contratosItens.idveiculo, trackres.idveiculo),
        or(eq(contratosItens.bloqueado, true), eq(contratosItens.traccarBloqueado, true)),
      ),
    )
    .where(and(eq(trackres.idcliente, idcliente), isNotNull(trackres.traccarId)));
  return {
    todos: new Set(rows.map((row) => row.traccarId!)),
    emCurso: new Set(rows.filter((row) => row.bloqueado !== row.aplicado).map((row) => row.traccarId!)),
  };
}

/** The device on its client's Traccar user. A refusal there is the client's problem, recorded on the client. */
async function linkToClient(db: Db, settings: TraccarSettings, idcliente: number, deviceId: number) {
  if (!idcliente) return;
  const [cliente] = await db.select({ traccarUserId: clientes.traccarUserId }).from(clientes).where(eq(clientes.id, idcliente));
  if (!cliente?.traccarUserId) return;
  // A vehicle whose contract is blocked stays off the client's user (traccar-bloqueio.ts).
  if ((await bloqueados(db, idcliente)).todos.has(deviceId)) return;
  try {
    const linked = await devicesOfUser(settings, cliente.traccarUserId);
    if (!linked.some((device) => device.id === deviceId)) await linkDevice(settings, cliente.traccarUserId, deviceId);
  } catch (error) {
    if (retryable(error)) throw error;
    await db
      .update(clientes)
      .set({ traccarSync: SYNC.failed, traccarErro: (error as Error).message })
      .where(eq(clientes.id, idcliente));
  }
}

async function removeDevice(db: Db, settings: TraccarSettings, job: Extract<TraccarJob, { kind: 'device-remove' }>) {
  const imei = String(job.imei ?? '');
  // A tracker saved again with this IMEI since then owns the device now.
  if (imei && (await db.select({ id: trackres.id }).from(trackres).where(eq(trackres.imei, imei))).length)
    return { skipped: 'imei em uso' };
  const traccarId = Number(job.traccarId) || (imei ? (await findDeviceByUniqueId(settings, imei))?.id : undefined);
  if (!traccarId) return { removed: false };
  return ignoreGone(() => deleteDevice(settings, traccarId));
}

/** The user the client's login names; never an administrator nor the integration's own user. */
function adoptable(settings: TraccarSettings, user: TraccarUser | undefined): TraccarUser | undefined {
  if (user && (user.administrator === true || String(user.id) === settings.userId)) {
    throw new IntegrationError(
      'Traccar',
      0,
      'admin_login',
      'O login do cliente é o de um administrador do Traccar: use outro login na aba Acesso.',
      false,
    );
  }
  return user;
}

async function syncCliente(db: Db, settings: TraccarSettings | null, id: number, keys: ServerKeys) {
  const [cliente] = await db.select().from(clientes).where(eq(clientes.id, id));
  if (!cliente) return { skipped: 'removido' };
  const record = (values: Partial<typeof clientes.$inferInsert>) => db.update(clientes).set(values).where(eq(clientes.id, id));
  const wantsUser = Boolean(cliente.login && cliente.temSenha);
  if (!wantsUser && !cliente.traccarUserId) {
    if (cliente.traccarSync !== SYNC.ok || cliente.traccarErro) await record({ traccarSync: SYNC.ok, traccarErro: '' });
    return { skipped: 'sem login' };
  }
  if (!settings) {
    await record({ traccarSync: SYNC.failed, traccarErro: MSG.traccarNotConfigured });
    return { skipped: 'inativo' };
  }
  try {
    const account = (cliente.login || cliente.email).trim();
    let user = cliente.traccarUserId ? (await listUsers(settings)).find((u) => u.id === cliente.traccarUserId) : undefined;
    if (!user && account) user = await findUser(settings, account);
    user = adoptable(settings, user);
    // A new password, sealed until Traccar has it (seguranca/senha-app.ts); none: Traccar keeps its own.
    const password = openAppPassword(keys, cliente.traccarSenha);
    if (!user && wantsUser && !password) {
      throw new IntegrationError('Traccar', 0, 'sem_senha', MSG.clienteSenhaAppAusente, false);
    }
    const fields = {
      name: clienteNome(cliente) || account,
      email: account || String(user?.email ?? ''),
      ...(password ? { password } : {}),
      // Bloqueado: the client loses app access (DESIGN 7); any other status has it.
      disabled: cliente.status === CLIENTE_STATUS.BLOQUEADO,
    };
    if (user) user = await updateUser(settings, user, fields);
    else if (wantsUser) user = await createUser(settings, fields);
    else {
      // The user is gone on Traccar and the client has no login any more: nothing to keep.
      await record({ traccarUserId: null, traccarSync: SYNC.ok, traccarErro: '' });
      return { skipped: 'sem login' };
    }
    await record({ traccarUserId: user.id });
    // Traccar has the password: it is kept no longer (unless a newer one came meanwhile).
    if (cliente.traccarSenha) {
      await db
        .update(clientes)
        .set({ traccarSenha: '' })
        .where(and(eq(clientes.id, id), eq(clientes.traccarSenha, cliente.traccarSenha)));
    }
    const links = await syncLinks(db, settings, id, user.id);
    await record({ traccarSync: SYNC.ok, traccarErro: '' });
    return { userId: user.id, disabled: fields.disabled, ...links };
  } catch (error) {
    if (!(error instanceof IntegrationError)) throw error;
    await record({ traccarSync: SYNC.failed, traccarErro: error.message });
    if (retryable(error)) throw error;
    return { failed: error.message };
  }
}

/**
 * The user's links: every device of the client's trackers; devices of our other trackers (moved
 * to another client) are unlinked. Devices we do not know (linked by hand on Traccar) stay.
 */
async function syncLinks(db: Db, settings: TraccarSettings, idcliente: number, userId: number) {
  const known = await db
    .select({ traccarId: trackres.traccarId, idcliente: trackres.idcliente })
    .from(trackres)
    .where(isNotNull(trackres.traccarId));
  // The client's devices, but those of vehicles whose contract is blocked (traccar-bloqueio.ts).
  const blocked = await bloqueados(db, idcliente);
  const wanted = new Set(known.filter((t) => t.idcliente === idcliente && !blocked.todos.has(t.traccarId!)).map((t) => t.traccarId!));
  const ours = new Set(known.map((t) => t.traccarId!));
  const linked = new Set((await devicesOfUser(settings, userId)).map((device) => device.id));
  let added = 0;
  let removed = 0;
  for (const deviceId of wanted) {
    if (linked.has(deviceId)) continue;
    await linkDevice(settings, userId, deviceId);
    added++;
  }
  for (const deviceId of linked) {
    if (wanted.has(deviceId) || !ours.has(deviceId) || blocked.emCurso.has(deviceId)) continue;
    await unlinkDevice(settings, userId, deviceId);
    removed++;
  }
  return { linked: added, unlinked: removed };
}
