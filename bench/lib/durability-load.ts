/**
 * The write load of the durability benchmark and its check, through the HTTP API only.
 *
 * Workers create clients (POST /v1/clientes, FISICA with a fresh valid CPF) and plans (POST
 * /v1/planos) and update records they created before (PUT with new values). Only a 2xx reply with
 * its body is an acknowledged write; the ledger keeps, per record, the values last acknowledged
 * and, when an update was in flight at the kill, the values it sent (either may be found after the
 * restart). Requests that fail with a network error after the kill are the ones in flight: not
 * acknowledged, and the check reports how many of them were stored anyway.
 */
import { generateCPF } from '@brazilian-utils/brazilian-utils';

export type Kind = 'clientes' | 'planos';
export type Values = Record<string, string | number>;

/** A record the server acknowledged (or an in-flight create found after the restart). */
export interface LedgerRecord {
  kind: Kind;
  id: number;
  /** Unique text of the record: the CPF of a client, the token in a plan's descricao. */
  key: string;
  acked: Values;
  /** An update in flight at the kill: these values may or may not be stored. */
  inFlight?: Values;
}

/** A create in flight at the kill: no id was ever returned. */
export interface InFlightCreate {
  kind: Kind;
  key: string;
  values: Values;
}

export interface Ledger {
  records: LedgerRecord[];
  cpfs: Set<string>;
}

export const newLedger = (): Ledger => ({ records: [], cpfs: new Set() });

export interface Reply {
  status: number;
  body: any;
}

export async function call(url: string, method: string, path: string, cookie: string, body?: unknown): Promise<Reply> {
  const response = await fetch(url + path, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  return { status: response.status, body: parsed };
}

/** A read, tried once more on a network error (a connection of the killed server left in the pool). */
async function read(url: string, path: string, cookie: string): Promise<Reply> {
  try {
    return await call(url, 'GET', path, cookie);
  } catch {
    return call(url, 'GET', path, cookie);
  }
}

const describeError = (reply: Reply) =>
  `${reply.status} ${JSON.stringify(typeof reply.body === 'object' && reply.body ? { message: reply.body.message, errors: reply.body.errors } : reply.body)}`;

/** Installs the system when it is not yet (POST /v1/install), then signs in (form-encoded, cookie `Token`). */
export async function installAndLogin(url: string, admin: { name: string; email: string; password: string }): Promise<string> {
  const installed = await read(url, '/v1/install', '');
  if (installed.status !== 200) throw new Error(`GET /v1/install: ${describeError(installed)}`);
  if (!installed.body?.status) {
    const reply = await call(url, 'POST', '/v1/install', '', admin);
    if (reply.status !== 201 && reply.status !== 200) throw new Error(`POST /v1/install: ${describeError(reply)}`);
  }
  const response = await fetch(`${url}/v1/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: admin.email, password: admin.password }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST /v1/session: ${response.status} ${text}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('Token='));
  if (!cookie) throw new Error('POST /v1/session: no Token cookie');
  return cookie.split(';')[0];
}

// ---------------------------------------------------------------- bodies

const random = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));
const cents = (max: number) => random(0, max * 100) / 100;

function freshCpf(ledger: Ledger) {
  for (;;) {
    const cpf = generateCPF();
    if (!ledger.cpfs.has(cpf)) {
      ledger.cpfs.add(cpf);
      return cpf;
    }
  }
}

/** The body of a client and the values to find again (the server stores the e-mail in lower case, phones as digits). */
function clienteBody(key: string, cpf: string, version: number) {
  const body = {
    cadastro: 'FISICA',
    name: `Cliente Durável ${key} v${version}`,
    cpf,
    email: `duravel.${key}.v${version}@exemplo.com.br`,
    mobilePhone: `119${String(random(10_000_000, 99_999_999))}`,
  };
  return { body, values: { name: body.name, cpf, email: body.email, mobilePhone: body.mobilePhone } as Values };
}

function planoBody(key: string, version: number) {
  const body = {
    descricao: `Plano durável ${key} v${version}`,
    limtdispositivos: random(1, 50),
    valor: cents(999),
    valoradd: cents(99),
  };
  return { body, values: { ...body } as Values };
}

const FIELDS: Record<Kind, string[]> = {
  clientes: ['name', 'cpf', 'email', 'mobilePhone'],
  planos: ['descricao', 'limtdispositivos', 'valor', 'valoradd'],
};

const same = (kind: Kind, item: any, values: Values) => FIELDS[kind].every((field) => item?.[field] === values[field]);
const valuesOf = (kind: Kind, item: any): Values => Object.fromEntries(FIELDS[kind].map((field) => [field, item?.[field]]));

// ---------------------------------------------------------------- load

export interface LoadResult {
  ackedCreates: number;
  ackedUpdates: number;
  /** Replies other than 2xx before the kill (bodies refused, conflicts), with a few examples. */
  refused: number;
  refusedExamples: string[];
  /** Network errors before the kill (should be 0). */
  earlyErrors: number;
  inFlightCreates: InFlightCreate[];
  inFlightUpdates: LedgerRecord[];
  /** Writes sent, by kind of write. */
  sent: number;
}

interface Op {
  kind: Kind;
  method: 'POST' | 'PUT';
  record?: LedgerRecord;
  key: string;
  body: unknown;
  values: Values;
}

/**
 * Runs `workers` loops of writes until `stop()` is called; each loop has at most one request in
 * flight. `settled` resolves once every loop has ended (after the kill, their last request fails).
 */
export function startLoad(url: string, cookie: string, ledger: Ledger, options: { workers: number; run: string }) {
  let stopping = false;
  const result: LoadResult = {
    ackedCreates: 0,
    ackedUpdates: 0,
    refused: 0,
    refusedExamples: [],
    earlyErrors: 0,
    inFlightCreates: [],
    inFlightUpdates: [],
    sent: 0,
  };

  const worker = async (w: number) => {
    const own: LedgerRecord[] = [];
    for (let n = 1; !stopping; n++) {
      const op = nextOp(own, `${options.run}w${w}n${n}`);
      result.sent++;
      let reply: Reply;
      try {
        reply = await call(url, op.method, op.method === 'POST' ? `/v1/${op.kind}` : `/v1/${op.kind}/${op.record!.id}`, cookie, op.body);
      } catch {
        if (!stopping) {
          result.earlyErrors++;
          continue;
        }
        // In flight when the server was killed: not acknowledged.
        if (op.method === 'POST') result.inFlightCreates.push({ kind: op.kind, key: op.key, values: op.values });
        else {
          op.record!.inFlight = op.values;
          result.inFlightUpdates.push(op.record!);
        }
        return;
      }
      if (reply.status >= 200 && reply.status < 300 && typeof reply.body?.id === 'number') {
        if (op.method === 'POST') {
          const record: LedgerRecord = { kind: op.kind, id: reply.body.id, key: op.key, acked: op.values };
          ledger.records.push(record);
          own.push(record);
          result.ackedCreates++;
        } else {
          op.record!.acked = op.values;
          result.ackedUpdates++;
        }
      } else {
        result.refused++;
        if (result.refusedExamples.length < 5) result.refusedExamples.push(`${op.method} /v1/${op.kind}: ${describeError(reply)}`);
      }
    }
  };

  const nextOp = (own: LedgerRecord[], key: string): Op => {
    if (own.length >= 3 && Math.random() < 0.35) {
      const record = own[random(0, own.length - 1)];
      const version =
        Number(
          String(record.acked[record.kind === 'clientes' ? 'name' : 'descricao'])
            .split(' v')
            .pop(),
        ) + 1;
      const { body, values } = record.kind === 'clientes' ? clienteBody(record.key, record.key, version) : planoBody(record.key, version);
      return { kind: record.kind, method: 'PUT', record, key: record.key, body, values };
    }
    if (Math.random() < 0.5) {
      const cpf = freshCpf(ledger);
      const { body, values } = clienteBody(cpf, cpf, 1);
      return { kind: 'clientes', method: 'POST', key: cpf, body, values };
    }
    const { body, values } = planoBody(key, 1);
    return { kind: 'planos', method: 'POST', key, body, values };
  };

  const settled = Promise.all(Array.from({ length: options.workers }, (_, w) => worker(w + 1))).then(() => result);
  return {
    result,
    /** Stop starting requests (call right before the kill). */
    stop: () => {
      stopping = true;
    },
    settled,
  };
}

// ---------------------------------------------------------------- check

export interface CheckResult {
  checked: number;
  missing: string[];
  wrong: string[];
  /** Other replies while reading (should be none). */
  unreadable: string[];
  inFlightCreatesPresent: number;
  inFlightUpdatesPresent: number;
  /** Rows the lists count beyond the records known to the ledger (should be 0). */
  unexpectedRows: Record<Kind, number>;
}

async function inParallel<T>(items: T[], concurrency: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

/**
 * Reads back every record of the ledger (GET /v1/{kind}/{id}): each must hold its acknowledged
 * values, or those of the update in flight at the kill. In-flight creates are looked for by their
 * unique key (pesquisa); those found join the ledger (they are committed and must stay). Finally
 * each list's total must equal the records the ledger knows.
 */
export async function checkLedger(url: string, cookie: string, ledger: Ledger, load: LoadResult): Promise<CheckResult> {
  const check: CheckResult = {
    checked: 0,
    missing: [],
    wrong: [],
    unreadable: [],
    inFlightCreatesPresent: 0,
    inFlightUpdatesPresent: 0,
    unexpectedRows: { clientes: 0, planos: 0 },
  };
  await inParallel(ledger.records, 8, async (record) => {
    const reply = await read(url, `/v1/${record.kind}/${record.id}`, cookie);
    check.checked++;
    const label = `${record.kind}/${record.id} (${record.key})`;
    if (reply.status === 404) check.missing.push(label);
    else if (reply.status !== 200) check.unreadable.push(`${label}: ${describeError(reply)}`);
    else if (same(record.kind, reply.body, record.acked)) {
      /* the acknowledged values */
    } else if (record.inFlight && same(record.kind, reply.body, record.inFlight)) {
      check.inFlightUpdatesPresent++;
      record.acked = record.inFlight;
    } else
      check.wrong.push(
        `${label}: acknowledged ${JSON.stringify(record.acked)}, found ${JSON.stringify(valuesOf(record.kind, reply.body))}${record.inFlight ? ` (in flight: ${JSON.stringify(record.inFlight)})` : ''}`,
      );
    record.inFlight = undefined;
  });

  for (const create of load.inFlightCreates) {
    const reply = await read(url, `/v1/${create.kind}?pesquisa=${encodeURIComponent(create.key)}&pageSize=100`, cookie);
    if (reply.status !== 200) {
      check.unreadable.push(`search ${create.kind} ${create.key}: ${describeError(reply)}`);
      continue;
    }
    const field = create.kind === 'clientes' ? 'cpf' : 'descricao';
    const found = (reply.body.Items as any[]).find((item) => item[field] === create.values[field]);
    if (found) {
      check.inFlightCreatesPresent++;
      ledger.records.push({ kind: create.kind, id: found.id, key: create.key, acked: valuesOf(create.kind, found) });
    }
  }

  for (const kind of ['clientes', 'planos'] as const) {
    const reply = await read(url, `/v1/${kind}?pageSize=1`, cookie);
    if (reply.status !== 200) check.unreadable.push(`list ${kind}: ${describeError(reply)}`);
    else check.unexpectedRows[kind] = Number(reply.body.meta.total) - ledger.records.filter((r) => r.kind === kind).length;
  }
  return check;
}
