/**
 * The embedded database's turn (server/db/prioridade.ts): one holder at a time; a waiting request
 * goes before every waiting background call; each kind keeps its order of arrival.
 */
import { describe, expect, it } from 'vitest';
import { ehSegundoPlano, emSegundoPlano, usarPrioridade, VezComPrioridade } from '../../server/db/prioridade';

describe('VezComPrioridade', () => {
  it('a request waiting goes before the background calls that came earlier; each kind in its order', async () => {
    const vez = new VezComPrioridade();
    const order: string[] = [];
    const first = await vez.vez(true);
    const calls = [
      ['b1', true],
      ['b2', true],
      ['r1', false],
      ['b3', true],
      ['r2', false],
    ].map(([name, background]) =>
      vez.vez(background as boolean).then((release) => {
        order.push(name as string);
        release();
      }),
    );
    expect(vez.esperando).toBe(5);
    first();
    await Promise.all(calls);
    expect(order).toEqual(['r1', 'r2', 'b1', 'b2', 'b3']);
    expect(vez.esperando).toBe(0);
  });

  it('the turn passes on release, once: a second release changes nothing, and a free turn is taken at once', async () => {
    const vez = new VezComPrioridade();
    const a = await vez.vez(false);
    let bHeld = false;
    const b = vez.vez(false).then((release) => {
      bHeld = true;
      return release;
    });
    a();
    a();
    const releaseB = await b;
    expect(bHeld).toBe(true);
    // B holds it: C waits until B lets go.
    let cHeld = false;
    const c = vez.vez(true).then((release) => ((cHeld = true), release));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(cHeld).toBe(false);
    releaseB();
    (await c)();
    expect(cHeld).toBe(true);
    // Free: taken without waiting.
    (await vez.vez(true))();
  });

  it('emSegundoPlano marks the work and what it awaits, not the caller (once an embedded database uses the turn)', async () => {
    usarPrioridade();
    expect(ehSegundoPlano()).toBe(false);
    const inside = await emSegundoPlano(async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return ehSegundoPlano();
    });
    expect(inside).toBe(true);
    expect(ehSegundoPlano()).toBe(false);
  });
});
