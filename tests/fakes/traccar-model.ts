/**
 * The Traccar fake's records (Jackson field names of the model classes, INTEGRATIONS.md section 1) and
 * its 400 bodies: text/plain in Traccar's own `Log.exceptionStack` form, one line,
 * "message - ExceptionClass (File:line < File:line < ...)", never JSON.
 */
import { asObject } from './http';

export interface TraccarDevice {
  id: number;
  name: string;
  uniqueId: string;
  status: 'online' | 'offline' | 'unknown';
  disabled: boolean;
  lastUpdate: string | null;
  positionId: number;
  groupId: number;
  calendarId: number;
  phone: string | null;
  model: string | null;
  contact: string | null;
  category: string | null;
  expirationTime: string | null;
  attributes: Record<string, unknown>;
}

export interface TraccarUser {
  id: number;
  name: string | null;
  login: string | null;
  email: string;
  phone: string | null;
  readonly: boolean;
  administrator: boolean;
  map: string | null;
  latitude: number;
  longitude: number;
  zoom: number;
  coordinateFormat: string | null;
  disabled: boolean;
  expirationTime: string | null;
  deviceLimit: number;
  userLimit: number;
  deviceReadonly: boolean;
  limitCommands: boolean;
  disableReports: boolean;
  fixedEmail: boolean;
  poiLayer: string | null;
  totpKey: string | null;
  temporary: boolean;
  attributes: Record<string, unknown>;
}

export interface TraccarPosition {
  id: number;
  deviceId: number;
  protocol: string;
  serverTime: string;
  deviceTime: string;
  fixTime: string;
  outdated: boolean;
  valid: boolean;
  latitude: number;
  longitude: number;
  altitude: number;
  /** Knots. */
  speed: number;
  course: number;
  address: string | null;
  accuracy: number;
  network: unknown;
  geofenceIds: number[] | null;
  attributes: Record<string, unknown>;
}

/** model/Event.java: for type "alarm", attributes.alarm is powerCut, lowPower, lowBattery, sos, tampering, removing, gpsAntennaCut, jamming… */
export interface TraccarEvent {
  id: number;
  type: string;
  eventTime: string;
  deviceId: number;
  positionId: number;
  geofenceId: number;
  maintenanceId: number;
  attributes: Record<string, unknown>;
}

export interface TraccarCommand {
  id: number;
  deviceId: number;
  type: string;
  textChannel: boolean;
  attributes: Record<string, unknown>;
}

export interface TraccarCommandLog {
  deviceId: number;
  type: string;
  attributes: Record<string, unknown>;
  /** 200 sent live, 202 queued, 400 refused. */
  status: 200 | 202 | 400;
  at: string;
}

export const DEFAULT_TRACCAR_TOKEN = 'RzBFAiEA0fakeTraccarToken_8nQ2vLkWcX5yZ0aB1cD2eF3gH4iJ5kL6mN7oP';
export const DEFAULT_SUPPORTED_COMMANDS = ['engineStop', 'engineResume', 'positionSingle', 'custom'];
export const PROTOCOL = 'gt06';

export const traccarDate = (date = new Date()) => date.toISOString().replace('Z', '+00:00');

/** Traccar's 400 body: `Log.exceptionStack` of the root cause, one line, never JSON. */
export function stack(message: string, exception: string, frames: string): string {
  return `${message} - ${exception} (${frames})`;
}
export const uniqueViolation = (table: string, column: string, value: string) =>
  stack(
    `Unique index or primary key violation: "PUBLIC.IDX_${table.slice(3).toUpperCase()}_${column.toUpperCase()} ON PUBLIC.${table.toUpperCase()}(${column.toUpperCase()} NULLS FIRST) VALUES ( /* 1 */ '${value}' )"; SQL statement:\nINSERT INTO ${table} (${column}) VALUES (?) [23505-224]`,
    'JdbcSQLIntegrityConstraintViolationException',
    '... < QueryBuilder:480 < DatabaseStorage:84 < BaseObjectResource:96 < ...',
  );
export const nullViolation = (table: string, column: string) =>
  stack(
    `NULL not allowed for column "${column.toUpperCase()}"; SQL statement:\nINSERT INTO ${table} (${column}) VALUES (?) [23502-224]`,
    'JdbcSQLIntegrityConstraintViolationException',
    '... < QueryBuilder:480 < DatabaseStorage:84 < BaseObjectResource:96 < ...',
  );
export const accessDenied = (what: 'Device' | 'User') =>
  stack(`${what} access denied`, 'SecurityException', 'PermissionsService:164 < BaseObjectResource:120 < ...');
export const badJson = (error: string) => stack(error, 'JsonParseException', '... < ObjectMapper:3829 < ...');

export function newDevice(id: number, body: Record<string, any>, keep?: TraccarDevice): TraccarDevice {
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    id,
    name: String(body.name),
    uniqueId: String(body.uniqueId).trim(),
    status: keep?.status ?? 'offline',
    disabled: body.disabled === true,
    lastUpdate: keep?.lastUpdate ?? null,
    positionId: keep?.positionId ?? 0,
    groupId: Number(body.groupId) || 0,
    calendarId: Number(body.calendarId) || 0,
    phone: text(body.phone),
    model: text(body.model),
    contact: text(body.contact),
    category: text(body.category),
    expirationTime: text(body.expirationTime),
    attributes: asObject(body.attributes) ?? {},
  };
}

export function newUser(id: number, body: Record<string, any>): TraccarUser {
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    id,
    name: text(body.name),
    login: text(body.login),
    email: String(body.email).trim(),
    phone: text(body.phone),
    readonly: body.readonly === true,
    administrator: body.administrator === true,
    map: text(body.map),
    latitude: Number(body.latitude) || 0,
    longitude: Number(body.longitude) || 0,
    zoom: Number(body.zoom) || 0,
    coordinateFormat: text(body.coordinateFormat),
    disabled: body.disabled === true,
    expirationTime: text(body.expirationTime),
    deviceLimit: typeof body.deviceLimit === 'number' ? body.deviceLimit : -1,
    userLimit: typeof body.userLimit === 'number' ? body.userLimit : 0,
    deviceReadonly: body.deviceReadonly === true,
    limitCommands: body.limitCommands === true,
    disableReports: body.disableReports === true,
    fixedEmail: body.fixedEmail === true,
    poiLayer: text(body.poiLayer),
    totpKey: null,
    temporary: body.temporary === true,
    attributes: asObject(body.attributes) ?? {},
  };
}
