import { describe, expect, it } from 'vitest';
import { ByteBudget } from '../../server/plugins/body-budget';

describe('large bodies take turns on one byte budget (plugins/body-budget.ts)', () => {
  it('admits within the budget at once, queues the rest in order of arrival, and admits them as bytes are given back', async () => {
    const budget = new ByteBudget(10);
    const order: string[] = [];
    const first = await budget.take(6);
    const second = budget.take(6).then((release) => (order.push('second'), release));
    const third = budget.take(3).then((release) => (order.push('third'), release));
    await Promise.resolve();
    // The third would fit now, but waits behind the second: no large body starves.
    expect(order).toEqual([]);
    expect(budget.waiting).toBe(2);
    first();
    const releaseSecond = await second;
    const releaseThird = await third;
    expect(order).toEqual(['second', 'third']);
    expect(budget.available).toBe(1);
    releaseSecond();
    releaseSecond();
    releaseThird();
    expect(budget.available).toBe(10);
  });

  it('a body larger than the whole budget waits until it has the budget to itself', async () => {
    const budget = new ByteBudget(10);
    const small = await budget.take(2);
    let admitted = false;
    const huge = budget.take(50).then((release) => ((admitted = true), release));
    await Promise.resolve();
    expect(admitted).toBe(false);
    small();
    const release = await huge;
    expect(budget.available).toBe(0);
    release();
    expect(budget.available).toBe(10);
  });
});
