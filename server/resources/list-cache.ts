/**
 * The two caches of list replies, both exact. Every writing transaction bumps its table's version
 * (versoes, by a statement trigger, migration 0001), and a cached value is served only to a request
 * that reads the same versions, so any committed write, from any process or straight in SQL, makes
 * the next list read again.
 * - CountCache: a list's total under its table's version read before counting. Paging through one
 *   search, or many staff opening the same list, counts once.
 * - PageCache: a whole serialized reply under the versions of its table and of the tables its
 *   rows embed, read before the page. A hit costs one tiny query and no serialization.
 */

/** A least-recently-used map whose values hold only under the version they were stored with. */
class VersionedCache<V> {
  private entries = new Map<string, { version: number | string; value: V }>();
  private weight = 0;
  constructor(
    private maxEntries: number,
    private maxWeight = Infinity,
    private weigh: (value: V) => number = () => 0,
  ) {}

  get(key: string, version: number | string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.version !== version) return undefined;
    // Re-insert: Map keeps insertion order, so the oldest entry is the least recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, version: number | string, value: V) {
    this.delete(key);
    this.entries.set(key, { version, value });
    this.weight += this.weigh(value);
    while (this.entries.size > this.maxEntries || this.weight > this.maxWeight) this.delete(this.entries.keys().next().value!);
  }

  private delete(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.weight -= this.weigh(entry.value);
    this.entries.delete(key);
  }
}

/** List totals under their table's version. */
export class CountCache extends VersionedCache<number> {
  constructor(maxEntries = 2000) {
    super(maxEntries);
  }
}

/** Serialized list replies under the versions of every table they read, at most 32 MB of them. */
export class PageCache extends VersionedCache<string> {
  constructor(maxEntries = 1000, maxBytes = 32_000_000) {
    super(maxEntries, maxBytes, (body) => body.length);
  }
}

/** What a list may reuse: both caches (off only to measure the raw work) and its built page statements. */
export interface ListCaches {
  countCache?: CountCache;
  pageCache?: PageCache;
  /** Page queries already built, per list shape (list-query.ts `pageQuery`). */
  pageStatements?: Map<string, { execute(params: Record<string, unknown>): Promise<unknown[]> }>;
}

export function listCaches(enabled: boolean): ListCaches {
  return enabled ? { countCache: new CountCache(), pageCache: new PageCache(), pageStatements: new Map() } : {};
}
