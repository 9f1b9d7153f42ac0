/**
 * The little HTTP machinery the three fakes share, on node:http alone: a router on method + path
 * pattern, JSON/text replies, a request log, and the levers tests pull on a service (slow, down).
 * The query string is kept raw (URLSearchParams), so Asaas' `dueDate[ge]` stays one key.
 */
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** Bodies above this are refused with 413: no fake needs more, and a runaway client cannot fill the memory. */
export const MAX_BODY_BYTES = 1_000_000;

export interface FakeRequest {
  method: string;
  /** Path without the query, as sent (percent-encoded). */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** Path parameters of the matched route, decoded. */
  params: Record<string, string>;
}

export type Handler = (req: FakeRequest, res: ServerResponse) => void | Promise<void>;

export interface RequestLog {
  method: string;
  path: string;
  /** 0 when the connection was cut without an answer (service down). */
  status: number;
}

/** `{ ok: true, value }` or `{ ok: false, error }`: an empty body parses to undefined. */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}

/** The body as a plain object, or undefined when it is anything else. */
export function asObject(value: unknown): Record<string, any> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, any>) : undefined;
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  if (res.writableEnded || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

export function sendText(res: ServerResponse, status: number, text: string, type = 'text/plain; charset=utf-8'): void {
  if (res.writableEnded || res.destroyed) return;
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

export function sendEmpty(res: ServerResponse, status: number): void {
  if (res.writableEnded || res.destroyed) return;
  res.writeHead(status, { 'content-length': 0 });
  res.end();
}

class BodyTooLarge extends Error {}

function readBody(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        reject(new BodyTooLarge());
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Routes on method + pattern; `:name` matches one path segment. */
export class Router {
  private readonly routes: { method: string; parts: string[]; handler: Handler }[] = [];

  on(method: string, pattern: string, handler: Handler): this {
    this.routes.push({ method, parts: pattern.split('/'), handler });
    return this;
  }

  match(method: string, path: string): { handler: Handler; params: Record<string, string> } | undefined {
    const parts = path.split('/');
    for (const route of this.routes) {
      if (route.method !== method || route.parts.length !== parts.length) continue;
      const params: Record<string, string> = {};
      const same = route.parts.every((part, i) => {
        if (!part.startsWith(':')) return part === parts[i];
        if (parts[i] === '') return false;
        try {
          params[part.slice(1)] = decodeURIComponent(parts[i]);
          return true;
        } catch {
          return false;
        }
      });
      if (same) return { handler: route.handler, params };
    }
    return undefined;
  }
}

/** The longest delay setTimeout honours; a longer one fires at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface FakeServer {
  /** `http://127.0.0.1:PORT`, stable across stop/restart. */
  readonly origin: string;
  readonly port: number;
  readonly requests: RequestLog[];
  /** Stops listening and cuts open connections (clients get ECONNREFUSED); state stays in memory. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  restart(): Promise<void>;
  /** Every answer outside `/__fake/` waits this long. */
  setDelay(ms: number): void;
  /**
   * Cuts every request outside `/__fake/` without an answer (socket destroyed) for `seconds`, or until
   * `setDown(0)`; `Infinity` (or any span longer than a timer can wait) means until `setDown(0)`. Unlike stop(), the port stays open, so the control API that shares it keeps working.
   */
  setDown(seconds: number): void;
  readonly isDown: boolean;
  /**
   * Every request outside `/__fake/` gets an error of this status whose text repeats the key the
   * request carried (as some services do), in the service's own error shape; 0 turns it off.
   */
  setEchoKey(status: number): void;
  close(): Promise<void>;
}

/** Answers `status` with the request's key repeated in the service's error shape (the echo-key lever). */
export type EchoKeyHandler = (req: FakeRequest, res: ServerResponse, status: number) => void;

/** A WebSocket upgrade on the fake's port (the fake Traccar's /api/socket). */
export type UpgradeHandler = (req: IncomingMessage, socket: Socket, head: Buffer) => void;

export async function startFakeServer(handle: Handler, port = 0, echoKey?: EchoKeyHandler, upgrade?: UpgradeHandler): Promise<FakeServer> {
  const sockets = new Set<Socket>();
  const requests: RequestLog[] = [];
  let delay = 0;
  let echoStatus = 0;
  let downUntil = 0;
  let downTimer: NodeJS.Timeout | undefined;

  const server = http.createServer((req, res) => {
    const [path, rawQuery = ''] = (req.url ?? '/').split(/\?(.*)/s);
    const method = req.method ?? 'GET';
    const control = path.startsWith('/__fake/') || path === '/__fake';
    // Checked per request, so kept-alive connections are cut too.
    if (!control && Date.now() < downUntil) {
      requests.push({ method, path, status: 0 });
      req.socket.destroy();
      return;
    }
    res.on('finish', () => requests.push({ method, path, status: res.statusCode }));
    void (async () => {
      try {
        const rawBody = await readBody(req, MAX_BODY_BYTES);
        if (delay > 0 && !control) await new Promise((resolve) => setTimeout(resolve, delay));
        if (res.destroyed) return;
        const request = { method, path, query: new URLSearchParams(rawQuery), headers: req.headers, rawBody, params: {} };
        if (echoStatus && echoKey && !control) return echoKey(request, res, echoStatus);
        await handle(request, res);
      } catch (error) {
        if (error instanceof BodyTooLarge) {
          res.setHeader('connection', 'close');
          sendText(res, 413, 'Payload Too Large');
        } else sendText(res, 500, `fake: ${(error as Error).stack ?? String(error)}`);
      }
    })();
  });
  server.on('upgrade', (req, socket: Socket, head: Buffer) => {
    // "Down" cuts upgrades too; without a handler there is no socket to open.
    if (!upgrade || Date.now() < downUntil) return void socket.destroy();
    upgrade(req, socket, head);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  const listen = (on: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(on, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as AddressInfo).port);
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });

  const actualPort = await listen(port);
  return {
    origin: `http://127.0.0.1:${actualPort}`,
    port: actualPort,
    requests,
    stop,
    async restart() {
      if (!server.listening) await listen(actualPort);
    },
    setDelay(ms) {
      delay = Math.max(0, ms);
    },
    setDown(seconds) {
      clearTimeout(downTimer);
      downTimer = undefined;
      if (!(seconds > 0)) return void (downUntil = 0);
      // Down for good (Infinity, or longer than a timer can wait: setTimeout fires at once past 2^31-1 ms)
      // needs no timer: `isDown` compares with the clock, and `setDown(0)` ends it.
      if (!Number.isFinite(seconds) || seconds * 1000 > MAX_TIMER_MS) return void (downUntil = Number.POSITIVE_INFINITY);
      downUntil = Date.now() + seconds * 1000;
      downTimer = setTimeout(() => (downUntil = 0), seconds * 1000).unref();
    },
    setEchoKey(status) {
      echoStatus = status;
    },
    get isDown() {
      return Date.now() < downUntil;
    },
    async close() {
      clearTimeout(downTimer);
      await stop();
    },
  };
}

/** Routes the request, or answers with the fake's own "not found". */
export function dispatch(router: Router, notFound: Handler): Handler {
  return (req, res) => {
    const found = router.match(req.method, req.path);
    if (!found) return notFound(req, res);
    return found.handler({ ...req, params: found.params }, res);
  };
}
