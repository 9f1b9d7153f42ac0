/**
 * Background work and requests on the embedded database. PGlite has one connection: every
 * statement and transaction takes it in turn. In arrival order, a request (a webhook's 200, a
 * screen's list) waited behind every statement the queue's workers had asked for before it: under
 * a burst of WhatsApp messages, seconds (bench/README.md, "WhatsApp conversations"). The queue's
 * jobs run `emSegundoPlano`: their calls wait while a request's call is waiting, so a request
 * waits at most for the call running when it came. PostgreSQL has a pool and ignores it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const segundoPlano = new AsyncLocalStorage<true>();
/**
 * Whether an embedded database is open in this process (pglite.ts sets it). Until then the marking
 * is skipped: on Node 20 an AsyncLocalStorage in use tracks every promise of the process, a cost
 * that PostgreSQL's pool, which ignores the turn, need not pay.
 */
let emUso = false;
export const usarPrioridade = () => {
  emUso = true;
};

/** Runs `work` as background work: its embedded-database calls give way to the requests'. */
export const emSegundoPlano = <T>(work: () => Promise<T>): Promise<T> => (emUso ? segundoPlano.run(true, work) : work());

/** Whether the running code is background work (a queue's job). */
export const ehSegundoPlano = () => segundoPlano.getStore() === true;

/**
 * One holder at a time; a waiting request's call goes before every waiting background call, each
 * kind in its order of arrival. No call is interrupted.
 */
export class VezComPrioridade {
  #ocupada = false;
  #pedidos: Array<() => void> = [];
  #segundoPlano: Array<() => void> = [];

  /** Waits for the turn (background work behind every waiting request); resolves with its release. */
  async vez(emSegundoPlano: boolean): Promise<() => void> {
    if (this.#ocupada) await new Promise<void>((resolve) => (emSegundoPlano ? this.#segundoPlano : this.#pedidos).push(resolve));
    else this.#ocupada = true;
    let liberada = false;
    return () => {
      if (liberada) return;
      liberada = true;
      this.#passar();
    };
  }

  /**
   * The turn passes straight to the next caller, so no newcomer takes it in between: a waiting
   * request's at once; a background call's after the event loop's pending I/O (setImmediate). A
   * PGlite statement runs on this thread and its calls chain in microtasks: without that step, a
   * queue of background calls would run to its end before an arriving request was even read.
   */
  #passar() {
    const pedido = this.#pedidos.shift();
    if (pedido) return pedido();
    if (!this.#segundoPlano.length) {
      this.#ocupada = false;
      return;
    }
    setImmediate(() => {
      const proximo = this.#pedidos.shift() ?? this.#segundoPlano.shift();
      if (proximo) proximo();
      else this.#ocupada = false;
    });
  }

  /** How many calls wait (tests read it). */
  get esperando() {
    return this.#pedidos.length + this.#segundoPlano.length;
  }
}
