/**
 * Rate limits kept in the database, so every app process behind a load balancer shares them
 * (DESIGN section 9: 10 failed logins per account in 15 minutes lock it for 15 minutes; 100
 * logins per minute per address; 60 per minute per address on public calls).
 */
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { LOGIN_LOCK } from '../../domain/constants';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { tooMany } from '../regras/http-errors';
import { rateLimits } from '../db/schema';

/** Counts one hit on `key` within a fixed window and returns the count in the current window. */
export async function hit(db: Db, key: string, windowSeconds: number): Promise<number> {
  const interval = sql.raw(`interval '${Math.floor(windowSeconds)} seconds'`);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`CASE WHEN ${rateLimits.windowStart} < now() - ${interval} THEN 1 ELSE ${rateLimits.hits} + 1 END`,
        windowStart: sql`CASE WHEN ${rateLimits.windowStart} < now() - ${interval} THEN now() ELSE ${rateLimits.windowStart} END`,
      },
    })
    .returning({ hits: rateLimits.hits });
  return row.hits;
}

/** The failed-login counter of an account: by its id when the name matches one, else by the name given. */
export const loginKey = (userId: number | undefined, named: string) =>
  userId !== undefined ? `login-account:user:${userId}` : `login-account:name:${named.trim().toLowerCase()}`;

/** Whether a counter's lock is in force (its locked_until is still ahead). */
export const lockedNow = (lockedUntil: Date | null | undefined) => !!lockedUntil && lockedUntil.getTime() > Date.now();

/** A failed sign-ins counter: whether it locks now, and whether there is one at all (a success then resets it). */
export async function loginLockState(db: Db, key: string): Promise<{ locked: boolean; counted: boolean }> {
  const [row] = await db.select({ lockedUntil: rateLimits.lockedUntil }).from(rateLimits).where(eq(rateLimits.key, key));
  return { locked: lockedNow(row?.lockedUntil), counted: row !== undefined };
}

export async function isLoginLocked(db: Db, key: string): Promise<boolean> {
  return (await loginLockState(db, key)).locked;
}

/** Records a failed login; the 10th failure in the window locks the account. */
export async function recordLoginFailure(db: Db, key: string): Promise<void> {
  const failures = await hit(db, key, LOGIN_LOCK.windowMinutes * 60);
  if (failures >= LOGIN_LOCK.maxFailures) {
    await db
      .update(rateLimits)
      .set({ lockedUntil: sql`now() + ${sql.raw(`interval '${LOGIN_LOCK.lockMinutes} minutes'`)}` })
      .where(eq(rateLimits.key, key));
  }
}

/** A successful login resets its account's count. */
export async function clearLoginFailures(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** An onRequest hook: at most `limit` calls a minute per address under `prefix`, counted before the body is read. */
export const limitPerAddress = (db: Db, prefix: string, limit: number) => async (request: FastifyRequest) => {
  if ((await hit(db, `${prefix}:${request.ip}`, 60)) > limit) throw tooMany();
};

/** The longest window any counter uses: a row whose window began before it is over whatever its key. */
const LONGEST_WINDOW_SECONDS = Math.max(60, LOGIN_LOCK.windowMinutes * 60);

/**
 * Removes counters that no longer count (their window is over and they hold no lock in force): a
 * counter is made per address, so the table would otherwise grow forever. At most `limit` rows a
 * run (the sweep runs every 5 minutes), so one run never holds the table long. Removing such a row
 * changes nothing: the next hit on its key would have restarted the window at 1 anyway.
 */
export async function pruneRateLimits(db: Db, limit = 5_000): Promise<number> {
  const expired = db
    .select({ key: rateLimits.key })
    .from(rateLimits)
    .where(
      and(
        lt(rateLimits.windowStart, sql`now() - ${sql.raw(`interval '${LONGEST_WINDOW_SECONDS} seconds'`)}`),
        or(isNull(rateLimits.lockedUntil), lt(rateLimits.lockedUntil, sql`now()`)),
      ),
    )
    .limit(limit);
  const removed = await db.delete(rateLimits).where(inArray(rateLimits.key, expired)).returning({ key: rateLimits.key });
  return removed.length;
}
