/**
 * Sessions cached in each app process, so a private request costs no extra query. The
 * database stays the truth: triggers (migration 0002) NOTIFY every process when a session is
 * deleted or its user changes, and each process evicts what it heard. While the LISTEN
 * connection is down the cache is bypassed, and entries live at most a minute regardless.
 */
import type { users } from '../db/schema';

/** The signed-in user's row, as the session carries it. */
export type SessionUser = typeof users.$inferSelect;

export const SESSION_CHANNEL = 'rastreio_sessoes';
const TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;

export interface CachedSession {
  user: SessionUser;
  sessionId: number;
  lastSeenAt: number;
  expiresAt: number;
  cachedAt: number;
}

export class SessionCache {
  private entries = new Map<string, CachedSession>();
  private connected = false;

  get(tokenHash: string): CachedSession | undefined {
    if (!this.connected) return undefined;
    const entry = this.entries.get(tokenHash);
    if (entry && Date.now() - entry.cachedAt > TTL_MS) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry;
  }

  set(tokenHash: string, entry: Omit<CachedSession, 'cachedAt'>) {
    if (!this.connected) return;
    this.entries.set(tokenHash, { ...entry, cachedAt: Date.now() });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
  }

  evictToken(tokenHash: string) {
    this.entries.delete(tokenHash);
  }

  evictUser(userId: number) {
    for (const [key, entry] of this.entries) if (entry.user.id === userId) this.entries.delete(key);
  }

  /** A message of the notification channel: `s:<token hash>` or `u:<user id>`. */
  onMessage = (payload: string) => {
    if (payload.startsWith('s:')) this.evictToken(payload.slice(2));
    else if (payload.startsWith('u:')) this.evictUser(Number(payload.slice(2)));
  };

  onConnected = (connected: boolean) => {
    this.entries.clear();
    this.connected = connected;
  };
}
