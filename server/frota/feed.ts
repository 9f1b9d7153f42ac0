/**
 * The fleet's feed (DESIGN 10, "Fleet"; INTEGRATIONS.md 1): one app process holds it, chosen by a
 * database advisory lock; the others retry the lock and take over when the holder dies. The holder
 * reads Traccar's WebSocket `/api/socket` and, on every (re)connect, the whole fleet
 * (`/api/devices?all=true` and `/api/positions`: one call per kind, never one per device), and the
 * alarms missed meanwhile from the events report (`/api/reports/events?type=alarm`, the gap since the
 * last event kept, at most 24 h, 400 devices a call). When the
 * socket cannot be opened, it polls those two calls every 60 s. Reconnects back off (1 s doubling
 * up to 60 s). Positions, devices and events are written in batches; a sweep moves the situations
 * that change with time alone. `frota_conexao` says how the feed reads Traccar, for the screens' banner.
 */
import type { FastifyBaseLogger } from 'fastify';
import WebSocket from 'ws';
import type { Database, HeldLock } from '../db/client';
import { emSegundoPlano } from '../db/prioridade';
import {
  allDevices,
  latestPositions,
  socketUrl,
  type TraccarDevice,
  type TraccarEvent,
  type TraccarPosition,
} from '../integrations/traccar';
import { IntegrationError } from '../integrations/http';
import { getCompany } from '../regras/company';
import { alarmesPerdidos, emLotes, gravarLeitura, gravarLote } from './leitura';
import { traccarSettings, type TraccarSettings } from './traccar-sync';
import {
  alarmsOfEvent,
  alarmsOfPosition,
  ensureRows,
  frotaSettings,
  refreshSituacao,
  setConexao,
  type AlarmInput,
  type FrotaSettings,
} from './estado';

declare module 'fastify' {
  interface FastifyInstance {
    /** The fleet's feed (started only with the `frota` option). */
    frota: FrotaFeed;
  }
}

/** The advisory lock's key: the feed's holder. */
export const FEED_LOCK = 727_301;

export interface FeedOptions {
  /** Polling interval when the socket is unavailable (DESIGN 10: 60 s). */
  pollMs?: number;
  /** How often a process that does not hold the feed tries to take it over. */
  lockRetryMs?: number;
  /** The sweep of situations that change with time alone. */
  sweepMs?: number;
  /** How long writes of a burst are gathered into one batch. */
  flushMs?: number;
  /**
   * The most positions one transaction writes: a burst is stored in transactions of this many, the
   * event loop free between them, so the app answers its requests meanwhile (issue 20's budget).
   */
  batchMax?: number;
  /** First and longest waits before reconnecting. */
  backoffMs?: [number, number];
  /** How often the settings are read again (a new server or token, Traccar turned off). */
  settingsMs?: number;
  /** No frame for this long (Traccar sends `{}` every 55 s): the socket is dead, reconnect. */
  idleMs?: number;
}

const DEFAULTS: Required<FeedOptions> = {
  pollMs: 60_000,
  lockRetryMs: 10_000,
  sweepMs: 60_000,
  flushMs: 200,
  batchMax: 1_000,
  backoffMs: [1_000, 60_000],
  settingsMs: 5_000,
  idleMs: 130_000,
};

const message = (error: unknown) =>
  error instanceof IntegrationError ? error.message : error instanceof Error ? error.message : String(error);

export class FrotaFeed {
  readonly #options: Required<FeedOptions>;
  #lock: HeldLock | null = null;
  #stopped = false;
  #timers = new Set<NodeJS.Timeout>();
  #socket: WebSocket | null = null;
  #settings: TraccarSettings | null = null;
  #frota: FrotaSettings = { horasSilencio: 24, minutosGps: 60 };
  #backoff = 0;
  #mode: 'socket' | 'polling' | 'parado' = 'parado';
  #pending = { devices: new Map<number, TraccarDevice>(), positions: [] as TraccarPosition[], alarms: [] as AlarmInput[] };
  #flushing: Promise<void> = Promise.resolve();
  #flushTimer: NodeJS.Timeout | null = null;
  #idleTimer: NodeJS.Timeout | null = null;
  #pollTimer: NodeJS.Timeout | null = null;
  #reconnectTimer: NodeJS.Timeout | null = null;
  /** Counters for tests and the bench: full refreshes done, positions stored. */
  readonly stats = { refreshes: 0, positions: 0, batches: 0, connects: 0 };

  constructor(
    private readonly database: Database,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
    options: FeedOptions = {},
  ) {
    this.#options = { ...DEFAULTS, ...options };
  }

  get holder(): boolean {
    return this.#lock !== null;
  }

  get mode() {
    return this.#mode;
  }

  /** Starts competing for the feed: holds it at once when free, else retries every lockRetryMs. */
  async start(): Promise<void> {
    await this.#tryLock();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    this.#clearConnection();
    await this.#flushing.catch(() => undefined);
    await this.#lock?.release();
    this.#lock = null;
  }

  #later(ms: number, task: () => void | Promise<void>): NodeJS.Timeout {
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      if (this.#stopped) return;
      // Background work: on PGlite its statements give way to the requests' (db/prioridade.ts).
      void emSegundoPlano(async () => task()).catch((error) => this.log.warn({ err: error }, 'frota: tarefa falhou'));
    }, ms);
    timer.unref();
    this.#timers.add(timer);
    return timer;
  }

  #cancel(timer: NodeJS.Timeout | null) {
    if (!timer) return;
    clearTimeout(timer);
    this.#timers.delete(timer);
  }

  async #tryLock(): Promise<void> {
    if (this.#stopped) return;
    let lock: HeldLock | null = null;
    try {
      lock = await this.database.advisoryLock(FEED_LOCK);
    } catch (error) {
      this.log.warn({ err: error }, 'frota: não foi possível pedir a trava do leitor');
    }
    if (this.#stopped) {
      await lock?.release();
      return;
    }
    if (!lock) {
      this.#later(this.#options.lockRetryMs, () => this.#tryLock());
      return;
    }
    this.#lock = lock;
    // Read the settings afresh: a holder that lost the lock and takes it again connects anew.
    this.#settings = null;
    this.log.info('frota: este processo lê o Traccar');
    void lock.lost.then(() => {
      if (this.#stopped || this.#lock !== lock) return;
      // The lock's connection broke: another process may take over now; stop and compete again.
      this.log.warn('frota: a trava do leitor caiu; disputando de novo');
      this.#lock = null;
      this.#clearConnection();
      this.#later(this.#options.lockRetryMs, () => this.#tryLock());
    });
    this.#sweepLoop();
    await this.#checkSettings();
  }

  /** Reads the settings; (re)connects when Traccar's address or token changed, stops when it is off. */
  async #checkSettings(): Promise<void> {
    if (this.#stopped || !this.#lock) return;
    try {
      const company = await getCompany(this.database.db);
      this.#frota = frotaSettings(company);
      const settings = traccarSettings(company);
      const current = this.#settings;
      const changed =
        !current || current.server !== settings.server || current.token !== settings.token || current.active !== settings.active;
      this.#settings = settings;
      if (changed) {
        this.#clearConnection();
        this.#backoff = 0;
        if (settings.active) this.#connect();
        else {
          this.#mode = 'parado';
          await setConexao(this.database.db, { modo: 'parado', conectado: false });
        }
      }
    } catch (error) {
      this.log.warn({ err: error }, 'frota: não foi possível ler as configurações');
    }
    this.#later(this.#options.settingsMs, () => this.#checkSettings());
  }

  #clearConnection() {
    this.#cancel(this.#idleTimer);
    this.#cancel(this.#pollTimer);
    this.#cancel(this.#reconnectTimer);
    this.#idleTimer = this.#pollTimer = this.#reconnectTimer = null;
    const socket = this.#socket;
    this.#socket = null;
    if (socket) {
      socket.removeAllListeners();
      socket.on('error', () => undefined);
      socket.terminate();
    }
  }

  #nextBackoff(): number {
    const [first, longest] = this.#options.backoffMs;
    const wait = this.#backoff === 0 ? first : Math.min(longest, this.#backoff * 2);
    this.#backoff = wait;
    return wait;
  }

  /** Opens the socket; on failure, polls (the fallback) and tries the socket again after a back-off. */
  #connect() {
    if (this.#stopped || !this.#lock || !this.#settings?.active) return;
    const settings = this.#settings;
    const socket = new WebSocket(socketUrl(settings), { handshakeTimeout: 10_000, headers: { 'User-Agent': 'Rastreio' } });
    this.#socket = socket;
    this.stats.connects++;
    let opened = false;
    socket.on('open', () => {
      opened = true;
      this.#cancel(this.#pollTimer);
      this.#pollTimer = null;
      this.#touch();
      // Every (re)connect reads the whole fleet: what changed while the socket was down.
      void this.#refresh('socket').then((ok) => {
        if (ok) this.#backoff = 0;
      });
    });
    socket.on('message', (data) => {
      this.#touch();
      this.#receive(String(data));
    });
    socket.on('error', (error) => {
      this.log.warn({ err: error }, 'frota: erro no socket do Traccar');
    });
    socket.on('close', () => {
      if (this.#socket !== socket) return;
      this.#socket = null;
      this.#cancel(this.#idleTimer);
      const wait = this.#nextBackoff();
      // The socket is unavailable: read by polling meanwhile (at once, then every pollMs).
      if (!this.#pollTimer) void this.#poll(opened);
      this.#reconnectTimer = this.#later(wait, () => this.#connect());
    });
  }

  /** No frame for idleMs: the connection is dead without a close (a cut cable); drop it. */
  #touch() {
    this.#cancel(this.#idleTimer);
    const socket = this.#socket;
    this.#idleTimer = this.#later(this.#options.idleMs, () => {
      if (this.#socket === socket) socket?.terminate();
    });
  }

  #socketOpen(): boolean {
    return this.#socket?.readyState === WebSocket.OPEN;
  }

  async #poll(afterSocket: boolean) {
    this.#pollTimer = null;
    if (this.#stopped || !this.#lock || this.#socketOpen()) return;
    const ok = await this.#refresh('polling');
    if (!ok && afterSocket) this.log.warn('frota: Traccar indisponível; mostrando os últimos dados conhecidos');
    if (!this.#socketOpen()) this.#pollTimer = this.#later(this.#options.pollMs, () => this.#poll(false));
  }

  /** The whole fleet: every device, then the latest position of each, then the alarms missed meanwhile. */
  async #refresh(modo: 'socket' | 'polling'): Promise<boolean> {
    const settings = this.#settings;
    if (!settings?.active) return false;
    try {
      const [devices, positions] = [await allDevices(settings, 30_000), await latestPositions(settings, 30_000)];
      const events = await alarmesPerdidos(this.database.db, settings, devices, this.log);
      await this.#flush();
      await gravarLeitura(this.database.db, this.#frota, { devices, positions, events }, () => (this.#socketOpen() ? 'socket' : 'polling'));
      this.#mode = this.#socketOpen() ? 'socket' : 'polling';
      this.stats.refreshes++;
      this.stats.positions += positions.length;
      return true;
    } catch (error) {
      this.log.warn({ err: error }, 'frota: leitura completa do Traccar falhou');
      await setConexao(this.database.db, { modo, conectado: false, erro: message(error) }).catch(() => undefined);
      return false;
    }
  }

  /** A socket frame: `{}` keepalives, or any of devices, positions, events. */
  #receive(text: string) {
    let frame: { devices?: unknown; positions?: unknown; events?: unknown };
    try {
      frame = JSON.parse(text) as typeof frame;
    } catch {
      return;
    }
    if (!frame || typeof frame !== 'object') return;
    const pending = this.#pending;
    if (Array.isArray(frame.devices)) for (const device of frame.devices as TraccarDevice[]) pending.devices.set(device.id, device);
    if (Array.isArray(frame.positions)) {
      for (const position of frame.positions as TraccarPosition[]) {
        pending.positions.push(position);
        pending.alarms.push(...alarmsOfPosition(position));
      }
    }
    if (Array.isArray(frame.events)) for (const event of frame.events as TraccarEvent[]) pending.alarms.push(...alarmsOfEvent(event));
    if (!this.#flushTimer && (pending.devices.size || pending.positions.length || pending.alarms.length)) {
      this.#flushTimer = this.#later(this.#options.flushMs, () => {
        this.#flushTimer = null;
        return this.#flush();
      });
    }
  }

  /**
   * Writes what the socket brought, as one batch per kind, one batch at a time: at most batchMax
   * positions a transaction (with their devices' frames; the alarms and other devices in the last),
   * yielding to the event loop between transactions.
   */
  #flush(): Promise<void> {
    const run = this.#flushing.then(async () => {
      const { devices, positions, alarms } = this.#pending;
      if (!devices.size && !positions.length && !alarms.length) return;
      this.#pending = { devices: new Map(), positions: [], alarms: [] };
      const batches = emLotes({ devices, positions, alarms }, this.#options.batchMax);
      for (const [k, batch] of batches.entries()) {
        if (k > 0) await new Promise((resolve) => setImmediate(resolve));
        try {
          await gravarLote(this.database.db, this.#frota, batch);
          this.stats.batches++;
          this.stats.positions += batch.positions.length;
        } catch (error) {
          this.log.warn({ err: error }, 'frota: gravação de posições falhou');
        }
      }
    });
    this.#flushing = run.catch(() => undefined);
    return run;
  }

  /** Waits for what was received so far to be stored (tests, the bench). */
  async settle(): Promise<void> {
    this.#cancel(this.#flushTimer);
    this.#flushTimer = null;
    await this.#flush();
  }

  #sweepLoop() {
    this.#later(this.#options.sweepMs, async () => {
      if (!this.#lock) return;
      await this.sweep();
      this.#sweepLoop();
    });
  }

  /** The situations time alone moves (a silence passing its hours, an alarm its 24 h); new trackers get their row. */
  async sweep(now?: Date): Promise<number> {
    return this.database.db.transaction(async (tx) => {
      await ensureRows(tx);
      return refreshSituacao(tx, frotaSettings(await getCompany(tx)), undefined, now);
    });
  }
}
