/**
 * How long a test waits for work done in the background (the queue, the fleet feed, a fake) before it
 * fails. Generous on purpose: CI shares 2 cores with other jobs, and PGlite on a busy machine has
 * taken over 30 s for a queue job that takes 1 s alone. A passing test waits no longer for it.
 */
export const WAIT_MS = 60_000;

/** Polls `condition` until it holds (work the queue does in the background), or fails after `timeoutMs`. */
export async function waitFor(condition: () => Promise<boolean> | boolean, timeoutMs = WAIT_MS, everyMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      if (await condition()) return;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error(`Condição não atingida em ${timeoutMs} ms${lastError ? `: ${String(lastError)}` : ''}`);
}

/**
 * How long another process may take to hear a NOTIFY on a loaded machine. Less than the 60 s an entry
 * of the session cache lives (server/plugins/session-cache.ts): a session refused within it was
 * evicted by the notification, not by age.
 */
export const NOTIFIED_MS = 45_000;
