/**
 * The queue's stop (server/queue/boss.ts): a handler still running when the graceful wait ends
 * finishes after the database is closed. pg-boss then completes (or fails) its job without awaiting
 * it; that write must not reach the ended pool as an unhandled rejection (seen in CI on a loaded
 * machine: "Cannot use a pool after calling end on the pool").
 */
import { afterEach, describe, expect, it } from 'vitest';
import { QUEUES, startQueue } from '../../server/queue/boss';
import { backends, createTestApp, type TestApp } from '../support/app';

describe.each(backends)('the queue stopped with a handler still running (%s)', (backend) => {
  let t: TestApp | undefined;
  const rejections: unknown[] = [];
  const collect = (reason: unknown) => rejections.push(reason);
  afterEach(async () => {
    process.off('unhandledRejection', collect);
    await t?.close().catch(() => undefined);
  });

  it.each(['completes', 'fails'])('a handler that %s after the pool ended leaves no unhandled rejection', async (fim) => {
    t = await createTestApp(backend);
    process.on('unhandledRejection', collect);
    const queue = await startQueue(t.database, { log: t.app.log, supervise: false, stopTimeoutMs: 1000 });
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let finished!: () => void;
    const done = new Promise<void>((resolve) => (finished = resolve));
    await queue.boss.work(QUEUES.varredura.name, { pollingIntervalSeconds: 0.5 }, async () => {
      started();
      await released;
      setImmediate(finished);
      if (fim === 'fails') throw new Error('falhou depois de parar');
    });
    await queue.send(t.database.db, QUEUES.varredura.name, { teste: fim });
    await running;
    // The graceful wait (1 s here) ends with the handler still running; then the database closes.
    await queue.stop();
    const app = t;
    t = undefined;
    await app.close();
    release();
    await done;
    // pg-boss's complete/fail run on the next ticks: give them time to settle.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(rejections).toEqual([]);
  });
});
