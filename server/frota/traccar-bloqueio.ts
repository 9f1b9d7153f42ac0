/**
 * One contract's block or unblock in Traccar (DESIGN 11, "Block per contract"; INTEGRATIONS.md,
 * "Per-device access"): a job of QUEUES.traccarBloqueio per contract, enqueued in the transaction
 * that changed its items' `bloqueado` (cobrancas/bloqueio.ts). The job reads the wanted state from
 * the database and what Traccar holds (one `GET /api/devices?userId=` of the client's user), then
 * makes one permission call per device that differs: `DELETE /api/permissions {userId, deviceId}`
 * for a blocked vehicle still linked, `POST` for an unblocked one not linked (only when absent:
 * Traccar keeps duplicate links). Devices are never disabled nor given an expiration. Running it
 * again changes nothing, so a job cut by a kill -9 is simply run again (after its expiry); the
 * contract's advisory lock keeps two processes from working on one contract at once.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client';
import { IntegrationError } from '../integrations/http';
import { devicesOfUser, linkDevice, unlinkDevice } from '../integrations/traccar';
import type { JobQueue } from '../queue/boss';
import { QUEUES } from '../queue/boss';
import { activeTraccar } from './traccar-sync';

/** Key space of the contracts' advisory locks (the second key is the contract id). */
const LOCK_SPACE = 727_276;

/** Thrown when another process holds the contract: the queue tries again shortly. */
class ContratoOcupado extends Error {}

interface Dispositivo {
  iditem: number;
  deviceId: number | null;
  bloqueado: boolean;
  /** The device is the client's own tracker's (a moved vehicle's is not relinked). */
  doCliente: boolean;
}

/** Runs one job: `{ idcontrato }`. Throws (so the queue retries) only on failures that may pass. */
export async function runBloqueioJob(db: Db, data: Record<string, unknown>) {
  const idcontrato = Number(data.idcontrato);
  if (!Number.isInteger(idcontrato) || idcontrato <= 0) return { skipped: 'sem contrato' };
  const settings = await activeTraccar(db);
  if (!settings) return { skipped: 'inativo' };
  return db.transaction(async (tx) => {
    const [{ locked }] = rowsOf<{ locked: boolean }>(
      await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${LOCK_SPACE}, ${idcontrato}) AS locked`),
    );
    if (!locked) throw new ContratoOcupado(`contrato ${idcontrato} em uso por outro processo`);
    const [contrato] = rowsOf<{ userId: number | null }>(
      await tx.execute(sql`
        SELECT c.traccar_user_id AS "userId" FROM contratos k JOIN clientes c ON c.id = k.idcliente WHERE k.id = ${idcontrato}
      `),
    );
    if (!contrato) return { skipped: 'removido' };
    const itens = rowsOf<Dispositivo>(
      await tx.execute(sql`
        SELECT i.id AS iditem, t.traccar_id AS "deviceId", i.bloqueado,
               (t.idcliente = k.idcliente AND v.idcliente = k.idcliente) AS "doCliente"
        FROM contratos_itens i JOIN contratos k ON k.id = i.idcontrato
        LEFT JOIN veiculos v ON v.id = i.idveiculo
        LEFT JOIN trackres t ON t.idveiculo = i.idveiculo AND i.idveiculo IS NOT NULL
        WHERE i.idcontrato = ${idcontrato} AND i.tipo = 'veiculo' AND i.bloqueado <> i.traccar_bloqueado
      `),
    );
    if (!itens.length) return { changed: 0 };
    const userId = contrato.userId;
    let unlinked = 0;
    let linked = 0;
    const falhas: string[] = [];
    const feitos: number[] = [];
    if (userId) {
      const present = new Set((await devicesOfUser(settings, userId)).map((device) => device.id));
      for (const item of itens) {
        const deviceId = item.deviceId;
        try {
          if (deviceId && item.bloqueado && present.has(deviceId)) {
            await unlinkDevice(settings, userId, deviceId);
            unlinked++;
          } else if (deviceId && !item.bloqueado && item.doCliente && !present.has(deviceId)) {
            await linkDevice(settings, userId, deviceId);
            linked++;
          }
          feitos.push(Number(item.iditem));
        } catch (error) {
          // A refusal (the device or user gone: 400) is final for this device; anything else may pass.
          if (!(error instanceof IntegrationError) || error.transient) throw error;
          falhas.push(`${deviceId}: ${error.message}`);
          feitos.push(Number(item.iditem));
        }
      }
    } else feitos.push(...itens.map((item) => Number(item.iditem)));
    // What Traccar now holds, for the items whose wanted state is still the one applied.
    await tx.execute(sql`
      UPDATE contratos_itens SET traccar_bloqueado = bloqueado
      WHERE id IN (${sql.join(
        feitos.map((id) => sql`${id}`),
        sql`, `,
      )})
    `);
    return { unlinked, linked, ...(falhas.length ? { falhas } : {}) };
  });
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
