/**
 * A local Traccar (REST under /api) shaped like the real server: Bearer token on every route but
 * `GET /api/session?token=` and `POST /api/session` (a user signing in with e-mail and password), empty 401s, text/plain 400s in Traccar's own `Log.exceptionStack` form
 * ("message - ExceptionClass (File:line < File:line < ...)"), dates in ISO with "+00:00", speeds in knots.
 * See INTEGRATIONS.md, section 1, with the fleet's read back: the WebSocket `/api/socket?token=`
 * (refused at the upgrade without the right token; on open `{"positions":[latest...]}`, then pushes
 * of `positions`, `devices` and `events`, and `{}` keepalives), positions with attributes, and the
 * events report `GET /api/reports/events`.
 *
 * Control API (no auth, besides the common one in control.ts; /__fake/down also drops the sockets):
 *   GET  /__fake/state                 {devices, users, permissions, deviceBlocks, commands, queued, positions, events}
 *   GET  /__fake/permissions           {permissions (a multiset), deviceBlocks (PUTs that disabled or expired a device),
 *                                      calls (every link posted or deleted, in order)}
 *   POST /__fake/online/{deviceId}     {online: boolean}  -> the device
 *   POST /__fake/position/{deviceId}   partial Position   -> the position (pushed to the sockets)
 *   POST /__fake/alarm/{deviceId}      {alarm: "powerCut"} -> the alarm event (a position carrying it first)
 *   POST /__fake/socket/drop           closes every open socket (clients see it close)
 *   POST /__fake/socket                {enabled: boolean}: false refuses upgrades (503), as a proxy without WebSocket
 */
import { WebSocketServer, type WebSocket } from 'ws';
import { addCommonControl, controlBody } from './control';
import {
  asObject,
  dispatch,
  parseJson,
  Router,
  sendEmpty,
  sendJson,
  sendText,
  startFakeServer,
  type FakeRequest,
  type RequestLog,
} from './http';
import {
  accessDenied,
  badJson,
  DEFAULT_SUPPORTED_COMMANDS,
  DEFAULT_TRACCAR_TOKEN,
  newDevice,
  newUser,
  nullViolation,
  PROTOCOL,
  stack,
  traccarDate,
  uniqueViolation,
  type TraccarCommand,
  type TraccarCommandLog,
  type TraccarDevice,
  type TraccarEvent,
  type TraccarPosition,
  type TraccarUser,
} from './traccar-model';

export { DEFAULT_SUPPORTED_COMMANDS, DEFAULT_TRACCAR_TOKEN, traccarDate } from './traccar-model';
export type { TraccarCommand, TraccarCommandLog, TraccarDevice, TraccarEvent, TraccarPosition, TraccarUser } from './traccar-model';

export interface TraccarFake {
  /** `http://127.0.0.1:PORT`, without /api. */
  url: string;
  token: string;
  userId: number;
  devices: Map<number, TraccarDevice>;
  users: Map<number, TraccarUser>;
  /** The user–device links, a multiset as Traccar's tc_user_device (a pair posted twice is there twice). */
  permissions: { userId: number; deviceId: number }[];
  /** Every `PUT /api/devices/{id}` that set `disabled: true` or an `expirationTime`: must stay empty (INTEGRATIONS.md). */
  deviceBlocks: { deviceId: number; disabled: boolean; expirationTime: string | null }[];
  /** Every link posted or deleted (bulk too), in order: the calls a block made per device. */
  permissionCalls: { method: string; userId: number; deviceId: number }[];
  /** Position history per device, latest last. */
  positions: Map<number, TraccarPosition[]>;
  commands: TraccarCommandLog[];
  /** Commands waiting for their device to come online (delivered and removed by setOnline(id, true)). */
  queued: TraccarCommand[];
  requests: RequestLog[];
  setOnline(deviceId: number, online: boolean): TraccarDevice;
  setSupported(deviceId: number, types: string[]): void;
  /** A new position (pushed to the open sockets with the device's new lastUpdate). */
  setPosition(deviceId: number, position?: Partial<TraccarPosition>): TraccarPosition;
  /** An event (pushed to the open sockets); `alarm` adds a position carrying it first, as a device reports it. */
  pushEvent(deviceId: number, type: string, attributes?: Record<string, unknown>): TraccarEvent;
  alarm(deviceId: number, alarm: string): TraccarEvent;
  events: TraccarEvent[];
  /** Open WebSocket clients. */
  readonly sockets: number;
  /** Closes every open socket (code 1001). */
  dropSockets(): void;
  /** false: upgrades to /api/socket are refused (503), so clients must poll. */
  setSocketEnabled(enabled: boolean): void;
  /** Sends `{}` to every socket (the real server does it every 55 s). */
  keepalive(): void;
  stop(): Promise<void>;
  restart(): Promise<void>;
  setDelay(ms: number): void;
  /** Every API request answers `status` with the token it carried repeated in the text (0: off). */
  setEchoKey(status: number): void;
  close(): Promise<void>;
}

export async function startTraccarFake(opts: { port?: number; token?: string; userId?: number } = {}): Promise<TraccarFake> {
  const token = opts.token ?? DEFAULT_TRACCAR_TOKEN;
  const userId = opts.userId ?? 1;
  const devices = new Map<number, TraccarDevice>();
  const users = new Map<number, TraccarUser>();
  const passwords = new Map<number, string>();
  const permissions: { userId: number; deviceId: number }[] = [];
  const deviceBlocks: { deviceId: number; disabled: boolean; expirationTime: string | null }[] = [];
  const permissionCalls: { method: string; userId: number; deviceId: number }[] = [];
  const positions = new Map<number, TraccarPosition[]>();
  const supported = new Map<number, string[]>();
  const online = new Set<number>();
  const commands: TraccarCommandLog[] = [];
  const queued: TraccarCommand[] = [];
  const nextId = { device: 1, user: userId + 1, position: 1, command: 1, event: 1 };
  const events: TraccarEvent[] = [];
  const clients = new Set<WebSocket>();
  let socketEnabled = true;
  const wss = new WebSocketServer({ noServer: true });
  /** Pushes to every open socket, as AsyncSocket does for the user's devices. */
  const push = (message: Record<string, unknown>) => {
    const text = JSON.stringify(message);
    for (const client of clients) if (client.readyState === client.OPEN) client.send(text);
  };

  users.set(userId, newUser(userId, { name: 'admin', email: 'admin', administrator: true }));
  passwords.set(userId, 'admin');

  const linked = (user: number) => new Set(permissions.filter((p) => p.userId === user).map((p) => p.deviceId));
  const byName = (a: TraccarDevice, b: TraccarDevice) => a.name.localeCompare(b.name);
  const text400 = (res: Parameters<typeof sendText>[0], body: string) => sendText(res, 400, body);

  /** The JSON body as an object, or a 400 already sent. */
  function body(req: FakeRequest, res: Parameters<typeof sendText>[0]): Record<string, any> | undefined {
    const parsed = parseJson(req.rawBody);
    if (!parsed.ok) return void text400(res, badJson(parsed.error));
    const object = asObject(parsed.value);
    if (!object) text400(res, badJson('Cannot deserialize value from non-object'));
    return object;
  }

  function setPosition(deviceId: number, partial: Partial<TraccarPosition> = {}): TraccarPosition {
    const device = devices.get(deviceId);
    if (!device) throw new Error(`traccar fake: no device ${deviceId}`);
    const now = traccarDate();
    const position: TraccarPosition = {
      id: nextId.position++,
      deviceId,
      protocol: PROTOCOL,
      serverTime: now,
      deviceTime: now,
      fixTime: now,
      outdated: false,
      valid: true,
      latitude: -23.55052,
      longitude: -46.633309,
      altitude: 760,
      speed: 0,
      course: 0,
      address: null,
      accuracy: 0,
      network: null,
      geofenceIds: null,
      ...partial,
      attributes: { ignition: false, motion: false, ...partial.attributes },
    };
    positions.set(deviceId, [...(positions.get(deviceId) ?? []), position]);
    device.positionId = position.id;
    device.lastUpdate = position.serverTime;
    if (device.status !== 'online' && !partial.serverTime) device.status = 'online';
    push({ devices: [device] });
    push({ positions: [position] });
    return position;
  }

  function pushEvent(deviceId: number, type: string, attributes: Record<string, unknown> = {}): TraccarEvent {
    if (!devices.has(deviceId)) throw new Error(`traccar fake: no device ${deviceId}`);
    const last = positions.get(deviceId)?.at(-1);
    const event: TraccarEvent = {
      id: nextId.event++,
      type,
      eventTime: last?.fixTime ?? traccarDate(),
      deviceId,
      positionId: last?.id ?? 0,
      geofenceId: 0,
      maintenanceId: 0,
      attributes,
    };
    events.push(event);
    push({ events: [event] });
    return event;
  }

  function alarm(deviceId: number, kind: string): TraccarEvent {
    const last = positions.get(deviceId)?.at(-1);
    setPosition(deviceId, {
      ...(last ? { latitude: last.latitude, longitude: last.longitude } : {}),
      attributes: { ...(last?.attributes ?? {}), alarm: kind },
    });
    return pushEvent(deviceId, 'alarm', { alarm: kind });
  }

  const dropSockets = () => {
    for (const client of clients) client.close(1001, 'going away');
  };

  function setOnline(deviceId: number, isOnline: boolean): TraccarDevice {
    const device = devices.get(deviceId);
    if (!device) throw new Error(`traccar fake: no device ${deviceId}`);
    device.status = isOnline ? 'online' : 'offline';
    device.lastUpdate = traccarDate();
    if (isOnline) {
      online.add(deviceId);
      // Like the real server, queued commands go out when the device reconnects.
      for (let i = queued.length - 1; i >= 0; i--) if (queued[i].deviceId === deviceId) queued.splice(i, 1);
    } else online.delete(deviceId);
    return device;
  }

  /** DELETE of a device or a user: gone with its other `state` and its permissions (204); an unknown id is Traccar's 400. */
  function remove<T>(
    res: Parameters<typeof sendText>[0],
    id: number,
    items: Map<number, T>,
    kind: 'Device' | 'User',
    state: Map<number, unknown>,
    link: 'deviceId' | 'userId',
  ) {
    if (!items.delete(id)) return text400(res, accessDenied(kind));
    state.delete(id);
    for (let i = permissions.length - 1; i >= 0; i--) if (permissions[i][link] === id) permissions.splice(i, 1);
    sendEmpty(res, 204);
  }

  /** Links of user and device (other pairs are not modelled); a refusal's text, or null. */
  function addLinks(inputs: Record<string, unknown>[]): string | null {
    for (const input of inputs) {
      if (!users.has(Number(input.userId))) return accessDenied('User');
      if (!devices.has(Number(input.deviceId))) return accessDenied('Device');
    }
    for (const input of inputs) {
      permissions.push({ userId: Number(input.userId), deviceId: Number(input.deviceId) });
      permissionCalls.push({ method: 'POST', userId: Number(input.userId), deviceId: Number(input.deviceId) });
    }
    return null;
  }
  function removeLinks(inputs: Record<string, unknown>[]) {
    for (const input of inputs) permissionCalls.push({ method: 'DELETE', userId: Number(input.userId), deviceId: Number(input.deviceId) });
    for (const input of inputs)
      for (let i = permissions.length - 1; i >= 0; i--)
        if (permissions[i].userId === Number(input.userId) && permissions[i].deviceId === Number(input.deviceId)) permissions.splice(i, 1);
  }
  /** A bulk body: an array of links, all with the same keys (mixed keys: Traccar's 400). */
  function bulkBody(req: FakeRequest, res: Parameters<typeof sendText>[0]): Record<string, unknown>[] | null {
    const parsed = parseJson(req.rawBody);
    if (!parsed.ok || !Array.isArray(parsed.value)) {
      text400(res, badJson(parsed.ok ? 'Cannot deserialize value from non-array' : parsed.error));
      return null;
    }
    const links = parsed.value as unknown[];
    const keys = (o: unknown) =>
      Object.keys(asObject(o) ?? {})
        .sort()
        .join(',');
    if (links.some((link) => keys(link) !== keys(links[0]))) {
      text400(res, stack('Permission types mismatch', 'IllegalArgumentException', 'PermissionsResource:123 < ...'));
      return null;
    }
    return links.map((link) => asObject(link) ?? {});
  }

  const router = new Router()
    .on('GET', '/api/server', (_req, res) =>
      sendJson(res, 200, {
        id: 1,
        registration: false,
        readonly: false,
        deviceReadonly: false,
        limitCommands: false,
        version: '6.6',
        attributes: {},
      }),
    )
    .on('GET', '/api/session', (req, res) => {
      const given = req.query.get('token');
      if (given === null) return sendEmpty(res, 404);
      if (given !== token) return sendEmpty(res, 401);
      sendJson(res, 200, users.get(userId));
    })
    // Signing in as the tracking app does (form-encoded e-mail and password): the user, or an empty 401.
    .on('POST', '/api/session', (req, res) => {
      const form = new URLSearchParams(req.rawBody);
      const user = [...users.values()].find((u) => u.email.toLowerCase() === (form.get('email') ?? '').toLowerCase());
      if (!user || user.disabled || passwords.get(user.id) !== form.get('password')) return sendEmpty(res, 401);
      sendJson(res, 200, user);
    })
    .on('GET', '/api/devices', (req, res) => {
      const ids = req.query.getAll('id').map(Number);
      const uniqueIds = req.query.getAll('uniqueId');
      let list = [...devices.values()];
      if (ids.length || uniqueIds.length) list = list.filter((d) => ids.includes(d.id) || uniqueIds.includes(d.uniqueId));
      else if (req.query.get('all') !== 'true') {
        const visible = linked(Number(req.query.get('userId') ?? userId));
        list = list.filter((d) => visible.has(d.id));
      }
      sendJson(res, 200, list.sort(byName));
    })
    .on('POST', '/api/devices', (req, res) => {
      const input = body(req, res);
      if (!input) return;
      if (typeof input.name !== 'string') return text400(res, nullViolation('tc_devices', 'name'));
      if (typeof input.uniqueId !== 'string' || !input.uniqueId.trim()) return text400(res, nullViolation('tc_devices', 'uniqueid'));
      const uniqueId = input.uniqueId.trim();
      if ([...devices.values()].some((d) => d.uniqueId === uniqueId))
        return text400(res, uniqueViolation('tc_devices', 'uniqueid', uniqueId));
      const device = newDevice(nextId.device++, input);
      devices.set(device.id, device);
      permissions.push({ userId, deviceId: device.id }); // the creator is linked, as in Traccar
      sendJson(res, 200, device);
    })
    .on('PUT', '/api/devices/:id', (req, res) => {
      const input = body(req, res);
      if (!input) return;
      const old = devices.get(Number(input.id)); // the body's id, not the path's
      if (!old) return text400(res, accessDenied('Device'));
      if (typeof input.name !== 'string') return text400(res, nullViolation('tc_devices', 'name'));
      const uniqueId = String(input.uniqueId ?? '').trim();
      if (!uniqueId) return text400(res, nullViolation('tc_devices', 'uniqueid'));
      if ([...devices.values()].some((d) => d.uniqueId === uniqueId && d.id !== old.id))
        return text400(res, uniqueViolation('tc_devices', 'uniqueid', uniqueId));
      const device = newDevice(old.id, input, old);
      // INTEGRATIONS.md: a device is never blocked by `disabled` nor `expirationTime` (Traccar would drop its positions).
      if ((device.disabled && !old.disabled) || (device.expirationTime && device.expirationTime !== old.expirationTime))
        deviceBlocks.push({ deviceId: device.id, disabled: device.disabled, expirationTime: device.expirationTime ?? null });
      devices.set(device.id, device);
      sendJson(res, 200, device);
    })
    .on('DELETE', '/api/devices/:id', (req, res) => remove(res, Number(req.params.id), devices, 'Device', positions, 'deviceId'))
    .on('GET', '/api/users', (_req, res) => sendJson(res, 200, [...users.values()]))
    .on('POST', '/api/users', (req, res) => {
      const input = body(req, res);
      if (!input) return;
      if (typeof input.email !== 'string' || !input.email.trim()) return text400(res, nullViolation('tc_users', 'email'));
      const email = input.email.trim();
      if ([...users.values()].some((u) => u.email.toLowerCase() === email.toLowerCase()))
        return text400(res, uniqueViolation('tc_users', 'email', email));
      const user = newUser(nextId.user++, input);
      users.set(user.id, user);
      if (typeof input.password === 'string') passwords.set(user.id, input.password);
      sendJson(res, 200, user);
    })
    .on('PUT', '/api/users/:id', (req, res) => {
      const input = body(req, res);
      if (!input) return;
      const id = Number(input.id);
      if (!users.has(id)) return text400(res, accessDenied('User'));
      if (typeof input.email !== 'string' || !input.email.trim()) return text400(res, nullViolation('tc_users', 'email'));
      const email = input.email.trim();
      if ([...users.values()].some((u) => u.id !== id && u.email.toLowerCase() === email.toLowerCase()))
        return text400(res, uniqueViolation('tc_users', 'email', email));
      const user = newUser(id, input);
      users.set(id, user);
      if (typeof input.password === 'string' && input.password) passwords.set(id, input.password);
      sendJson(res, 200, user);
    })
    .on('DELETE', '/api/users/:id', (req, res) => remove(res, Number(req.params.id), users, 'User', passwords, 'userId'))
    // Permissions as INTEGRATIONS.md 4.1 "Per-device access": tc_user_device has no key, so a second
    // POST of a pair is a duplicate row (kept: `permissions` is a multiset); DELETE removes every
    // matching row (204 also when none); bulk takes an array of links with the same keys.
    .on('GET', '/api/permissions', (req, res) => {
      const pairs = [...req.query.entries()];
      const filter = Object.fromEntries(pairs.slice(0, 2).map(([k, v]) => [k, Number(v)]));
      if (filter.userId === undefined || filter.deviceId === undefined) return text400(res, accessDenied('User'));
      sendJson(
        res,
        200,
        permissions.filter((p) => p.userId === filter.userId && p.deviceId === filter.deviceId),
      );
    })
    .on('POST', '/api/permissions', (req, res) => {
      const input = body(req, res);
      if (!input) return;
      const refusal = addLinks([input]);
      if (refusal) return text400(res, refusal);
      sendEmpty(res, 204);
    })
    .on('DELETE', '/api/permissions', (req, res) => {
      const input = body(req, res);
      if (!input) return;
      removeLinks([input]);
      sendEmpty(res, 204);
    })
    .on('POST', '/api/permissions/bulk', (req, res) => {
      const links = bulkBody(req, res);
      if (!links) return;
      const refusal = addLinks(links);
      if (refusal) return text400(res, refusal);
      sendEmpty(res, 204);
    })
    .on('DELETE', '/api/permissions/bulk', (req, res) => {
      const links = bulkBody(req, res);
      if (!links) return;
      removeLinks(links);
      sendEmpty(res, 204);
    })
    .on('GET', '/api/positions', (req, res) => {
      const ids = req.query.getAll('id').map(Number);
      const all = [...positions.values()].flat();
      if (ids.length)
        return sendJson(
          res,
          200,
          all.filter((p) => ids.includes(p.id)),
        );
      const deviceId = req.query.get('deviceId');
      if (deviceId === null) {
        const visible = linked(userId);
        return sendJson(
          res,
          200,
          [...positions.entries()].filter(([id]) => visible.has(id)).map(([, list]) => list[list.length - 1]),
        );
      }
      const history = positions.get(Number(deviceId)) ?? [];
      const from = req.query.get('from');
      const to = req.query.get('to');
      if (from && to) {
        const [start, end] = [Date.parse(from), Date.parse(to)];
        return sendJson(
          res,
          200,
          history.filter((p) => Date.parse(p.fixTime) >= start && Date.parse(p.fixTime) <= end),
        );
      }
      sendJson(res, 200, history.slice(-1));
    })
    .on('GET', '/api/reports/events', (req, res) => {
      // ReportResource: from and to are required; the devices are deviceId (repeatable) and the
      // groups' (none here); type filters (repeatable, "allEvents" for all).
      const from = Date.parse(req.query.get('from') ?? '');
      const to = Date.parse(req.query.get('to') ?? '');
      if (!Number.isFinite(from) || !Number.isFinite(to))
        return text400(
          res,
          stack("Text '' could not be parsed at index 0", 'DateTimeParseException', 'DateParameterConverterProvider:50 < ...'),
        );
      const ids = req.query.getAll('deviceId').map(Number);
      if (ids.some((id) => !devices.has(id))) return text400(res, accessDenied('Device'));
      const types = req.query.getAll('type').filter((type) => type !== 'allEvents');
      sendJson(
        res,
        200,
        events.filter((event) => {
          const at = Date.parse(event.eventTime);
          return ids.includes(event.deviceId) && at >= from && at <= to && (!types.length || types.includes(event.type));
        }),
      );
    })
    .on('GET', '/api/commands/types', (req, res) => {
      const deviceId = Number(req.query.get('deviceId'));
      if (req.query.has('deviceId') && !devices.has(deviceId)) return text400(res, accessDenied('Device'));
      sendJson(
        res,
        200,
        (supported.get(deviceId) ?? DEFAULT_SUPPORTED_COMMANDS).map((type) => ({ type })),
      );
    })
    .on('POST', '/api/commands/send', (req, res) => {
      const input = body(req, res);
      if (!input) return;
      const deviceId = Number(input.deviceId);
      const type = String(input.type ?? '');
      const attributes = asObject(input.attributes) ?? {};
      const log = (status: TraccarCommandLog['status']) => commands.push({ deviceId, type, attributes, status, at: traccarDate() });
      if (!devices.has(deviceId)) {
        log(400);
        return text400(res, accessDenied('Device'));
      }
      // The real server checks support only when the device is online (offline commands are queued
      // blindly); the fake refuses in both cases so the app's "not supported" path is easy to reach.
      if (!(supported.get(deviceId) ?? DEFAULT_SUPPORTED_COMMANDS).includes(type)) {
        log(400);
        return text400(
          res,
          stack(
            `Command ${type} is not supported in protocol ${PROTOCOL}`,
            'IllegalArgumentException',
            'BaseProtocol:135 < CommandsManager:112 < CommandResource:148 < ...',
          ),
        );
      }
      const command: TraccarCommand = { id: 0, deviceId, type, textChannel: input.textChannel === true, attributes };
      if (online.has(deviceId)) {
        log(200);
        return sendJson(res, 200, command);
      }
      const queuedCommand = { ...command, id: nextId.command++, textChannel: false };
      queued.push(queuedCommand);
      log(202);
      sendJson(res, 202, queuedCommand);
    });

  const api = dispatch(router, (_req, res) => sendEmpty(res, 404));
  const server = await startFakeServer(
    (req, res) => {
      if (req.path.startsWith('/api/') && req.path !== '/api/session' && req.path !== '/api/server') {
        const [scheme, given] = (req.headers.authorization ?? '').split(' ');
        if (scheme?.toLowerCase() !== 'bearer' || given !== token) return sendEmpty(res, 401);
      }
      return api(req, res);
    },
    opts.port,
    (req, res, status) => {
      const given = req.query.get('token') ?? (req.headers.authorization ?? '').replace(/^bearer /i, '');
      sendText(res, status, stack(`Token ${given} rejected for ${req.path}`, 'SecurityException', 'SecurityRequestFilter:120 < ...'));
    },
    (req, socket, head) => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const refuse = (status: number, text: string) => {
        socket.end(`HTTP/1.1 ${status} ${text}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
      };
      if (url.pathname !== '/api/socket') return refuse(404, 'Not Found');
      if (!socketEnabled) return refuse(503, 'Service Unavailable');
      // The query token (Traccar 6.2+) or a Bearer header; anything else is refused at the upgrade.
      const given = url.searchParams.get('token') ?? (req.headers.authorization ?? '').replace(/^bearer /i, '');
      if (given !== token) return refuse(401, 'Unauthorized');
      wss.handleUpgrade(req, socket, head, (client) => {
        clients.add(client);
        client.on('close', () => clients.delete(client));
        client.on('error', () => clients.delete(client));
        // AsyncSocket sends the latest position of every device the user sees on open.
        const visible = linked(userId);
        const latest = [...positions.entries()].filter(([id]) => visible.has(id)).map(([, list]) => list[list.length - 1]);
        client.send(JSON.stringify({ positions: latest }));
      });
    },
  );
  const keepalive = () => push({});
  const keepaliveTimer = setInterval(keepalive, 55_000).unref();

  // Before the common levers: this "down" also drops the open sockets (a server that is down keeps none).
  router.on('POST', '/__fake/down', (req, res) => {
    const seconds = Number(controlBody(req).seconds);
    server.setDown(Number.isFinite(seconds) && seconds > 0 ? seconds : Number.POSITIVE_INFINITY);
    dropSockets();
    sendJson(res, 200, { down: true, seconds: Number.isFinite(seconds) && seconds > 0 ? seconds : null });
  });
  addCommonControl(router, server);
  router
    .on('GET', '/__fake/permissions', (_req, res) => sendJson(res, 200, { permissions, deviceBlocks, calls: permissionCalls }))
    .on('GET', '/__fake/state', (_req, res) =>
      sendJson(res, 200, {
        devices: [...devices.values()],
        users: [...users.values()],
        permissions,
        deviceBlocks,
        commands,
        queued,
        positions: Object.fromEntries(positions),
        events,
      }),
    )
    .on('POST', '/__fake/alarm/:deviceId', (req, res) => {
      if (!devices.has(Number(req.params.deviceId))) return sendJson(res, 404, { error: 'no such device' });
      sendJson(res, 200, alarm(Number(req.params.deviceId), String(controlBody(req).alarm ?? 'powerCut')));
    })
    .on('POST', '/__fake/socket/drop', (_req, res) => {
      dropSockets();
      sendJson(res, 200, { dropped: true });
    })
    .on('POST', '/__fake/socket', (req, res) => {
      socketEnabled = controlBody(req).enabled !== false;
      if (!socketEnabled) dropSockets();
      sendJson(res, 200, { enabled: socketEnabled });
    })
    .on('POST', '/__fake/online/:deviceId', (req, res) => {
      if (!devices.has(Number(req.params.deviceId))) return sendJson(res, 404, { error: 'no such device' });
      sendJson(res, 200, setOnline(Number(req.params.deviceId), controlBody(req).online !== false));
    })
    .on('POST', '/__fake/position/:deviceId', (req, res) => {
      if (!devices.has(Number(req.params.deviceId))) return sendJson(res, 404, { error: 'no such device' });
      sendJson(res, 200, setPosition(Number(req.params.deviceId), controlBody(req)));
    });

  return {
    url: server.origin,
    token,
    userId,
    devices,
    users,
    permissions,
    deviceBlocks,
    permissionCalls,
    positions,
    commands,
    queued,
    requests: server.requests,
    setOnline,
    setSupported: (deviceId, types) => void supported.set(deviceId, [...types]),
    setPosition,
    pushEvent,
    alarm,
    events,
    get sockets() {
      return clients.size;
    },
    dropSockets,
    setSocketEnabled(enabled) {
      socketEnabled = enabled;
      if (!enabled) dropSockets();
    },
    keepalive,
    async stop() {
      dropSockets();
      await server.stop();
    },
    restart: server.restart,
    setDelay: server.setDelay,
    setEchoKey: server.setEchoKey,
    async close() {
      clearInterval(keepaliveTimer);
      dropSockets();
      wss.close();
      await server.close();
    },
  };
}
