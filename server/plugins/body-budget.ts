/**
 * Large bodies take turns. A JSON body is held in the heap several times over while it is read,
 * parsed and stored (its text, the parsed string, what is sent to the database), so a few large
 * ones at once could pass the server's heap bound (HEAP_MB) whatever each route allows: four 5 MB
 * uploads and a pre-registration with its three documents arrive together in a busy hour. Every
 * request whose body may be over LARGE bytes (its Content-Length, else its route's limit) first
 * takes that many bytes from one budget, before its body is read, and gives them back when its
 * reply is over (sent, failed or abandoned). Past the budget, requests wait in order of arrival:
 * slower, never lost. A body larger than the whole budget waits until it has the budget to itself.
 * Small bodies (every form) never wait.
 */
import type { FastifyInstance } from 'fastify';

/** Bodies up to this size are never counted. */
export const LARGE_BODY = 1_000_000;
/** The bytes of large bodies read at once: three 5 MB uploads as base64, or one pre-registration. */
export const BODY_BUDGET = 21_000_000;

export class ByteBudget {
  #available: number;
  #waiting: Array<{ bytes: number; admit: () => void }> = [];

  constructor(readonly total: number) {
    this.#available = total;
  }

  get available() {
    return this.#available;
  }

  get waiting() {
    return this.#waiting.length;
  }

  /** Takes `bytes` (at most the whole budget) once they are free; resolves to the release. */
  async take(bytes: number): Promise<() => void> {
    const share = Math.min(bytes, this.total);
    if (!this.#waiting.length && share <= this.#available) this.#available -= share;
    else await new Promise<void>((admit) => this.#waiting.push({ bytes: share, admit }));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#available += share;
      this.#admitWaiting();
    };
  }

  #admitWaiting() {
    while (this.#waiting.length && this.#waiting[0].bytes <= this.#available) {
      const next = this.#waiting.shift()!;
      this.#available -= next.bytes;
      next.admit();
    }
  }
}

export function registerBodyBudget(app: FastifyInstance, budget = new ByteBudget(BODY_BUDGET)) {
  app.decorate('bodyBudget', budget);
  app.addHook('preParsing', async (request, reply, payload) => {
    const limit = request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? LARGE_BODY;
    const declared = Number(request.headers['content-length']);
    const bytes = Number.isFinite(declared) && declared >= 0 ? declared : limit;
    // Small, or over the route's limit (Fastify refuses it with 413 before reading it): no turn to wait for.
    if (bytes <= LARGE_BODY || bytes > limit) return payload;
    const release = await budget.take(bytes);
    reply.raw.once('close', release);
    if (reply.raw.writableFinished || reply.raw.destroyed) release();
    return payload;
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    bodyBudget: ByteBudget;
  }
}
