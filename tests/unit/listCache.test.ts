/** The list caches (server/resources/list-cache.ts): a value holds only under its version, and the size stays bounded. */
import { describe, expect, it } from 'vitest';
import { CountCache, PageCache } from '../../server/resources/list-cache';

describe('list caches', () => {
  it('a total is served only under the version it was counted at', () => {
    const cache = new CountCache();
    cache.set('clientes|status=0', 7, 120);
    expect(cache.get('clientes|status=0', 7)).toBe(120);
    expect(cache.get('clientes|status=0', 8)).toBeUndefined();
    expect(cache.get('clientes|status=1', 7)).toBeUndefined();
  });

  it('the least recently used entry goes first when the count is over the limit', () => {
    const cache = new CountCache(2);
    cache.set('a', 1, 1);
    cache.set('b', 1, 2);
    expect(cache.get('a', 1)).toBe(1); // a is now the most recent
    cache.set('c', 1, 3);
    expect([cache.get('a', 1), cache.get('b', 1), cache.get('c', 1)]).toEqual([1, undefined, 3]);
  });

  it('pages are bounded by their bytes too, and replacing one frees its old size', () => {
    const cache = new PageCache(100, 10);
    cache.set('p1', 'v', '12345');
    cache.set('p2', 'v', '12345');
    cache.set('p1', 'v', '123'); // replaces p1: 8 bytes held
    expect([cache.get('p1', 'v'), cache.get('p2', 'v')]).toEqual(['123', '12345']);
    cache.set('p3', 'v', '1234'); // 12 bytes: the least recently used (p1) goes
    expect([cache.get('p1', 'v'), cache.get('p2', 'v'), cache.get('p3', 'v')]).toEqual([undefined, '12345', '1234']);
    expect(cache.get('p2', 'other versions')).toBeUndefined();
  });
});
