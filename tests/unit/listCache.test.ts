/** The list caches (server/resources/list-cache.ts): a value holds only under its version, and the size stays bounded. */
import { describe, expect, it } from 'vitest';
import { CountCache, PageCache, VersionsReader } from '../../server/resources/list-cache';

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

describe('VersionsReader', () => {
  /** A read whose start is recorded and whose end the test decides. */
  function controlledReads() {
    const reads: { resolve(value: Map<string, number>): void; reject(error: unknown): void }[] = [];
    const reader = new VersionsReader(() => new Promise<Map<string, number>>((resolve, reject) => reads.push({ resolve, reject })));
    return { reader, reads };
  }
  const versions = (n: number) => new Map([['clientes', n]]);

  it('a request alone reads at once', async () => {
    const { reader, reads } = controlledReads();
    const first = reader.current();
    expect(reads).toHaveLength(1);
    reads[0].resolve(versions(1));
    expect(await first).toEqual(versions(1));
  });

  it('requests that come while a read runs share the next read, never the one already sent', async () => {
    const { reader, reads } = controlledReads();
    const first = reader.current();
    const second = reader.current();
    const third = reader.current();
    // The first read was sent before the other two came: they wait for a read of their own.
    expect(reads).toHaveLength(1);
    let settled = false;
    void second.then(() => (settled = true));
    reads[0].resolve(versions(1));
    expect(await first).toEqual(versions(1));
    await Promise.resolve();
    expect(settled).toBe(false);
    // One read for both, started only after the first ended.
    expect(reads).toHaveLength(2);
    reads[1].resolve(versions(2));
    expect(await second).toEqual(versions(2));
    expect(await third).toEqual(versions(2));
    expect(reads).toHaveLength(2);
  });

  it('a failed read fails its requests only; the next requests read again', async () => {
    const { reader, reads } = controlledReads();
    const failing = reader.current();
    const waiting = reader.current();
    reads[0].reject(new Error('conexão perdida'));
    await expect(failing).rejects.toThrow('conexão perdida');
    await Promise.resolve();
    reads[1].resolve(versions(3));
    expect(await waiting).toEqual(versions(3));
    const later = reader.current();
    expect(reads).toHaveLength(3);
    reads[2].resolve(versions(4));
    expect(await later).toEqual(versions(4));
  });
});
