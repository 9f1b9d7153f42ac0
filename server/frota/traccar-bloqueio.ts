/**
 * One contract's block or unblock in Traccar (DESIGN 11, "Block per contract"; INTEGRATIONS.md,
 * "Per-device access"): a job of QUEUES.traccarBloqueio per contract, enqueued in the transaction
 * that changed its items' `bloqueado` (cobrancas/bloqueio.ts). The job reads the wanted state from
 * the database and what Traccar holds (one `GET /api/devices?userId=` of the client's user), then
 * makes one permission call per device that differs: `DELETE /api/permissions {userId, deviceId}`
 * for a blocked vehicle still linked, `POST` for an unblocked one not linked (only when absent:
 * Traccar keeps duplicate links). Devices are never disabled nor given an expiration. Running it
 * again changes nothing, so a job cut by a kill -9 is simply run again; the contract is held by one
 * job at a time (`traccar_ocupado_ate`, a lease that a killed job's lapses), without a transaction
 * open across the calls.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client';
import { IntegrationError } from '../integrations/http';
import { devicesOfUser, linkDevice, unlinkDevice } from '../integrations/traccar';
import type { JobQueue } from '../queue/boss';
import { QUEUES } from '../queue/boss';
import { activeTraccar } from './traccar-sync';

/**
 * How long a job holds its contract (`contratos.traccar_ocupado_ate`), renewed every third of it
 * while the job runs: another job of the contract waits (the queue retries it); a job cut by a
 * kill -9 frees it when this passes.
 */
const OCUPADO_SEGUNDOS = 15;
/** Permission calls of one job under way at once. */
const CHAMADAS_JUNTAS = 10;

/** Thrown when another job holds the contract: the queue tries again shortly. */
class ContratoOcupado extends Error {}

interface Dispositivo {
  iditem: number;
  deviceId: number | null;
  bloqueado: boolean;
  /** The device is the client's own tracker's (a moved vehicle's is not relinked). */
  doCliente: boolean;
}

/** Runs `task` over `items`, at most `limit` at a time; after a failure no new one starts, and it is thrown. */
async function emParalelo<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0;
  let failure: unknown;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length && failure === undefined) {
        try {
          await task(items[next++]);
        } catch (error) {
          failure ??= error;
        }
      }
    }),
  );
  if (failure !== undefined) throw failure;
}

/** Runs one job: `{ idcontrato }`. Throws (so the queue retries) only on failures that may pass. */
export async function runBloqueioJob(db: Db, data: Record<string, unknown>) {
  const idcontrato = Number(data.idcontrato);
  if (!Number.isInteger(idcontrato) || idcontrato <= 0) return { skipped: 'sem contrato' };
  const settings = await activeTraccar(db);
  if (!settings) return { skipped: 'inativo' };
  // The contract held for this job (no transaction stays open across the Traccar calls), its
  // client's user and its items whose change is due, in one statement.
  const [held] = rowsOf<{ held: number; existe: number; userId: number | null; itens: Dispositivo[] | string }>(
    await db.execute(sql`
      WITH held AS (
        UPDATE contratos k SET traccar_ocupado_ate = now() + make_interval(secs => ${OCUPADO_SEGUNDOS})
        WHERE k.id = ${idcontrato} AND (k.traccar_ocupado_ate IS NULL OR k.traccar_ocupado_ate < now())
        RETURNING k.id, k.idcliente
      )
      SELECT (SELECT count(*) FROM held)::int AS held,
             (SELECT count(*) FROM contratos WHERE id = ${idcontrato})::int AS existe,
             (SELECT c.traccar_user_id FROM clientes c JOIN held h ON c.id = h.idcliente) AS "userId",
             coalesce((
               SELECT json_agg(json_build_object('iditem', i.id, 'deviceId', t.traccar_id, 'bloqueado', i.bloqueado,
                        'doCliente', coalesce(t.idcliente = h.idcliente AND v.idcliente = h.idcliente, false)))
               FROM held h JOIN contratos_itens i ON i.idcontrato = h.id
               LEFT JOIN veiculos v ON v.id = i.idveiculo
               LEFT JOIN trackres t ON t.idveiculo = i.idveiculo AND t.idveiculo > 0
               WHERE i.tipo = 'veiculo' AND i.bloqueado <> i.traccar_bloqueado
             ), '[]'::json) AS itens
    `),
  );
  if (!held.existe) return { skipped: 'removido' };
  if (!held.held) throw new ContratoOcupado(`contrato ${idcontrato} em uso por outra tarefa`);
  const contrato = { userId: held.userId === null ? null : Number(held.userId) };
  const itens = (typeof held.itens === 'string' ? JSON.parse(held.itens) : held.itens) as Dispositivo[];
  const liberar = async (feitos: Dispositivo[]) => {
    const lista = (bloqueado: boolean) => {
      const ids = feitos.filter((item) => item.bloqueado === bloqueado).map((item) => sql`${Number(item.iditem)}`);
      return ids.length ? sql.join(ids, sql`, `) : sql`NULL`;
    };
    // What Traccar now holds, for the items whose wanted state is still the one applied; the contract freed.
    await db.execute(sql`
      WITH bloqueados AS (
        UPDATE contratos_itens SET traccar_bloqueado = true WHERE id IN (${lista(true)}) AND bloqueado RETURNING 1
      ), livres AS (
        UPDATE contratos_itens SET traccar_bloqueado = false WHERE id IN (${lista(false)}) AND NOT bloqueado RETURNING 1
      )
      UPDATE contratos SET traccar_ocupado_ate = NULL
      WHERE id = ${idcontrato} AND (SELECT count(*) FROM bloqueados) + (SELECT count(*) FROM livres) >= 0
    `);
  };
  const userId = contrato.userId;
  let unlinked = 0;
  let linked = 0;
  const falhas: string[] = [];
  const feitos: Dispositivo[] = [];
  // The hold renewed while the calls go on (a contract of many vehicles, a slow Traccar).
  const renovar = setInterval(
    () => {
      db.execute(
        sql`UPDATE contratos SET traccar_ocupado_ate = now() + make_interval(secs => ${OCUPADO_SEGUNDOS}) WHERE id = ${idcontrato}`,
      ).catch(() => undefined);
    },
    (OCUPADO_SEGUNDOS * 1000) / 3,
  );
  try {
    if (userId && itens.length) {
      const present = new Set((await devicesOfUser(settings, userId)).map((device) => device.id));
      await emParalelo(itens, CHAMADAS_JUNTAS, async (item) => {
        const deviceId = item.deviceId;
        try {
          if (deviceId && item.bloqueado && present.has(deviceId)) {
            await unlinkDevice(settings, userId, deviceId);
            unlinked++;
          } else if (deviceId && !item.bloqueado && item.doCliente && !present.has(deviceId)) {
            await linkDevice(settings, userId, deviceId);
            linked++;
          }
          feitos.push(item);
        } catch (error) {
          // A refusal (the device or user gone: 400) is final for this device; anything else may pass.
          if (!(error instanceof IntegrationError) || error.transient) throw error;
          falhas.push(`${deviceId}: ${error.message}`);
          feitos.push(item);
        }
      });
    } else feitos.push(...itens);
  } finally {
    clearInterval(renovar);
    // Done or not, what was done is kept and the contract is freed (a retry does the rest).
    await liberar(feitos);
  }
  return { unlinked, linked, ...(falhas.length ? { falhas } : {}) };
}

/**
 * The contracts whose items' Traccar change is due with no job to make it (a job given up, or
 * Traccar activated since): enqueued again by the sweep and at start-up.
 */
export async function retomarBloqueios(db: Db, queue: JobQueue): Promise<number> {
  if (!(await activeTraccar(db))) return 0;
  return db.transaction(async (tx) => {
    const due = rowsOf<{ idcontrato: number }>(
      await tx.execute(sql`
        SELECT DISTINCT i.idcontrato FROM contratos_itens i
        WHERE i.bloqueado <> i.traccar_bloqueado
          AND NOT EXISTS (
            SELECT 1 FROM pgboss.job j
            WHERE j.name = ${QUEUES.traccarBloqueio.name} AND j.state IN ('created', 'retry')
              AND (j.data->>'idcontrato')::int = i.idcontrato
          )
      `),
    );
    await queue.sendMany(
      tx,
      QUEUES.traccarBloqueio.name,
      due.map((row) => ({ data: { idcontrato: Number(row.idcontrato) } })),
    );
    return due.length;
  });
}
