/**
 * PGlite's one connection under background work (server/db/prioridade.ts): a request's statement
 * waits only for the call running when it came, not for the queue's calls waiting before it; on
 * PostgreSQL (a pool) nothing waits. Both databases.
 */
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emSegundoPlano } from '../../server/db/prioridade';
import { backends, useTestApp } from '../support/app';

describe.each(backends)('background work and requests on the database (%s)', (backend) => {
  const env = useTestApp(backend);

  it('a request’s statement runs before the background statements queued ahead of it, after the one running', async () => {
    const db = env.t.database.db;
    const order: string[] = [];
    const run = (name: string) => db.execute(sql`SELECT 1`).then(() => order.push(name));
    let queued: Promise<unknown>[] = [];
    let started!: () => void;
    let asked!: () => void;
    const holding = new Promise<void>((resolve) => (started = resolve));
    const allAsked = new Promise<void>((resolve) => (asked = resolve));
    // A background transaction holds the connection; while it runs, four background calls, then a
    // request's (outside the background work), ask for it.
    const running = emSegundoPlano(() =>
      db.transaction(async (tx) => {
        started();
        await allAsked;
        await tx.execute(sql`SELECT pg_sleep(0.1)`);
        order.push('fundo-em-curso');
      }),
    );
    await holding;
    queued = [1, 2, 3, 4].map((n) => emSegundoPlano(() => run(`fundo-${n}`)));
    queued.push(run('pedido'));
    asked();
    await running;
    await Promise.all(queued);
    if (backend === 'pglite') expect(order).toEqual(['fundo-em-curso', 'pedido', 'fundo-1', 'fundo-2', 'fundo-3', 'fundo-4']);
    // A pool: nobody waited for the transaction, which held one connection of several.
    else expect(order.indexOf('pedido')).toBeLessThan(order.indexOf('fundo-em-curso'));
  });

  // PostgreSQL's pool runs them side by side (and queues the rest in order): there is no turn to give.
  it.runIf(backend === 'pglite')(
    'a long queue of background calls lets an arriving request through: it is not run to its end first',
    async () => {
      const db = env.t.database.db;
      let done = 0;
      const background = Array.from({ length: 40 }, () => emSegundoPlano(() => db.execute(sql`SELECT pg_sleep(0.01)`).then(() => done++)));
      // A request arrives by I/O (as a webhook's post does) once the queue runs, and asks the database.
      await readFile(import.meta.filename);
      await db.execute(sql`SELECT 1`);
      const doneBefore = done;
      await Promise.all(background);
      // It went in among the first, not after the 40 (400 ms of them).
      expect(doneBefore).toBeLessThan(20);
    },
  );
});
