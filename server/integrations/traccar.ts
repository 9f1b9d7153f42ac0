/**
 * Traccar's REST API, the calls of INTEGRATIONS.md section 1: `Authorization: Bearer <token>` on
 * `${server}/api`, errors as text/plain stack traces (400), empty 401s. Every PUT is a full
 * replace with the id in the body: objects are read, merged and sent whole.
 */
import { baseUrl, callApi, excerpt, IntegrationError } from './http';

export interface TraccarConfig {
  server: string;
  token: string;
  /** Every secret the company holds: cleaned out of Traccar's error texts (http.ts). */
  secrets?: readonly string[];
}

export interface TraccarDevice {
  id: number;
  name: string;
  uniqueId: string;
  phone?: string | null;
  [field: string]: unknown;
}

export interface TraccarUser {
  id: number;
  name?: string | null;
  email: string;
  login?: string | null;
  disabled?: boolean;
  [field: string]: unknown;
}

/** The server's root as typed ("http://host:8082", "http://host:8082/api/"): without /api. */
export const traccarRoot = (server: string) => baseUrl(server).replace(/\/api$/i, '');

/** The message of a Traccar 400 body: `Log.exceptionStack` ("message - Exception (frames)") or a Java stack trace. */
export function traccarReason(text: string): string {
  const first = text.split('\n')[0].trim();
  const message = first
    .replace(/ - [\w.$]*(Exception|Error)\b.*$/, '')
    .replace(/^[\w.$]*(Exception|Error): /, '')
    .trim();
  return message || first;
}

/** Traccar's error in our words; its own text (the exception's message) only as the log's detail. */
function readError(status: number, text: string) {
  if (status === 401) {
    return {
      code: 'unauthorized',
      message: 'Traccar recusou o token: confira se está correto e não expirou (gere outro no Traccar, em Preferências → Token).',
    };
  }
  if (status === 404) {
    return {
      code: 'not_found',
      message: 'Traccar não encontrado neste endereço: informe o servidor sem /api (ex.: http://servidor:8082).',
    };
  }
  const reason = traccarReason(text);
  const detail = excerpt(reason);
  if (status === 400) {
    const unique = /unique|duplicate/i.test(reason);
    if (unique && /uniqueid/i.test(reason))
      return { code: 'duplicate_device', message: 'Já existe outro dispositivo com este IMEI no Traccar.', detail };
    if (unique && /email|login/i.test(reason))
      return { code: 'duplicate_user', message: 'Já existe outro usuário com este login no Traccar.', detail };
    const unsupported = /^Command (\w+) is not supported in protocol ([\w.-]+)/i.exec(reason);
    if (unsupported) {
      return {
        code: 'unsupported_command',
        message: `O rastreador não aceita este comando (${unsupported[1]}, protocolo ${unsupported[2]}).`,
        detail,
      };
    }
    if (/access denied/i.test(reason)) {
      return {
        code: 'access_denied',
        message: 'O usuário do token não tem acesso a este registro no Traccar (ou ele foi removido).',
        detail,
      };
    }
    return { code: 'refused', message: 'Traccar recusou a operação: confira os dados do registro.', detail };
  }
  return {
    code: `http_${status}`,
    message: status >= 500 ? `O Traccar falhou (erro ${status}).` : `O Traccar recusou a requisição (erro ${status}).`,
    detail,
  };
}

/** The call's own token and every other secret the company holds. */
const secretsOf = (config: TraccarConfig) => [config.token, ...(config.secrets ?? [])];

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function call(config: TraccarConfig, method: Method, path: string, body?: unknown, timeoutMs?: number) {
  return callApi({
    service: 'Traccar',
    url: `${traccarRoot(config.server)}/api${path}`,
    method,
    headers: { Authorization: `Bearer ${config.token}` },
    body,
    timeoutMs,
    readError,
    secrets: secretsOf(config),
  });
}

const list = <T>(data: unknown): T[] => (Array.isArray(data) ? (data as T[]) : []);

/** The token's user (GET /api/session?token=): the connection test. A Bearer-only GET /api/session is a 404. */
export async function sessionUser(config: TraccarConfig): Promise<TraccarUser> {
  const { data } = await callApi({
    service: 'Traccar',
    url: `${traccarRoot(config.server)}/api/session?token=${encodeURIComponent(config.token)}`,
    readError,
    secrets: secretsOf(config),
  });
  const user = data as TraccarUser | null;
  if (!user || typeof user !== 'object' || typeof user.id !== 'number') {
    throw new IntegrationError(
      'Traccar',
      200,
      'bad_reply',
      'Traccar respondeu sem o usuário do token: confira o endereço do servidor.',
      false,
    );
  }
  return user;
}

// Devices -----------------------------------------------------------------------------------------

export async function findDeviceByUniqueId(config: TraccarConfig, uniqueId: string): Promise<TraccarDevice | undefined> {
  const { data } = await call(config, 'GET', `/devices?uniqueId=${encodeURIComponent(uniqueId)}`);
  return list<TraccarDevice>(data).find((device) => device.uniqueId === uniqueId);
}

export async function findDeviceById(config: TraccarConfig, id: number): Promise<TraccarDevice | undefined> {
  const { data } = await call(config, 'GET', `/devices?id=${id}`);
  return list<TraccarDevice>(data).find((device) => device.id === id);
}

/** The devices linked to a user (an administrator's token may ask for another user's). */
export async function devicesOfUser(config: TraccarConfig, userId: number): Promise<TraccarDevice[]> {
  const { data } = await call(config, 'GET', `/devices?userId=${userId}`);
  return list<TraccarDevice>(data);
}

export async function createDevice(
  config: TraccarConfig,
  fields: { name: string; uniqueId: string; phone?: string | null },
): Promise<TraccarDevice> {
  const { data } = await call(config, 'POST', '/devices', { attributes: {}, ...fields });
  return data as TraccarDevice;
}

/** GET, merge, PUT: the PUT replaces every column, and takes the id from the body. Unchanged: no call. */
export async function updateDevice(config: TraccarConfig, device: TraccarDevice, changes: Partial<TraccarDevice>): Promise<TraccarDevice> {
  const merged = { ...device, ...changes, id: device.id };
  if (Object.entries(changes).every(([key, value]) => device[key] === value)) return device;
  const { data } = await call(config, 'PUT', `/devices/${device.id}`, merged);
  return data as TraccarDevice;
}

export async function deleteDevice(config: TraccarConfig, id: number): Promise<void> {
  await call(config, 'DELETE', `/devices/${id}`);
}

// Users ---------------------------------------------------------------------------------------------

export async function listUsers(config: TraccarConfig): Promise<TraccarUser[]> {
  const { data } = await call(config, 'GET', '/users');
  return list<TraccarUser>(data);
}

/** A user by e-mail or login, case-insensitively (Traccar has no such filter: the list is searched). */
export async function findUser(config: TraccarConfig, account: string): Promise<TraccarUser | undefined> {
  const wanted = account.trim().toLowerCase();
  return (await listUsers(config)).find((user) => user.email?.toLowerCase() === wanted || user.login?.toLowerCase() === wanted);
}

export interface UserFields {
  name: string;
  email: string;
  password?: string;
  disabled: boolean;
}

export async function createUser(config: TraccarConfig, fields: UserFields): Promise<TraccarUser> {
  // A client sees and follows its vehicles; it does not edit devices nor manage users.
  const { data } = await call(config, 'POST', '/users', { ...fields, deviceReadonly: true, userLimit: 0, attributes: {} });
  return data as TraccarUser;
}

/** Full replace: the stored user merged with the changes (the password only when given). */
export async function updateUser(config: TraccarConfig, user: TraccarUser, fields: UserFields): Promise<TraccarUser> {
  const { data } = await call(config, 'PUT', `/users/${user.id}`, { ...user, ...fields, id: user.id });
  return data as TraccarUser;
}

export async function deleteUser(config: TraccarConfig, id: number): Promise<void> {
  await call(config, 'DELETE', `/users/${id}`);
}

// Permissions ---------------------------------------------------------------------------------------

export async function linkDevice(config: TraccarConfig, userId: number, deviceId: number): Promise<void> {
  await call(config, 'POST', '/permissions', { userId, deviceId });
}

export async function unlinkDevice(config: TraccarConfig, userId: number, deviceId: number): Promise<void> {
  await call(config, 'DELETE', '/permissions', { userId, deviceId });
}

// Commands ------------------------------------------------------------------------------------------

/** The command types the device's protocol supports. */
export async function commandTypes(config: TraccarConfig, deviceId: number): Promise<string[]> {
  const { data } = await call(config, 'GET', `/commands/types?deviceId=${deviceId}`);
  return list<{ type?: unknown }>(data)
    .map((item) => item?.type)
    .filter((type): type is string => typeof type === 'string');
}

/** 200: sent to the device now; 202: queued until the device reconnects. A refusal is a 400 (IntegrationError). */
export async function sendCommand(config: TraccarConfig, deviceId: number, type: string): Promise<{ queued: boolean }> {
  const { status } = await call(config, 'POST', '/commands/send', { deviceId, type, attributes: {} }, 15_000);
  return { queued: status === 202 };
}

// The fleet read back (INTEGRATIONS.md 1, "Reading the fleet back") ----------------------------------

/** Position (model/Position.java): speed in knots, dates ISO in UTC, attributes as the protocol sent them. */
export interface TraccarPosition {
  id: number;
  deviceId: number;
  serverTime?: string | null;
  deviceTime?: string | null;
  fixTime?: string | null;
  valid?: boolean | null;
  latitude?: number | null;
  longitude?: number | null;
  speed?: number | null;
  course?: number | null;
  address?: string | null;
  attributes?: Record<string, unknown> | null;
}

/** Event (model/Event.java): for type "alarm", attributes.alarm names it. */
export interface TraccarEvent {
  id: number;
  type: string;
  eventTime?: string | null;
  deviceId: number;
  positionId?: number | null;
  attributes?: Record<string, unknown> | null;
}

/** Every device the token's user may see (`all=true`: every device, for an administrator). */
export async function allDevices(config: TraccarConfig, timeoutMs?: number): Promise<TraccarDevice[]> {
  const { data } = await call(config, 'GET', '/devices?all=true', undefined, timeoutMs);
  return list<TraccarDevice>(data);
}

/** The latest position of every device the user sees: one call, never one per device. */
export async function latestPositions(config: TraccarConfig, timeoutMs?: number): Promise<TraccarPosition[]> {
  const { data } = await call(config, 'GET', '/positions', undefined, timeoutMs);
  return list<TraccarPosition>(data);
}

/** A device's positions of a period (keep it short: `report.maxPositions` is 50,000). */
export async function positionsOf(config: TraccarConfig, deviceId: number, from: Date, to: Date): Promise<TraccarPosition[]> {
  const query = new URLSearchParams({ deviceId: String(deviceId), from: from.toISOString(), to: to.toISOString() });
  const { data } = await call(config, 'GET', `/positions?${query}`, undefined, 20_000);
  return list<TraccarPosition>(data);
}

/** The events report (there is no list endpoint /api/events): a device's events of a period, of some types. */
export async function eventsReport(
  config: TraccarConfig,
  deviceId: number,
  from: Date,
  to: Date,
  types: readonly string[] = ['alarm'],
): Promise<TraccarEvent[]> {
  const query = new URLSearchParams({ deviceId: String(deviceId), from: from.toISOString(), to: to.toISOString() });
  for (const type of types) query.append('type', type);
  const { data } = await call(config, 'GET', `/reports/events?${query}`, undefined, 20_000);
  return list<TraccarEvent>(data);
}

/**
 * The events report of many devices at once (`deviceId` repeated): one call per 400 devices, so the
 * request line stays under Jetty's 8 KB header limit; never one call per device. Missed alarms are
 * read this way after the socket was down.
 */
export const EVENTS_DEVICES_PER_CALL = 400;
export async function eventsReportOf(
  config: TraccarConfig,
  deviceIds: readonly number[],
  from: Date,
  to: Date,
  types: readonly string[] = ['alarm'],
  timeoutMs = 30_000,
): Promise<TraccarEvent[]> {
  const events: TraccarEvent[] = [];
  for (let start = 0; start < deviceIds.length; start += EVENTS_DEVICES_PER_CALL) {
    const query = new URLSearchParams({ from: from.toISOString(), to: to.toISOString() });
    for (const id of deviceIds.slice(start, start + EVENTS_DEVICES_PER_CALL)) query.append('deviceId', String(id));
    for (const type of types) query.append('type', type);
    const { data } = await call(config, 'GET', `/reports/events?${query}`, undefined, timeoutMs);
    events.push(...list<TraccarEvent>(data));
  }
  return events;
}

/** `ws(s)://host/api/socket?token=` (query token: Traccar 6.2+). */
export function socketUrl(config: TraccarConfig): string {
  const root = new URL(traccarRoot(config.server));
  root.protocol = root.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${root.toString().replace(/\/$/, '')}/api/socket?token=${encodeURIComponent(config.token)}`;
}
