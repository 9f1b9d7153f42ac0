/**
 * Whole list replies reused while the tables they were read from are unchanged. A reply is
 * stored under the versions (versoes, bumped by a trigger in every writing transaction) of its
 * table and of the tables its rows embed, read *before* the page; it is served only to a request
 * that reads those same versions, so any committed write, from any process or straight in SQL,
 * makes the next request read the page again. A hit costs one tiny query and no serialization.
 */
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
