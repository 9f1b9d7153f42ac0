/**
 * Exact list totals without recounting unchanged tables. A total is stored under the table's
 * version read *before* counting (versoes, bumped by a trigger in the writing transaction), so
 * it is served only while that version stands: any committed write makes the next list recount.
 * Paging through one search, or many staff opening the same list, counts once.
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
