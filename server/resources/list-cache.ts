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

export class CountCache {
  private entries = new Map<string, { version: number; total: number }>();
  constructor(private maxEntries = 2000) {}

  get(key: string, version: number): number | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.version !== version) return undefined;
    // Re-insert: Map keeps insertion order, so the oldest entry is the least recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.total;
  }

  set(key: string, version: number, total: number) {
    this.entries.delete(key);
    this.entries.set(key, { version, total });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
}

export class PageCache {
  private entries = new Map<string, { versions: string; body: string }>();
  private bytes = 0;
  constructor(
    private maxEntries = 1000,
    private maxBytes = 32_000_000,
  ) {}

  get(key: string, versions: string): string | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.versions !== versions) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.body;
  }

  set(key: string, versions: string, body: string) {
    this.delete(key);
    this.entries.set(key, { versions, body });
    this.bytes += body.length;
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) this.delete(this.entries.keys().next().value!);
  }

  private delete(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.body.length;
    this.entries.delete(key);
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
