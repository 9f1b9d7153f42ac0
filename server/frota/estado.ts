/**
 * The fleet's table (DESIGN 10, "Fleet"): each tracker's last state read back from Traccar, kept in
 * `frota_estado` by batched statements (one per kind and batch, never one per device), its
 * alarms in `frota_alarmes`, and `situacao` by one rule written once in SQL (`situacaoSql`), which
 * the feed applies to the rows it writes and the sweep to the rows time alone moves.
 */
import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_FROTA } from '../../domain/schemas/company';
import { rowsOf, type DbOrTx } from '../db/client';
import type { TraccarDevice, TraccarEvent, TraccarPosition } from '../integrations/traccar';
import type { CompanySettings } from '../regras/company';

export const SITUACOES = ['comunicando', 'silencioso', 'alimentacao', 'sem_gps', 'nunca'] as const;
export type Situacao = (typeof SITUACOES)[number];

/** The alarms kept from Traccar's events (attributes.alarm of an `alarm` event or of a position). */
export const ALARMES = ['powerCut', 'lowPower', 'lowBattery', 'sos', 'tampering', 'removing', 'gpsAntennaCut', 'jamming'] as const;
/** The alarms that make a tracker `alimentacao` for 24 h. */
export const ALARMES_ALIMENTACAO = ['powerCut', 'lowPower', 'lowBattery'] as const;

export interface FrotaSettings {
  horasSilencio: number;
  minutosGps: number;
}

export function frotaSettings(company: Pick<CompanySettings, 'integrations'>): FrotaSettings {
  const stored = (company.integrations as { frota?: Partial<FrotaSettings> }).frota ?? {};
  const positive = (value: unknown, fallback: number) => (Number.isInteger(value) && Number(value) > 0 ? Number(value) : fallback);
  return {
    horasSilencio: positive(stored.horasSilencio, DEFAULT_FROTA.horasSilencio),
    minutosGps: positive(stored.minutosGps, DEFAULT_FROTA.minutosGps),
  };
}

/**
 * A tracker's situation, the first that applies (DESIGN 10), over `e` (frota_estado) and `t`
 * (trackres, for its nominal system):
 * 1. nunca: no report ever (no device lastUpdate and no position);
 * 2. alimentacao: a powerCut, lowPower or lowBattery alarm in the last 24 h, or a main voltage below
 *    its system's floor (12 V below 11.5 V, 24 V below 23 V); no voltage, no judgement. The system is
 *    tensaoNominal, or 24 V once a reading above 18 V was seen, else 12 V;
 * 3. silencioso: no report for horasSilencio hours;
 * 4. sem_gps: reports, but no position, an invalid one, or a fix older than the report by more than minutosGps;
 * 5. comunicando.
 */
export function situacaoSql(settings: FrotaSettings, now: SQL = sql`now()`): SQL {
  const r = regras(settings, now);
  return sql`(CASE
    WHEN ${r.ultima} IS NULL THEN 'nunca'
    WHEN ${r.alarme} OR ${r.tensaoBaixa} THEN 'alimentacao'
    WHEN ${r.silencio} THEN 'silencioso'
    WHEN ${r.gpsInvalido} OR ${r.gpsAtrasado} THEN 'sem_gps'
    ELSE 'comunicando'
  END)`;
}

/** The pieces of the rule above, each written once, so the situation and its reason never disagree. */
function regras(settings: FrotaSettings, now: SQL) {
  const ultima = sql`GREATEST(e.last_update, e.server_time)`;
  const sistema = sql`COALESCE(t.tensao_nominal, CASE WHEN e.tensao_maxima > 18 THEN 24 ELSE 12 END)`;
  const piso = sql`(CASE WHEN ${sistema} = 24 THEN 23 ELSE 11.5 END)`;
  return {
    ultima,
    sistema,
    piso,
    alarme: sql`(e.alimentacao_em > ${now} - interval '24 hours')`,
    tensaoBaixa: sql`(e.tensao IS NOT NULL AND e.tensao < ${piso})`,
    silencio: sql`(${ultima} < ${now} - make_interval(hours => ${settings.horasSilencio}::int))`,
    gpsInvalido: sql`(e.valid IS NOT TRUE)`,
    gpsAtrasado: sql`(e.server_time - e.fix_time > make_interval(mins => ${settings.minutosGps}::int))`,
  };
}

/**
 * Why the rule gives what it gives (the facts of each step, `MotivoFatos` of domain/frota.ts, which
 * words them): the last power alarm of the last 24 h, the voltage against its system's floor, the
 * silence against horasSilencio, the fix against minutosGps.
 */
export function motivoSql(settings: FrotaSettings, now: SQL = sql`now()`): SQL {
  const r = regras(settings, now);
  return sql`json_build_object(
    'alarme', CASE WHEN ${r.alarme} THEN (SELECT a.tipo FROM frota_alarmes a WHERE a.idrastreador = t.id
      AND a.tipo IN (${sql.join(
        ALARMES_ALIMENTACAO.map((a) => sql`${a}::text`),
        sql`, `,
      )}) ORDER BY a.em DESC LIMIT 1) END,
    'alarmeEm', CASE WHEN ${r.alarme} THEN e.alimentacao_em END,
    'tensaoBaixa', COALESCE(${r.tensaoBaixa}, false),
    'tensao', e.tensao,
    'sistema', ${r.sistema},
    'piso', ${r.piso},
    'horasSilencio', ${settings.horasSilencio}::int,
    'gpsInvalido', COALESCE(${r.gpsInvalido}, false),
    'atrasoGpsMin', floor(EXTRACT(EPOCH FROM (e.server_time - e.fix_time)) / 60)::int,
    'minutosGps', ${settings.minutosGps}::int)`;
}

/** Recomputes the situation of the given trackers (all when undefined); returns how many changed. */
export async function refreshSituacao(db: DbOrTx, settings: FrotaSettings, ids?: number[], now?: Date): Promise<number> {
  if (ids && !ids.length) return 0;
  const rule = situacaoSql(settings, now ? sql`${now.toISOString()}::timestamptz` : undefined);
  const result = await db.execute(sql`
    UPDATE frota_estado e SET situacao = ${rule}
    FROM trackres t
    WHERE t.id = e.idrastreador
      ${ids ? sql`AND e.idrastreador = ANY(${`{${ids.join(',')}}`}::int[])` : sql``}
      AND e.situacao IS DISTINCT FROM ${rule}
    RETURNING e.idrastreador`);
  return rowsOf(result).length;
}

/** Every tracker gets its row (a new one is `nunca` until it reports). */
export async function ensureRows(db: DbOrTx): Promise<void> {
  await db.execute(sql`
    INSERT INTO frota_estado (idrastreador)
    SELECT t.id FROM trackres t WHERE NOT EXISTS (SELECT 1 FROM frota_estado e WHERE e.idrastreador = t.id)
    ON CONFLICT DO NOTHING`);
}

const num = (value: unknown): number | null => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};
const date = (value: unknown): string | null => {
  if (typeof value !== 'string' || !value) return null;
  const time = Date.parse(value);
  return Number.isFinite(time) ? new Date(time).toISOString() : null;
};

/**
 * Volts from a reading: some units report millivolts (12600 for 12.6 V). Anything above 100 is
 * taken as mV; nothing, or something not a number, is null (the unit is not judged on it).
 */
export function volts(value: unknown): number | null {
  const reading = num(value);
  if (reading === null || reading < 0) return null;
  const v = reading > 100 ? reading / 1000 : reading;
  return Math.round(v * 100) / 100;
}

/** The alarms a position or an event names (`attributes.alarm` may list several, comma-separated), kept ones only. */
export function alarmsIn(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  return value
    .split(',')
    .map((alarm) => alarm.trim())
    .filter((alarm): alarm is string => (ALARMES as readonly string[]).includes(alarm));
}

const KNOT_KMH = 1.852;

/** A position as the row's columns: km/h, volts, satellites, ignition. */
export function positionRow(position: TraccarPosition) {
  const attributes = position.attributes ?? {};
  const ignition = attributes.ignition;
  const sat = num(attributes.sat);
  const speed = num(position.speed);
  // `power` is the main supply (V, or mV on some units); a unit without it is not judged on voltage.
  return {
    device_id: position.deviceId,
    position_id: num(position.id),
    server_time: date(position.serverTime),
    fix_time: date(position.fixTime),
    valid: typeof position.valid === 'boolean' ? position.valid : null,
    latitude: num(position.latitude),
    longitude: num(position.longitude),
    velocidade: speed === null ? null : Math.round(speed * KNOT_KMH * 10) / 10,
    curso: num(position.course),
    ignicao: typeof ignition === 'boolean' ? ignition : null,
    tensao: volts(attributes.power),
    // The unit's own battery as a level in % (batteryLevel; GT06/J16 units send only this and `charge`).
    bateria: num(attributes.batteryLevel),
    satelites: sat === null ? null : Math.max(0, Math.min(99, Math.round(sat))),
    endereco: typeof position.address === 'string' ? position.address.slice(0, 300) : '',
  };
}

export interface AlarmInput {
  deviceId: number;
  eventId: number | null;
  tipo: string;
  em: string;
  latitude: number | null;
  longitude: number | null;
}

/** The alarms of a batch, once each: an event and the position that caused it name the same one. */
export function dedupeAlarms(alarms: AlarmInput[]): AlarmInput[] {
  const kept: AlarmInput[] = [];
  // Events first, so the one with Traccar's event id is the one kept.
  for (const alarm of [...alarms].sort((a, b) => Number(b.eventId !== null) - Number(a.eventId !== null))) {
    const at = Date.parse(alarm.em);
    const twin = kept.find((k) => k.deviceId === alarm.deviceId && k.tipo === alarm.tipo && Math.abs(Date.parse(k.em) - at) <= 120_000);
    if (!twin) kept.push(alarm);
  }
  return kept;
}

export function alarmsOfPosition(position: TraccarPosition): AlarmInput[] {
  const em = date(position.fixTime) ?? date(position.serverTime);
  if (!em) return [];
  return alarmsIn(position.attributes?.alarm).map((tipo) => ({
    deviceId: position.deviceId,
    eventId: null,
    tipo,
    em,
    latitude: num(position.latitude),
    longitude: num(position.longitude),
  }));
}

export function alarmsOfEvent(event: TraccarEvent): AlarmInput[] {
  if (event.type !== 'alarm') return [];
  const em = date(event.eventTime) ?? new Date().toISOString();
  return alarmsIn(event.attributes?.alarm).map((tipo) => ({
    deviceId: event.deviceId,
    eventId: num(event.id),
    tipo,
    em,
    latitude: null,
    longitude: null,
  }));
}

const json = (value: unknown) => JSON.stringify(value);

/**
 * Traccar's devices onto the trackers (by IMEI = uniqueId): Traccar's id, status and lastUpdate.
 * Returns the trackers touched.
 */
export async function applyDevices(db: DbOrTx, devices: TraccarDevice[]): Promise<number[]> {
  if (!devices.length) return [];
  const input = devices
    .filter((device) => typeof device.id === 'number' && typeof device.uniqueId === 'string')
    .map((device) => ({
      id: device.id,
      unique_id: device.uniqueId.trim(),
      status: typeof device.status === 'string' ? device.status.slice(0, 20) : '',
      last_update: date(device.lastUpdate),
      position_id: num(device.positionId) || null,
    }));
  const result = await db.execute(sql`
    WITH input AS (
      SELECT * FROM jsonb_to_recordset(${json(input)}::jsonb)
        AS x(id int, unique_id text, status text, last_update timestamptz, position_id bigint)
    )
    INSERT INTO frota_estado AS e (idrastreador, traccar_id, status, last_update, position_id, atualizado_em)
    SELECT t.id, i.id, i.status, i.last_update, i.position_id, now()
    FROM input i JOIN trackres t ON t.imei = i.unique_id
    ON CONFLICT (idrastreador) DO UPDATE SET
      traccar_id = excluded.traccar_id,
      status = excluded.status,
      last_update = GREATEST(e.last_update, excluded.last_update),
      position_id = COALESCE(excluded.position_id, e.position_id),
      atualizado_em = now()
    RETURNING e.idrastreador`);
  return rowsOf<{ idrastreador: number }>(result).map((row) => row.idrastreador);
}

/** The columns a newer position replaces as they come (the others keep a maximum or a known address). */
const positionCopied = sql.raw(
  'traccar_id position_id server_time fix_time valid latitude longitude velocidade curso ignicao tensao bateria satelites'
    .split(' ')
    .map((column) => `${column} = excluded.${column}`)
    .join(', '),
);

/** The latest position of each device of the batch, onto its tracker (an older one never replaces a newer). */
export async function applyPositions(db: DbOrTx, positions: TraccarPosition[]): Promise<number[]> {
  if (!positions.length) return [];
  const input = positions.filter((p) => typeof p.deviceId === 'number').map(positionRow);
  const result = await db.execute(sql`
    WITH input AS (
      SELECT * FROM jsonb_to_recordset(${json(input)}::jsonb) AS x(
        device_id int, position_id bigint, server_time timestamptz, fix_time timestamptz, valid boolean,
        latitude float8, longitude float8, velocidade real, curso real, ignicao boolean, tensao real,
        bateria real, satelites smallint, endereco text)
    ), latest AS (
      SELECT DISTINCT ON (device_id) * FROM input ORDER BY device_id, server_time DESC NULLS LAST, position_id DESC NULLS LAST
    ), target AS (
      SELECT COALESCE(f.idrastreador, t.id) AS idrastreador, l.*
      FROM latest l
      LEFT JOIN frota_estado f ON f.traccar_id = l.device_id
      LEFT JOIN trackres t ON f.idrastreador IS NULL AND t.traccar_id = l.device_id
      WHERE COALESCE(f.idrastreador, t.id) IS NOT NULL
    )
    INSERT INTO frota_estado AS e (idrastreador, traccar_id, position_id, server_time, fix_time, valid, latitude, longitude,
      velocidade, curso, ignicao, tensao, bateria, satelites, endereco, tensao_maxima, atualizado_em)
    SELECT idrastreador, device_id, position_id, server_time, fix_time, valid, latitude, longitude,
      velocidade, curso, ignicao, tensao, bateria, satelites, COALESCE(endereco, ''), tensao, now()
    FROM target
    ON CONFLICT (idrastreador) DO UPDATE SET
      ${positionCopied},
      endereco = CASE WHEN excluded.endereco <> '' THEN excluded.endereco ELSE e.endereco END,
      tensao_maxima = GREATEST(e.tensao_maxima, excluded.tensao),
      last_update = GREATEST(e.last_update, excluded.server_time),
      atualizado_em = now()
    WHERE e.server_time IS NULL OR excluded.server_time IS NULL OR excluded.server_time >= e.server_time
    RETURNING e.idrastreador`);
  return rowsOf<{ idrastreador: number }>(result).map((row) => row.idrastreador);
}

/** Stores new alarms (an event read twice is kept once) and marks them on their trackers. */
export async function applyAlarms(db: DbOrTx, alarms: AlarmInput[]): Promise<number[]> {
  const kept = dedupeAlarms(alarms);
  if (!kept.length) return [];
  const input = kept.map((a) => ({
    device_id: a.deviceId,
    event_id: a.eventId,
    tipo: a.tipo,
    em: a.em,
    latitude: a.latitude,
    longitude: a.longitude,
  }));
  const inserted = rowsOf<{ idrastreador: number; tipo: string; em: string }>(
    await db.execute(sql`
      WITH input AS (
        SELECT * FROM jsonb_to_recordset(${json(input)}::jsonb)
          AS x(device_id int, event_id bigint, tipo text, em timestamptz, latitude float8, longitude float8)
      ), target AS (
        SELECT COALESCE(f.idrastreador, t.id) AS idrastreador, i.*,
          COALESCE(i.latitude, f.latitude) AS lat, COALESCE(i.longitude, f.longitude) AS lon
        FROM input i
        LEFT JOIN frota_estado f ON f.traccar_id = i.device_id
        LEFT JOIN trackres t ON f.idrastreador IS NULL AND t.traccar_id = i.device_id
        WHERE COALESCE(f.idrastreador, t.id) IS NOT NULL
      )
      INSERT INTO frota_alarmes (idrastreador, event_id, tipo, em, latitude, longitude)
      SELECT idrastreador, event_id, tipo, em, lat, lon FROM target x
      WHERE NOT EXISTS (
        SELECT 1 FROM frota_alarmes a
        WHERE a.idrastreador = x.idrastreador AND a.tipo = x.tipo
          AND a.em BETWEEN x.em - interval '2 minutes' AND x.em + interval '2 minutes')
      ON CONFLICT (event_id) WHERE event_id IS NOT NULL DO NOTHING
      RETURNING idrastreador, tipo, em`),
  );
  if (!inserted.length) return [];
  const power = ALARMES_ALIMENTACAO as readonly string[];
  const byTracker = new Map<number, { tipo: string; em: string; alimentacao: string | null }>();
  for (const row of inserted) {
    const em = new Date(row.em).toISOString();
    const current = byTracker.get(row.idrastreador) ?? { tipo: row.tipo, em, alimentacao: null };
    if (em >= current.em) Object.assign(current, { tipo: row.tipo, em });
    if (power.includes(row.tipo) && (!current.alimentacao || em > current.alimentacao)) current.alimentacao = em;
    byTracker.set(row.idrastreador, current);
  }
  const marks = [...byTracker].map(([id, mark]) => ({ id, ...mark }));
  await db.execute(sql`
    WITH input AS (SELECT * FROM jsonb_to_recordset(${json(marks)}::jsonb) AS x(id int, tipo text, em timestamptz, alimentacao timestamptz))
    INSERT INTO frota_estado AS e (idrastreador, ultimo_alarme, ultimo_alarme_em, alimentacao_em)
    SELECT id, tipo, em, alimentacao FROM input
    ON CONFLICT (idrastreador) DO UPDATE SET
      ultimo_alarme = CASE WHEN e.ultimo_alarme_em IS NULL OR excluded.ultimo_alarme_em >= e.ultimo_alarme_em
        THEN excluded.ultimo_alarme ELSE e.ultimo_alarme END,
      ultimo_alarme_em = GREATEST(e.ultimo_alarme_em, excluded.ultimo_alarme_em),
      alimentacao_em = GREATEST(e.alimentacao_em, excluded.alimentacao_em)`);
  return marks.map((mark) => mark.id);
}

export type ConexaoModo = 'socket' | 'polling' | 'parado';

/** The feed's own state, for the screens' banner. */
export async function setConexao(
  db: DbOrTx,
  state: { modo: ConexaoModo; conectado: boolean; erro?: string; atualizado?: boolean },
): Promise<void> {
  await db.execute(sql`
    INSERT INTO frota_conexao AS c (id, modo, conectado, erro, atualizado_em, desde)
    VALUES (1, ${state.modo}, ${state.conectado}, ${state.erro ?? ''}, ${state.atualizado ? sql`now()` : sql`NULL`}, now())
    ON CONFLICT (id) DO UPDATE SET
      modo = excluded.modo,
      conectado = excluded.conectado,
      erro = excluded.erro,
      atualizado_em = COALESCE(excluded.atualizado_em, c.atualizado_em),
      desde = CASE WHEN c.conectado IS DISTINCT FROM excluded.conectado OR c.modo IS DISTINCT FROM excluded.modo
        THEN now() ELSE c.desde END`);
}
