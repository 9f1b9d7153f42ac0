/**
 * The embedded database (PGlite), kept usable whatever a statement does. PGlite runs PostgreSQL
 * in WebAssembly in this process: a statement that overflows its stack (deeply nested jsonb, for
 * one) crashes the WebAssembly instance, and from then on every statement, ROLLBACK included,
 * fails: the server would answer 500 until restarted. So every top-level call goes through
 * `EmbeddedClient`, which after any failure makes sure no transaction is left open (ROLLBACK), and
 * when the instance itself is broken, opens the data directory again (committed data is on disk;
 * only the failed transaction is lost, as PostgreSQL would after a crash). Drizzle uses only
 * `query` and `transaction` of its client; both are here. The calls take the instance in turn, a
 * request's before the queue's background work (prioridade.ts), as PGlite would run them one at a
 * time anyway.
 */
import { PGlite, type PGliteOptions, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { ehSegundoPlano, usarPrioridade, VezComPrioridade } from './prioridade';

/** PostgreSQL's type id of bytea. */
export const BYTEA = 17;

/**
 * bytea to and from PGlite's text protocol through Buffer's hex codec. PGlite's own serializer
 * builds an array of one string per byte (`Array.from(bytes).map(…).join('')`): a 5,000,000-byte
 * upload became some 300 MB of short strings and ended the process at its 256 MB heap bound. Its
 * parser calls parseInt once per byte. Here a file costs one hex string twice its size (one byte a
 * character), then the bytes.
 */
export const serializeBytea = (value: unknown) => {
  if (typeof value === 'string') return value;
  const bytes = value as Uint8Array;
  return `\\x${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex')}`;
};
export const parseBytea = (value: string) => Buffer.from(value.startsWith('\\x') ? value.slice(2) : value, 'hex');

type Listener = (payload: string) => void;

const isInstanceCrash = (error: unknown) => error instanceof WebAssembly.RuntimeError;

export class EmbeddedClient {
  #current: PGlite;
  #reopening: Promise<void> | undefined;
  #listeners: Array<{ channel: string; listener: Listener }> = [];
  #vez = new VezComPrioridade();
  /** How many times the instance was opened again (tests and logs read it). */
  recoveries = 0;

  private constructor(
    current: PGlite,
    private options: PGliteOptions,
    private afterOpen: (client: PGlite) => Promise<void>,
  ) {
    this.#current = current;
  }

  static async open(options: PGliteOptions, afterOpen: (client: PGlite) => Promise<void>) {
    usarPrioridade();
    const client = await PGlite.create(options);
    await afterOpen(client);
    return new EmbeddedClient(client, options, afterOpen);
  }

  /** The instance in use (tests reach it to break it on purpose). */
  get instance() {
    return this.#current;
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions) {
    return this.#run((client) => client.query<T>(sql, params, options));
  }

  exec(sql: string) {
    return this.#run((client) => client.exec(sql));
  }

  transaction<T>(callback: (tx: Transaction) => Promise<T>) {
    return this.#run((client) => client.transaction(callback));
  }

  async listen(channel: string, listener: Listener) {
    this.#listeners.push({ channel, listener });
    await this.#run((client) => client.listen(channel, listener));
  }

  async close() {
    // Behind every call already waiting for its turn (as PGlite's own queue would have it), so none
    // of them meets a closed instance; calls made after it find it closed, as before.
    const release = await this.#vez.vez(true);
    try {
      await this.#reopening;
      await this.#current.close();
    } finally {
      release();
    }
  }

  async #run<T>(call: (client: PGlite) => Promise<T>): Promise<T> {
    const release = await this.#vez.vez(ehSegundoPlano());
    try {
      if (this.#reopening) await this.#reopening;
      const client = this.#current;
      try {
        return await call(client);
      } catch (error) {
        await this.#settle(client, error);
        throw error;
      }
    } finally {
      release();
    }
  }

  /** After a failed top-level call: no transaction may stay open; a broken instance is replaced. */
  async #settle(client: PGlite, error: unknown) {
    if (client !== this.#current) return this.#reopening;
    if (!isInstanceCrash(error) && !client.isInTransaction()) return;
    if (!isInstanceCrash(error)) {
      try {
        await client.exec('ROLLBACK');
        return;
      } catch {
        // The ROLLBACK failed too: the instance is unusable.
      }
    }
    this.#reopening ??= this.#reopen(client).finally(() => {
      this.#reopening = undefined;
    });
    return this.#reopening;
  }

  async #reopen(broken: PGlite) {
    await broken.close().catch(() => undefined);
    const client = await PGlite.create(this.options);
    await this.afterOpen(client);
    for (const { channel, listener } of this.#listeners) await client.listen(channel, listener);
    this.#current = client;
    this.recoveries++;
  }
}
