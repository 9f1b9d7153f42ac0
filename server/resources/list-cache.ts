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
import type { Db, DbOrTx } from '../db/client';
import type { Item } from './embed';

/** A least-recently-used map, bounded in entries and, given `weigh`, in total weight. */
export class Lru<V> {
  private entries = new Map<string, V>();
  private weight = 0;
  constructor(
    private maxEntries: number,
    private maxWeight = Infinity,
    private weigh: (value: V) => number = () => 0,
  ) {}

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    // Re-insert: Map keeps insertion order, so the oldest entry is the least recently used.
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: string, value: V) {
    this.delete(key);
    this.entries.set(key, value);
    this.weight += this.weigh(value);
    while (this.entries.size > this.maxEntries || this.weight > this.maxWeight) this.delete(this.entries.keys().next().value!);
  }

  private delete(key: string) {
    if (!this.entries.has(key)) return;
    this.weight -= this.weigh(this.entries.get(key)!);
    this.entries.delete(key);
  }
}

/** Values that hold only under the version they were stored with. */
class VersionedCache<V> {
  private lru: Lru<{ version: number | string; value: V }>;
  constructor(maxEntries: number, maxWeight = Infinity, weigh: (value: V) => number = () => 0) {
    this.lru = new Lru(maxEntries, maxWeight, (entry) => weigh(entry.value));
  }

  get(key: string, version: number | string): V | undefined {
    const entry = this.lru.get(key);
    return entry && entry.version === version ? entry.value : undefined;
  }

  set(key: string, version: number | string, value: V) {
    this.lru.set(key, { version, value });
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

/**
 * The tables' versions, read for the requests that wait for them, one read at a time. A request
 * joins the next read, never one already sent: each read starts after every request it serves
 * arrived, so its snapshot holds every write committed before them and a reply reused under it is
 * exact. Under load one read serves the requests that arrived while the previous one ran, instead
 * of one round trip each; alone, a request waits for nothing but its own read.
 */
export class VersionsReader {
  private next?: { promise: Promise<Map<string, number>>; resolve(v: Map<string, number>): void; reject(e: unknown): void };
  private reading = false;
  constructor(private read: () => Promise<Map<string, number>>) {}

  /** Every table's version, read after this call. */
  current(): Promise<Map<string, number>> {
    if (this.next) return this.next.promise;
    let resolve!: (v: Map<string, number>) => void;
    let reject!: (e: unknown) => void;
    const promise = new Promise<Map<string, number>>((res, rej) => ((resolve = res), (reject = rej)));
    this.next = { promise, resolve, reject };
    if (!this.reading) void this.flush();
    return promise;
  }

  private async flush() {
    const batch = this.next!;
    this.next = undefined;
    this.reading = true;
    try {
      batch.resolve(await this.read());
    } catch (error) {
      batch.reject(error);
    } finally {
      this.reading = false;
      // Requests that came while it ran: a new read for them.
      if (this.next) void this.flush();
    }
  }
}

/** What a list may reuse: both caches (off only to measure the raw work) and its built page statements. */
/** A list's page query, built once per shape (list-query.ts `buildPageStatement`). */
export interface PageStatement {
  run(db: DbOrTx, params: Record<string, unknown>): Promise<Item[]>;
  /** Its rows carry the list's total (`TOTAL`). */
  counts: boolean;
  /** With `listSummary`: its rows carry the summary (`SUMMARY`); this reads it alone, for a page with no row. */
  summary?: (db: DbOrTx, params: Record<string, unknown>) => Promise<string>;
}

export interface ListCaches {
  countCache?: CountCache;
  pageCache?: PageCache;
  /** The tables' versions a reused reply is checked against: one reader for every resource given these caches (routes.ts). */
  versions?: VersionsReader;
  /** Page queries already built, per list shape (list-query.ts `buildPageStatement`): SQL text, not results. */
  pageStatements?: Lru<PageStatement>;
  /** Not a cache: where the pages of a bounded range run, each statement planned once (db/client.ts `plannedOnce`). */
  plannedOnce?: Db;
}

/** Built page statements kept (list shapes: filters, number of pesquisa words, order). */
const MAX_STATEMENTS = 400;

/** With the caches off every reply and total is computed afresh; the built statements are still reused (they hold no data). */
export function listCaches(enabled: boolean, plannedOnce?: Db): ListCaches {
  const pageStatements = new Lru<PageStatement>(MAX_STATEMENTS);
  return enabled
    ? { countCache: new CountCache(), pageCache: new PageCache(), pageStatements, plannedOnce }
    : { pageStatements, plannedOnce };
}
