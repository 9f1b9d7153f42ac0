/**
 * Input fuzz (fast-check) of every registered route, in two parts, on each database:
 *
 * - Bad requests: wrong types, huge strings, deep nesting, invalid JSON, wrong content types, NUL
 *   and control bytes, built-in property names, extreme ids and pages, list filters outside their
 *   values, as an administrator, a Usuario, a técnico and anonymously. Every table's checksum is unchanged
 *   after them, except `sessions` (a session's last use is touched by reads) and `rate_limits`
 *   (counting refused calls is its job).
 * - Nearly valid requests: for each route, one request its schemas accept (every path parameter
 *   the id or token of a record of the seeded database), sent as it is or with one field (a path
 *   parameter, a query key, a body field, the webhook's token) changed to a valid extreme or an
 *   invalid value: they reach the handlers, and some are accepted.
 *
 * No answer is a 5xx; every refusal is `{ message, errors }`; a refused request (and any read)
 * commits nothing (row triggers count every committed row change of every table but `sessions` and
 * `rate_limits`); the server still answers /v1/health after. `FUZZ_RUNS` requests per database,
 * half of each kind.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql, type SQL } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstOfMonth, lastOfMonth } from '../../domain/calendar';
import { createSession, type RouteAccess } from '../../server/plugins/auth';
import { appToday } from '../../server/regras/clock';
import { startTraccarFake, type TraccarFake } from '../fakes/traccar';
import { startViaCepFake } from '../fakes/viacep';
import { backends, newTecnico, newUser, useInstalledApp, validCpf } from '../support/app';
import { dataUrl, PNG_1PX } from '../support/files';
import { newChip, newCliente, newOrdem, newPlano, newTracker, newVeiculo } from '../support/registry';
import { csv, multipart } from '../support/planilhas';

const RUNS = Number(process.env.FUZZ_RUNS ?? 1500);
const BAD_RUNS = Math.ceil(RUNS / 2);
const NEAR_RUNS = RUNS - BAD_RUNS;
const UNCHECKED_TABLES = ['sessions', 'rate_limits'];

type ZodDef = { type?: string; [key: string]: unknown };
const defOf = (schema: unknown) => (schema as { _zod?: { def?: ZodDef } } | undefined)?._zod?.def;

/** The top-level field names a zod schema reads (through preprocess, pipes, optionals, unions, arrays). */
function fieldsOf(schema: unknown, seen = new Set<unknown>()): string[] {
  const def = defOf(schema);
  if (!def || seen.has(schema)) return [];
  seen.add(schema);
  const walk = (inner: unknown) => fieldsOf(inner, seen);
  switch (def.type) {
    case 'object':
      return Object.keys(def.shape as object);
    case 'pipe':
      return [...walk(def.in), ...walk(def.out)];
    case 'union':
      return (def.options as unknown[]).flatMap(walk);
    case 'intersection':
      return [...walk(def.left), ...walk(def.right)];
    case 'array':
      return walk(def.element);
    default:
      return def.innerType ? walk(def.innerType) : [];
  }
}

/** Fields whose value is an object or a list (a nested object may be valid there). */
const STRUCTURED = new Set([
  'attributes',
  'dadosempresa',
  'integrations',
  'contatos',
  'documentos',
  'cliente',
  'veiculo',
  'device',
  'chip',
  'plano',
  'tecnico',
  'checklist',
  // The técnico's phone's operation: its data, shaped by its kind.
  'dados',
  // The webhook's payment: Asaas sends more fields than it reads, kept as sent.
  'payment',
]);

const controlChar = fc.constantFrom('\u0000', '\u0001', '\u0007', '\u001b', '\u007f', '\u0008');
/** A string that holds a control character somewhere: never valid text. */
const controlString = fc.tuple(fc.string({ maxLength: 12 }), controlChar, fc.string({ maxLength: 12 })).map(([a, c, b]) => a + c + b);
/** Bigger than any body limit but the uploads' (100 KB): 413, or 400. */
const hugeString = fc.integer({ min: 120_000, max: 400_000 }).map((n) => 'x'.repeat(n));
const builtin = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', '__defineGetter__');
const nestedObject = fc.dictionary(
  fc.string({ minLength: 1, maxLength: 6 }),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 2 }), { minKeys: 1, maxKeys: 3 }),
  { minKeys: 1, maxKeys: 3 },
);

/** A value no field accepts: a structured field gets a string with control bytes, a scalar field also a nested object. */
const badValue = (field: string) =>
  STRUCTURED.has(field)
    ? controlString
    : fc.oneof(
        controlString,
        nestedObject,
        hugeString.map((s) => s + '\u0000'),
      );

/** Any value at all: wrong types, numbers at the edges, built-in names. Mixed into otherwise-bad bodies. */
const anyValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(-1, 0, 1.5, 2 ** 31, 2 ** 53, -(2 ** 63), 1e308, '', ' ', 'NaN', 'null', 'true'),
  builtin,
);

const deepJson = fc.integer({ min: 9, max: 3000 }).map((depth) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth));
const invalidJson = fc.constantFrom(
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '[1,2',
  'nul',
  '{"a":1}}',
  '\u0000',
  '{"__proto__":{"x":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
);

const badId = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    '1e3',
    '0x10',
    '%201',
    '%00',
    '__proto__',
    'constructor',
    'toString',
    'NaN',
    '%FF',
    '99999999999999999999',
    '2147483648',
    '+1',
    '1%20',
    'a',
  ),
  fc.bigInt({ min: 2n ** 31n, max: 2n ** 70n }).map(String),
  controlString.map(encodeURIComponent),
);

/** Query keys tried on every read, beside the route's own (a key a route does not know is ignored). */
const LIST_KEYS = [
  'page',
  'pageSize',
  'sort',
  'order',
  'pesquisa',
  'status',
  'idcliente',
  'idCliente',
  'idveiculo',
  'idVeiculo',
  'cadastro',
  'unid',
  'userId',
  'documento',
  'dataInicio',
  'dataFim',
  'deviceId',
  'idtecnico',
  'chipId',
  'acao',
  'token',
];
const badQueryValue = fc.oneof(
  fc.constantFrom(
    '-1',
    '0',
    '1e9',
    '99999999999999999999',
    '1.5',
    'abc',
    '',
    '%00',
    '%FF',
    'NaN',
    'Infinity',
    '__proto__',
    'toString',
    'constructor',
    'valueOf',
  ),
  controlString.map(encodeURIComponent),
  fc.integer({ min: 1000, max: 20_000 }).map((n) => 'y'.repeat(n)),
  fc.string({ maxLength: 20 }).map(encodeURIComponent),
);
/**
 * The values a schema accepts when it is a fixed set (an enum or literals, through preprocess,
 * pipes, optionals and defaults); undefined for any other schema.
 */
function enumOf(schema: unknown, seen = new Set<unknown>()): (string | number)[] | undefined {
  const def = defOf(schema);
  if (!def || seen.has(schema)) return undefined;
  seen.add(schema);
  if (def.type === 'enum') return Object.values(def.entries as Record<string, string | number>);
  if (def.type === 'literal') return def.values as (string | number)[];
  if (def.type === 'pipe') return enumOf(def.out, seen) ?? enumOf(def.in, seen);
  return def.innerType ? enumOf(def.innerType, seen) : undefined;
}

/** Values just outside a fixed set: the numbers around it and at the int4 edge, other words, other cases. */
const outsideEnum = (values: (string | number)[]) => {
  const numbers = values.filter((v): v is number => typeof v === 'number');
  const words = values.filter((v): v is string => typeof v === 'string');
  const outside = [
    ...(numbers.length ? [Math.min(...numbers) - 1, Math.max(...numbers) + 1, 4, 99, 2_147_483_647, 2_147_483_648] : []),
    ...words.flatMap((w) => [w.toLowerCase(), w.toUpperCase(), `${w} `, `${w}x`]),
    'abc',
    '-1',
    '1.5',
  ].map(String);
  return outside.filter((v) => !values.map(String).includes(v));
};

/** The query keys of a read: its schema's, then the common ones. */
const queryFieldsOf = (route: RouteAccess) => [...new Set([...fieldsOf(route.schema?.querystring), ...LIST_KEYS])];

/** A bad query for a read: any key with a bad value, and each of its fixed-set filters with a value outside the set. */
function badQuery(route: RouteAccess) {
  const shape = (defOf(route.schema?.querystring)?.shape ?? {}) as Record<string, unknown>;
  const enums = Object.entries(shape)
    .map(([key, schema]) => [key, enumOf(schema)] as const)
    .filter((entry): entry is readonly [string, (string | number)[]] => entry[1] !== undefined);
  const pair = fc.oneof(
    fc.tuple(fc.oneof(fc.constantFrom(...queryFieldsOf(route)), builtin), badQueryValue),
    ...(enums.length
      ? [
          fc
            .constantFrom(...enums)
            .chain(([key, values]) => fc.tuple(fc.constant(key), fc.constantFrom(...outsideEnum(values).map(encodeURIComponent)))),
        ]
      : []),
  );
  return fc.array(pair, { minLength: 1, maxLength: 4 }).map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));
}

/** Values a field may take at its edges, valid or not: numbers at the int4 and money edges, lengths at the limits, dates at the calendar's. */
const extremeValue = fc.constantFrom<unknown>(
  0,
  1,
  -1,
  2_147_483_647,
  2_147_483_648,
  -2_147_483_648,
  1.5,
  0.001,
  99_999_999_999.99,
  1e308,
  '',
  ' ',
  '0',
  '2147483647',
  'x'.repeat(255),
  'x'.repeat(256),
  'ç'.repeat(300),
  '😀'.repeat(120),
  '0001-01-01',
  '9999-12-31',
  '2024-02-29',
  '2023-02-29',
  '23:59',
  '24:00',
  true,
  false,
  null,
  undefined,
  [],
  {},
);

/** A query value at the edges, encoded: pages and ids at the int4 edge, dates at the calendar's, inverted ranges. */
const extremeQueryValue = fc
  .constantFrom(
    '1',
    '0',
    '100',
    '101',
    '2147483646',
    '2147483647',
    '2147483648',
    '0001-01-01',
    '9999-12-31',
    '2024-02-29',
    'asc',
    'DESC',
    ' ',
    'ação',
  )
  .map(encodeURIComponent);

type Role = 'admin' | 'usuario' | 'tecnico' | 'anonymous';

interface Sent {
  route: RouteAccess;
  role: Role;
  url: string;
  payload?: string;
  contentType?: string;
  headers?: Record<string, string>;
  /** What was changed from the valid request ('' when it is sent as it is). */
  changed?: string;
}

/** One request a route's schemas accept: its path parameters, query, body and headers. */
interface ValidRequest {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
  headers?: Record<string, string>;
  /** A body that is not JSON (the imports' multipart form), sent as it is. */
  raw?: { payload: string; contentType: string };
}

/** A change of one field of a valid request: where, which, and the new value (undefined: the field is left out). */
type Change =
  | { at: 'none' }
  | { at: 'param'; key: string; value: string }
  | { at: 'query'; key: string; value: string }
  | { at: 'body'; key: string; value: unknown }
  | { at: 'header'; key: string; value: string };

const json = (value: unknown) => ({ payload: JSON.stringify(value), contentType: 'application/json' });

/** A body that is bad as a whole, whatever the route: unparseable, too deep, not an object, not JSON, or wrong in several fields. */
function badBody(route: RouteAccess) {
  const fields = [...new Set(fieldsOf(route.schema?.body))];
  const severalBad = fields.length
    ? fc
        .tuple(fc.constantFrom(...fields), fc.dictionary(fc.constantFrom(...fields), anyValue, { maxKeys: 3 }))
        .chain(([field, others]) => badValue(field).map((value) => ({ ...others, [field]: value })))
        .map(json)
    : fc.constant(json('\u0000'));
  return fc.oneof(
    severalBad,
    invalidJson.map((payload) => ({ payload, contentType: 'application/json' })),
    deepJson.map((payload) => ({ payload, contentType: 'application/json' })),
    fc.constantFrom(42, 'texto', null, true, '\u0000').map(json),
    fc
      .tuple(
        fc.constantFrom(
          'application/x-www-form-urlencoded',
          'text/plain',
          'multipart/form-data; boundary=x',
          'application/xml',
          'application/octet-stream',
        ),
        fc.string(),
      )
      .map(([contentType, payload]) => ({ payload: `a=${encodeURIComponent(payload)}`, contentType })),
  );
}

const keyOf = (route: RouteAccess) => `${route.method} ${route.url}`;
const pathOf = (url: string, params: Record<string, string | number>) =>
  url.replace(/:(\w+)/g, (_, name: string) => (name in params ? String(params[name]) : `:${name}`));
/** What the valid requests are checked with: a zod schema's safeParse. */
type ZodLike = { safeParse(value: unknown): { success: boolean; error?: { issues: unknown[] } } };
const token = () => fc.oneof(controlString.map(encodeURIComponent), builtin, fc.string({ maxLength: 200 }).map(encodeURIComponent));

// The CEP route reads this local ViaCEP, never the internet.
const viacep = await startViaCepFake();
afterAll(() => viacep.close());

describe.each(backends)('input fuzz (%s)', (backend) => {
  const env = useInstalledApp(backend, { viacepUrl: viacep.url });
  let traccar: TraccarFake;
  beforeAll(async () => {
    traccar = await startTraccarFake();
  });
  afterAll(() => traccar.close());

  const rows = async <T>(query: SQL) => ((await env.t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

  /** The seeded records, once per database: ids that exist, a few of each kind to remove, the public tokens. */
  let seeded: Seeded | undefined;
  async function seed() {
    const { admin, t } = env;
    const created = async (url: string, body: unknown) => {
      const reply = await admin.post(url, body);
      expect(reply.status, `${url} ${JSON.stringify(reply.body)}`).toBe(201);
      return reply.body as Record<string, unknown> & { id: number };
    };
    const cliente = await created('/v1/clientes', newCliente());
    const veiculo = await created('/v1/veiculos', newVeiculo(cliente.id));
    const tracker = await created('/v1/trackres', newTracker());
    const chip = await created('/v1/chips', newChip());
    // A tracker with its chip, on a vehicle: the chip is in use (its removal is refused).
    const linkedVeiculo = await created('/v1/veiculos', newVeiculo(cliente.id));
    const linked = await created('/v1/trackres', newTracker());
    const usedChip = await created('/v1/chips', newChip());
    expect(
      (await admin.put(`/v1/trackres/${linked.id}`, { ...newTracker(), idveiculo: linkedVeiculo.id, chipId: usedChip.id })).status,
    ).toBe(200);
    const plano = await created('/v1/planos', newPlano());
    const contrato = await created('/v1/contratos', { idcliente: cliente.id, idplano: plano.id });
    // A contract's item (DESIGN 11), on a vehicle of its own; a second vehicle for the valid additions (then 409).
    const itemVeiculo = await created('/v1/veiculos', newVeiculo(cliente.id));
    const outroVeiculo = await created('/v1/veiculos', newVeiculo(cliente.id));
    const item = await created(`/v1/contratos/${contrato.id}/itens`, { idveiculo: itemVeiculo.id, inicio: '2030-01-01' });
    const itemCancelar = await created(`/v1/contratos/${contrato.id}/itens`, {
      idveiculo: (await created('/v1/veiculos', newVeiculo(cliente.id))).id,
      inicio: '2030-01-01',
      fidelidadeMeses: 12,
      multaFidelidade: { tipo: 'fixa', valor: 100 },
    });
    // A yearly readjustment to read, type, apply and discard (DESIGN 11).
    const [reajuste] = await rows<{ id: number }>(
      sql`INSERT INTO reajustes (idcontrato, competencia, indice, percentual, origem, status) VALUES (${contrato.id}, '2030-03', 'fixo', 3, 'fixo', 'proposto') RETURNING id`,
    );
    const assinatura = { idcliente: cliente.id, description: 'Mensalidade', valor: 59.9, nextduedate: '2030-01-10', cycle: 'MONTHLY' };
    const assinaturaId = (await created('/v1/assinaturas', assinatura)).id;
    const cobranca = { idcliente: cliente.id, descricao: 'Instalação', valor: 120, duedate: '2030-01-10' };
    const cobrancaId = (await created('/v1/cobrancas', cobranca)).id;
    const ordemLinks = { idcliente: cliente.id, idveiculo: veiculo.id, iddevice: (await created('/v1/trackres', newTracker())).id };
    const usuario = newUser();
    const usuarioId = (await created('/v1/users', usuario)).id;
    // The técnico (DESIGN 11): the seeded order is its own.
    const tecnicoId = (await created('/v1/users', newTecnico())).id;
    const ordem = await created('/v1/ordensservicos', newOrdem(ordemLinks, { idtecnico: tecnicoId }));
    // The order the técnico's phone's operations are made on (DESIGN 11).
    const ordemCampo = await created('/v1/ordensservicos', newOrdem(ordemLinks, { idtecnico: tecnicoId, agendamento: appToday() }));
    // The user the writes to users aim at, and whose login the login route uses.
    const alvo = newUser();
    const alvoId = (await created('/v1/users', alvo)).id;
    // A second session of the administrator, for DELETE /v1/session/lista/:id (its own is refused there).
    await createSession(t.database.db, 1, 'fuzz-outra');
    const outraSessao = Number(
      ((await t.database.raw("SELECT id FROM sessions WHERE user_agent = 'fuzz-outra'")).rows[0] as { id: number }).id,
    );
    const png = { name: 'a.png', type: 'image/png', base64: dataUrl('image/png', PNG_1PX) };
    const upload = (await admin.post('/v1/uploads', [{ unid: cliente.id, documento: 'cliente', ...png }])).body[0].id as number;
    expect((await admin.post('/v1/integrations/gateway/webhook-token', { confirmar: true })).status).toBe(200);
    const company = (await admin.get('/v1/users/1')).body;
    // A spreadsheet import's form (text only, so it travels as a string) and one import to read.
    const forms = {
      simular: await multipart(
        { recurso: 'clientes', modo: 'simular' },
        {
          name: 'clientes.csv',
          data: csv([
            ['CPF', 'Nome', 'E-mail'],
            [validCpf(), 'Fuzz Importado', 'fuzz@exemplo.com.br'],
          ]),
        },
      ),
    };
    const planilha = (modo: keyof typeof forms) => ({
      payload: forms[modo].body.toString('utf-8'),
      contentType: forms[modo].headers['content-type'],
    });
    const importacaoId = (await admin.request('POST', '/v1/importacoes', forms.simular.body, forms.simular.headers)).body.id as number;
    expect(importacaoId).toBeGreaterThan(0);

    // Records to remove: a few of each kind; once removed, the same id answers 404.
    const disposable = async (url: string, body: () => Promise<unknown> | unknown, n = 2) => {
      const ids: number[] = [];
      for (let i = 0; i < n; i++) ids.push((await created(url, await body())).id);
      return ids;
    };
    const removable: Record<string, number[]> = {
      clientes: [cliente.id, ...(await disposable('/v1/clientes', () => newCliente()))],
      veiculos: await disposable('/v1/veiculos', () => newVeiculo(cliente.id)),
      trackres: await disposable('/v1/trackres', () => newTracker()),
      chips: [usedChip.id, ...(await disposable('/v1/chips', () => newChip()))],
      planos: [plano.id, ...(await disposable('/v1/planos', () => newPlano()))],
      contratos: await disposable('/v1/contratos', () => ({ idcliente: cliente.id, idplano: plano.id })),
      assinaturas: await disposable('/v1/assinaturas', () => assinatura),
      cobrancas: await disposable('/v1/cobrancas', () => cobranca),
      ordensservicos: await disposable('/v1/ordensservicos', () => newOrdem(ordemLinks)),
      users: [1, ...(await disposable('/v1/users', () => newUser()))],
      uploads: [],
    };
    for (let i = 0; i < 2; i++)
      removable.uploads.push((await admin.post('/v1/uploads', [{ unid: cliente.id, documento: 'cliente', ...png }])).body[0].id);

    const [{ token: precadastroToken }] = await rows<{ token: string }>(sql`SELECT token FROM users WHERE id = 1`);
    const [{ token: contratoToken }] = await rows<{ token: string }>(sql`SELECT token FROM contratos WHERE id = ${contrato.id}`);
    const [{ token: cobrancaToken }] = await rows<{ token: string }>(sql`SELECT token FROM cobrancas WHERE id = ${cobrancaId}`);
    const webhookToken = async () =>
      (await rows<{ token: string }>(sql`SELECT integrations->'gateway'->>'webhookToken' AS token FROM company_settings WHERE id = 1`))[0]
        .token;
    // WhatsApp conversations (DESIGN 11), as the bot's job leaves them (no workers here).
    const conversaIds = (
      await rows<{ id: number }>(
        sql`INSERT INTO conversas (jid, telefone, nome, idcliente, status, ultima_entrada_em)
            VALUES ('5511912340001@s.whatsapp.net', '5511912340001', 'Ana', ${cliente.id}, 'aguardando', now()),
                   ('5511912340002@s.whatsapp.net', '5511912340002', 'Bia', NULL, 'bot', now()),
                   ('5511912340003@s.whatsapp.net', '5511912340003', 'Caio', ${cliente.id}, 'em_atendimento', NULL)
            RETURNING id`,
      )
    ).map((row) => Number(row.id));
    const conversaId = (n: number) => conversaIds[n % conversaIds.length];
    const localizacaoToken = 'fuzzLocalizacao0123456789abcdef';
    await rows(
      sql`INSERT INTO localizacoes (token, idveiculo, expira_em) VALUES (${localizacaoToken}, ${veiculo.id}, now() + interval '1 hour')`,
    );
    const whatsToken = async () =>
      (
        await rows<{ token: string }>(sql`SELECT integrations->'atendimento'->>'webhookToken' AS token FROM company_settings WHERE id = 1`)
      )[0].token;
    const today = appToday();
    const month = { dataInicio: firstOfMonth(today), dataFim: lastOfMonth(today) };
    const ids = { cliente: cliente.id, veiculo: veiculo.id, tracker: tracker.id, chip: chip.id, plano: plano.id, contrato: contrato.id };
    const existingIds = [
      ...new Set([
        1,
        usuarioId,
        alvoId,
        ...Object.values(ids),
        tecnicoId,
        assinaturaId,
        cobrancaId,
        ordem.id,
        ordemCampo.id,
        upload,
        ...Object.values(removable).flat(),
      ]),
    ];

    /** For each resource of the registry: its five routes. */
    const registry = (name: string, id: number, body: () => unknown, query: Record<string, string | number> = {}) => ({
      [`GET /v1/${name}`]: () => ({ query }),
      [`GET /v1/${name}/:id`]: () => ({ params: { id } }),
      [`POST /v1/${name}`]: () => ({ body: body() }),
      [`PUT /v1/${name}/:id`]: () => ({ params: { id }, body: body() }),
      [`DELETE /v1/${name}/:id`]: (n: number) => ({ params: { id: removable[name][n % removable[name].length] } }),
    });
    /** One valid request per route (`n` picks among records where there are several). */
    const valid: Record<string, (n: number) => ValidRequest | Promise<ValidRequest>> = {
      'GET /v1/health': () => ({}),
      'GET /v1/install': () => ({}),
      'POST /v1/install': () => ({ body: { name: 'Outro', email: 'outro@rastreio.test', password: 'senha-forte-2' } }),
      'POST /v1/session': () => ({ body: { email: alvo.login, password: alvo.password } }),
      'GET /v1/session': () => ({}),
      // Two-factor sign-in and sessions (DESIGN 10): the administrator's own id for its own enrollment.
      'POST /v1/session/segundo-fator': () => ({ body: { codigo: '123456' } }),
      'GET /v1/session/lista': () => ({}),
      'DELETE /v1/session/lista/:id': () => ({ params: { id: outraSessao } }),
      'POST /v1/users/:id/2fa': () => ({ params: { id: 1 } }),
      'POST /v1/users/:id/2fa/confirmar': () => ({ params: { id: 1 }, body: { codigo: '123456' } }),
      'DELETE /v1/users/:id/2fa': () => ({ params: { id: alvoId }, body: { codigo: '123456' } }),
      // Backups (DESIGN 10): this app has no BACKUP_DIR, so Fazer backup agora is a 409 and a download a 404.
      'GET /v1/backups': () => ({}),
      'POST /v1/backups': () => ({}),
      'GET /v1/backups/:nome': () => ({ params: { nome: 'rastreio-2026-01-01-000000.backup' } }),
      // Baixar with a passphrase (encrypted): a 404 here too.
      'POST /v1/backups/:nome': () => ({ params: { nome: 'rastreio-2026-01-01-000000.backup' }, body: { senha: 'frase-do-backup' } }),
      // Baixar backup agora: made on the spot and streamed (encrypted with a passphrase), with or without BACKUP_DIR.
      'POST /v1/backups/agora': (n) => (n % 2 ? { body: { senha: 'frase-do-backup' } } : {}),
      'GET /v1/uploads': () => ({ query: { unid: cliente.id, documento: 'cliente' } }),
      'POST /v1/uploads': () => ({ body: [{ unid: cliente.id, documento: 'cliente', ...png }] }),
      'PUT /v1/uploads': () => ({ body: [{ id: upload, unid: cliente.id, documento: 'cliente', ...png }] }),
      'DELETE /v1/uploads/:id': (n) => ({ params: { id: removable.uploads[n % removable.uploads.length] } }),
      'GET /v1/static/precadastro/:token': () => ({ params: { token: precadastroToken } }),
      'POST /v1/static/precadastro/:token': () => ({
        params: { token: precadastroToken },
        body: { ...newCliente(), documentos: [png, png] },
      }),
      'GET /v1/static/contrato': () => ({ query: { token: contratoToken } }),
      'GET /v1/static/veiculos': () => ({ query: { idCliente: cliente.id, token: contratoToken } }),
      'GET /v1/contratos/enviar/:id': () => ({ params: { id: contrato.id } }),
      'GET /v1/contratos/:id/itens': () => ({ params: { id: contrato.id } }),
      'POST /v1/contratos/:id/itens': (n) => ({
        params: { id: contrato.id },
        body: [
          { idveiculo: outroVeiculo.id, descricao: 'Rastreador', valor: 49.9 },
          { tipo: 'servico', descricao: 'Seguro', valor: 10, inicio: '2030-01-01', fidelidadeMeses: 12 },
        ][n % 2],
      }),
      'PUT /v1/contratos/:id/itens/:iditem': () => ({
        params: { id: contrato.id, iditem: item.id },
        body: { descricao: 'Rastreador', valor: 55, multaFidelidade: { tipo: 'proporcional', valor: 50 } },
      }),
      'POST /v1/contratos/:id/itens/:iditem/suspender': () => ({
        params: { id: contrato.id, iditem: item.id },
        body: { de: '2030-02-01' },
      }),
      'POST /v1/contratos/:id/itens/:iditem/reativar': () => ({ params: { id: contrato.id, iditem: item.id }, body: { de: '2030-02-10' } }),
      'POST /v1/contratos/:id/itens/:iditem/cancelar': () => ({
        params: { id: contrato.id, iditem: itemCancelar.id },
        body: { fim: '2030-06-30', motivo: 'Fuzz', ordem: false },
      }),
      'POST /v1/contratos/enviar/:id': () => ({ params: { id: contrato.id } }),
      'POST /v1/contratos/:id/bloquear': () => ({ params: { id: contrato.id } }),
      'POST /v1/contratos/:id/desbloquear': () => ({ params: { id: contrato.id } }),
      'GET /v1/reajustes': () => ({ query: { competencia: '2030-03', status: 'proposto' } }),
      'PUT /v1/reajustes/:id': () => ({ params: { id: reajuste.id }, body: { percentual: 3.5 } }),
      'POST /v1/reajustes/:id/aplicar': () => ({ params: { id: reajuste.id } }),
      'POST /v1/reajustes/aplicar': () => ({ body: { ids: [reajuste.id] } }),
      'POST /v1/reajustes/:id/descartar': () => ({ params: { id: reajuste.id } }),
      'GET /v1/cobrancas/enviar/:id': () => ({ params: { id: cobrancaId } }),
      'POST /v1/cobrancas/enviar/:id': () => ({ params: { id: cobrancaId } }),
      'GET /v1/financeiro/resumo': () => ({ query: month }),
      'GET /v1/financeiro/serie': () => ({}),
      'GET /v1/tecnicos': () => ({ query: { pesquisa: 'usu' } }),
      'GET /v1/busca': () => ({ query: { q: String(cliente.cpf) } }),
      'GET /v1/clientes/:id/resumo': () => ({ params: { id: cliente.id } }),
      'POST /v1/clientes/:id/confirmar': () => ({ params: { id: cliente.id } }),
      'GET /v1/cep/:cep': (n) => ({ params: { cep: ['01001000', '01001-000', '20040020'][n % 3] } }),
      'GET /v1/static/cep/:cep': () => ({ params: { cep: '01001000' } }),
      'GET /v1/integrations/whats/status': () => ({}),
      'GET /v1/integrations/atendimento/status': () => ({}),
      'GET /v1/conversas': (n) => ({
        query: {
          page: 1,
          pageSize: 20,
          status: ['bot', 'aguardando', 'em_atendimento', 'encerrada'][n % 4],
          urgente: 'false',
          idcliente: cliente.id,
          pesquisa: 'ana',
        },
      }),
      'GET /v1/conversas/resumo': () => ({}),
      'GET /v1/static/localizacao/:token': () => ({ params: { token: localizacaoToken } }),
      'GET /v1/conversas/:id': (n) => ({ params: { id: conversaId(n) }, query: { antes: 1000 } }),
      'POST /v1/conversas/:id/mensagens': (n) => ({ params: { id: conversaId(n) }, body: { texto: 'Olá! Como posso ajudar?' } }),
      'POST /v1/conversas/:id/assumir': (n) => ({ params: { id: conversaId(n) }, body: { forcar: true } }),
      'POST /v1/conversas/:id/encerrar': (n) => ({ params: { id: conversaId(n) } }),
      'PUT /v1/conversas/:id': (n) => ({ params: { id: conversaId(n) }, body: { urgente: n % 2 === 0, idcliente: cliente.id } }),
      'GET /v1/integrations/whats/connect/:id': () => ({ params: { id: 1 } }),
      'DELETE /v1/integrations/whats/desconnect/:id': () => ({ params: { id: 1 } }),
      'POST /v1/integrations/gateway/webhook-token': () => ({ body: { confirmar: true } }),
      'GET /v1/cobrancas/:id/mensagens': () => ({ params: { id: cobrancaId } }),
      // The messages list (issue 24), with every filter.
      'GET /v1/mensagens': (n) => ({
        query: {
          page: 1,
          pageSize: 20,
          idcliente: cliente.id,
          idcobranca: cobrancaId,
          idcontrato: contrato.id,
          status: ['pendente', 'enviando', 'enviada', 'falhou', 'ignorada'][n % 5],
          kind: ['novacobranca', 'vencehoje', 'vencida', 'cancelada', 'recebida', 'envio'][n % 6],
          ...month,
        },
      }),
      // Payment page, receiving by hand, sending to many, the dashboard's money (DESIGN 10).
      'GET /v1/static/cobranca/:token': () => ({ params: { token: cobrancaToken } }),
      'GET /v1/cobrancas/:id/pagamento': () => ({ params: { id: cobrancaId } }),
      'POST /v1/cobrancas/:id/receber': () => ({ params: { id: cobrancaId }, body: { valor: 120, data: today, forma: 'pix' } }),
      'DELETE /v1/cobrancas/:id/receber': () => ({ params: { id: cobrancaId } }),
      'POST /v1/cobrancas/enviar': () => ({ body: { ids: [cobrancaId] } }),
      'GET /v1/financeiro/indicadores': () => ({}),
      'POST /v1/cobrancas/:id/nfse': () => ({ params: { id: cobrancaId } }),
      'POST /v1/cobrancas/:id/nfse/cancelar': () => ({ params: { id: cobrancaId } }),
      // Negativação (DESIGN 11): off here, so each answers 409 (never a 5xx).
      'POST /v1/cobrancas/:id/negativacao/aviso': (n) => ({ params: { id: cobrancaId }, body: { meio: ['whatsapp', 'outro'][n % 2] } }),
      'POST /v1/cobrancas/:id/negativacao/simular': () => ({ params: { id: cobrancaId } }),
      'POST /v1/cobrancas/:id/negativacao': () => ({ params: { id: cobrancaId } }),
      'POST /v1/cobrancas/:id/negativacao/cancelar': () => ({ params: { id: cobrancaId } }),
      // Pix Automático (DESIGN 11): off here, so a 409 (never a 5xx).
      'POST /v1/assinaturas/:id/pix-automatico': (n) => ({ params: { id: assinaturaId }, body: { enviar: n % 2 === 0 } }),
      'GET /v1/integrations/nfse/servicos': () => ({ query: { descricao: 'monitoramento' } }),
      'GET /v1/auditoria': () => ({ query: { acao: 'comando' } }),
      'POST /v1/integrations/traccar/test': () => ({ body: { server: traccar.url, userId: String(traccar.userId), token: traccar.token } }),
      'GET /v1/trackres/:id/comandos': () => ({ params: { id: linked.id } }),
      'POST /v1/trackres/:id/comandos': () => ({ params: { id: linked.id }, body: { type: 'engineStop' } }),
      'GET /v1/veiculos/:id/comandos': () => ({ params: { id: linkedVeiculo.id } }),
      'POST /v1/veiculos/:id/comandos': () => ({ params: { id: linkedVeiculo.id }, body: { type: 'engineResume' } }),
      // The fleet (DESIGN 10): reads of our own table, the route read from Traccar.
      'GET /v1/frota': () => ({ query: { situacao: 'nunca', pesquisa: 'abc', idcliente: cliente.id, page: 1, pageSize: 20 } }),
      'GET /v1/frota/mapa': () => ({ query: { situacao: 'comunicando' } }),
      'GET /v1/frota/alarmes': () => ({ query: { idrastreador: linked.id, from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' } }),
      'GET /v1/frota/:id': () => ({ params: { id: linked.id } }),
      'GET /v1/veiculos/:id/rota': () => ({
        params: { id: linkedVeiculo.id },
        query: { from: '2026-01-01T00:00:00-03:00', to: '2026-01-02T00:00:00-03:00' },
      }),
      'GET /v1/ordensservicos/:id/telemetria': () => ({ params: { id: ordem.id } }),
      // The técnico's phone (DESIGN 11): its agenda, its stock, one operation (a new id each time).
      'GET /v1/campo/agenda': () => ({ query: { de: today, ate: today } }),
      'GET /v1/campo/estoque': () => ({}),
      'POST /v1/campo/operacoes': (n) => ({
        body: {
          id: randomUUID(),
          idordemservico: ordemCampo.id,
          versaoBase: 1000,
          em: new Date().toISOString(),
          ...[
            { tipo: 'checklist', dados: { itens: { Buzina: 'OK', 'Luz Alta': 'NT' } } },
            { tipo: 'observacao', dados: { texto: 'Cliente ausente no primeiro horário.' } },
            { tipo: 'foto', dados: { base64: png.base64, name: 'painel.png' } },
            { tipo: 'assinatura', dados: { base64: png.base64, nome: 'Cliente Fuzz' } },
            { tipo: 'finalizar', dados: { semValidacao: true } },
          ][n % 5],
        },
      }),
      'POST /v1/ordensservicos/:id/aprovar': () => ({ params: { id: ordemCampo.id } }),
      'POST /v1/ordensservicos/:id/rejeitar': () => ({ params: { id: ordemCampo.id }, body: { motivo: 'Falta a foto do chicote.' } }),
      // Stock (DESIGN 10): moves of a tracker and a chip, their history, the chips' costs.
      'GET /v1/trackres/:id/movimentos': () => ({ params: { id: tracker.id } }),
      'POST /v1/trackres/:id/movimentos': (n) => ({
        params: { id: tracker.id },
        body: [{ situacao: 'tecnico', idtecnico: tecnicoId }, { situacao: 'manutencao', motivo: 'Revisão' }, { situacao: 'estoque' }][
          n % 3
        ],
      }),
      'GET /v1/chips/:id/movimentos': () => ({ params: { id: chip.id } }),
      'POST /v1/chips/:id/movimentos': (n) => ({
        params: { id: chip.id },
        body: [{ situacao: 'manutencao' }, { situacao: 'estoque' }][n % 2],
      }),
      'GET /v1/chips/custos': () => ({}),
      // Imports (DESIGN 10): a small CSV of clients as a multipart form; the import it starts stays queued (no workers here).
      'POST /v1/importacoes': () => ({ raw: planilha('simular') }),
      'POST /v1/importacoes/cabecalho': () => ({ raw: planilha('simular') }),
      'GET /v1/importacoes/modelos/:recurso': () => ({ params: { recurso: 'clientes' }, query: { formato: 'csv' } }),
      'GET /v1/importacoes/:id': () => ({ params: { id: importacaoId } }),
      'GET /v1/importacoes/:id/erros.csv': () => ({ params: { id: importacaoId } }),
      'POST /v1/importacoes/traccar': () => ({ body: { modo: 'simular' } }),
      'POST /webhook/cobranca/:userId/:gateway': async (n) => ({
        params: { userId: 1, gateway: 'asaas' },
        headers: { 'asaas-access-token': await webhookToken() },
        body: { id: `evt_fuzz_${n}`, event: 'PAYMENT_RECEIVED', payment: { id: `pay_fuzz_${n}`, status: 'RECEIVED' } },
      }),
      // WhatsApp's incoming messages (DESIGN 11): stored with their job (no workers here).
      'POST /webhook/whats/:userId/:token': async (n) => ({
        params: { userId: 1, token: await whatsToken() },
        body: {
          event: 'messages.upsert',
          instance: 'rastreio',
          apikey: null,
          data: {
            key: { remoteJid: `5511987650${String(n % 1000).padStart(3, '0')}@s.whatsapp.net`, fromMe: false, id: `FUZZ${n}` },
            pushName: 'Cliente',
            message: { conversation: 'oi' },
            messageType: 'conversation',
            messageTimestamp: 1764300000 + n,
          },
        },
      }),
      ...Object.fromEntries(
        ['clientes', 'assinaturas', 'cobrancas'].flatMap((name) => [
          [`GET /v1/${name}/imports/:id/asaas`, () => ({ params: { id: 1 } })],
          [`POST /v1/${name}/imports/:id/asaas`, () => ({ params: { id: 1 } })],
        ]),
      ),
      ...registry('users', alvoId, () => ({ name: 'Nome Válido', cpf: validCpf(), dadosempresa: company.dadosempresa }), { status: 0 }),
      'POST /v1/users': () => ({ body: newUser() }),
      ...registry('clientes', cliente.id, () => newCliente(), { status: 0, cadastro: 'FISICA' }),
      ...registry('veiculos', veiculo.id, () => newVeiculo(cliente.id), { idcliente: cliente.id }),
      ...registry('trackres', tracker.id, () => newTracker(), { idcliente: cliente.id }),
      ...registry('chips', chip.id, () => newChip(), { status: 1 }),
      ...registry('planos', plano.id, () => newPlano(), { sort: 'valor', order: 'asc' }),
      ...registry('contratos', contrato.id, () => ({ idcliente: cliente.id, idplano: plano.id }), { status: 0 }),
      ...registry('assinaturas', assinaturaId, () => assinatura, { status: 0, idcliente: cliente.id }),
      ...registry('cobrancas', cobrancaId, () => cobranca, { ...month, status: 0 }),
      ...registry('ordensservicos', ordem.id, () => newOrdem(ordemLinks), { ...month, status: 0 }),
    };
    const usuarioCookie = `Token=${(await createSession(t.database.db, usuarioId, 'fuzz')).token}`;
    const tecnicoCookie = `Token=${(await createSession(t.database.db, tecnicoId, 'fuzz')).token}`;
    return { valid, existingIds, usuarioCookie, tecnicoCookie };
  }

  /** Every table but the unchecked ones. */
  const checkedTables = async () =>
    (
      await rows<{ name: string }>(
        sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
      )
    )
      .map((row) => row.name)
      .filter((name) => !UNCHECKED_TABLES.includes(name) && name !== 'fuzz_escritas');

  /**
   * Counts every committed row change of the checked tables: a row trigger on each adds to
   * `fuzz_escritas`, inside the writing transaction, so a change rolled back is not counted.
   */
  let writesCounted = false;
  async function countWrites() {
    if (!writesCounted) {
      const db = env.t.database.db;
      await db.execute(sql`CREATE TABLE fuzz_escritas (n bigint NOT NULL)`);
      await db.execute(sql`INSERT INTO fuzz_escritas VALUES (0)`);
      await db.execute(
        sql.raw(
          `CREATE FUNCTION fuzz_conta() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE fuzz_escritas SET n = n + 1; RETURN NULL; END $$`,
        ),
      );
      for (const table of await checkedTables())
        await db.execute(
          sql.raw(`CREATE TRIGGER fuzz_conta AFTER INSERT OR UPDATE OR DELETE ON "${table}" FOR EACH ROW EXECUTE FUNCTION fuzz_conta()`),
        );
      writesCounted = true;
    }
    return async () => Number((await rows<{ n: string }>(sql`SELECT n FROM fuzz_escritas`))[0].n);
  }

  /** Sends one request and checks what every answer must be; returns its status. */
  async function send(
    request: Sent,
    cookies: Record<Role, string | undefined>,
    writes: { count: () => Promise<number>; last: number },
    address: string,
  ) {
    const headers: Record<string, string> = { ...request.headers };
    if (cookies[request.role]) headers.cookie = cookies[request.role]!;
    if (request.contentType) headers['content-type'] = request.contentType;
    const reply = await env.t.app.inject({
      method: request.route.method as InjectOptions['method'],
      url: request.url,
      payload: request.payload,
      headers,
      // Each request from its own address: the public routes' limit per address stays out of the way.
      remoteAddress: address,
    });
    // Requests run one at a time and nothing else writes: the count since the last request is this one's.
    const now = await writes.count();
    const committed = now - writes.last;
    writes.last = now;
    const where = `${request.route.method} ${request.url.slice(0, 160)} as ${request.role}${request.changed ? ` (changed: ${request.changed.slice(0, 120)})` : ''} with ${String(request.payload).slice(0, 200)} … ${String(request.payload).slice(-300)}: ${reply.statusCode} ${reply.body.slice(0, 300)}`;
    expect(reply.statusCode, where).toBeLessThan(500);
    if (reply.statusCode >= 400) {
      const body = reply.json();
      expect(typeof body.message, where).toBe('string');
      // Our shape only (`{ message, errors }`): never a framework's English `{ error, code, statusCode }`.
      // A conflict of the técnico's phone also says which operation, why, and the order (DESIGN 11).
      const extra = request.route.url === '/v1/campo/operacoes' && reply.statusCode === 409 ? ['id', 'resultado', 'motivo', 'ordem'] : [];
      expect(
        Object.keys(body).filter((key) => key !== 'message' && key !== 'errors' && !extra.includes(key)),
        where,
      ).toEqual([]);
    }
    // A refused request stores nothing, and a read never writes.
    if (reply.statusCode >= 400 || request.route.method === 'GET')
      expect(committed, `committed ${committed} row changes: ${where}`).toBe(0);
    return reply.statusCode;
  }

  const address = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255)).map(([a, b, c]) => `10.${a}.${b}.${c}`);

  /** A drawn request: fully formed (a bad one), or the route's valid request with one change (made when it is sent). */
  type Draw = { route: RouteAccess; role: Role; n: number; address: string } & (
    { sent: Omit<Sent, 'route' | 'role'>; change?: undefined } | { change: Change; sent?: undefined }
  );

  /** The route's valid request, with the change applied. */
  async function materialize(draw: Draw, valid: Seeded['valid']): Promise<Sent> {
    const { route, role, n } = draw;
    if (draw.sent) return { route, role, ...draw.sent };
    const { change } = draw;
    const base = await valid[keyOf(route)](n);
    const params = Object.fromEntries(Object.entries(base.params ?? {}).map(([k, v]) => [k, encodeURIComponent(String(v))]));
    const query = Object.fromEntries(Object.entries(base.query ?? {}).map(([k, v]) => [k, encodeURIComponent(String(v))]));
    const headers = { ...base.headers };
    let body = base.body === undefined ? undefined : (structuredClone(base.body) as Record<string, unknown> | Record<string, unknown>[]);
    if (change.at === 'param') params[change.key] = change.value;
    if (change.at === 'query') query[change.key] = change.value;
    if (change.at === 'header') headers[change.key] = change.value;
    if (change.at === 'body') {
      const target = (Array.isArray(body) ? body[0] : (body ??= {})) as Record<string, unknown>;
      if (change.value === undefined) delete target[change.key];
      else target[change.key] = change.value;
    }
    const search = Object.entries(query)
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    return {
      route,
      role,
      url: `${pathOf(route.url, params)}${search ? `?${search}` : ''}`,
      headers,
      ...(base.raw ? { payload: base.raw.payload, contentType: base.raw.contentType } : body === undefined ? {} : json(body)),
      changed: change.at === 'none' ? '' : `${change.at} ${change.key} = ${JSON.stringify(change.value)?.slice(0, 100)}`,
    };
  }

  type Seeded = Awaited<ReturnType<typeof seed>>;
  // Ending one's sessions (logout, "Encerrar as outras") takes no input to fuzz, and would end the fuzz's own.
  const routesOf = () =>
    env.t.app.routeAccess.filter((route) => !(route.method === 'DELETE' && ['/v1/session', '/v1/session/lista'].includes(route.url)));
  const drawOf = (route: RouteAccess, roles: Role[], rest: fc.Arbitrary<Pick<Draw, 'sent' | 'change'>>) =>
    fc
      .tuple(fc.constantFrom(...roles), fc.nat(), address, rest)
      .map(([role, n, addr, r]) => ({ route, role, n, address: addr, ...r }) as Draw);

  /** Each role's session cookie (none for anonymous). */
  const cookiesOf = (seededData: Seeded): Record<Role, string | undefined> => ({
    admin: env.admin.cookie,
    usuario: seededData.usuarioCookie,
    tecnico: seededData.tecnicoCookie,
    anonymous: undefined,
  });

  /** Runs the drawn requests and counts their answers by status. */
  async function run(draws: fc.Arbitrary<Draw>, runs: number, seededData: Seeded) {
    const count = await countWrites();
    const writes = { count, last: await count() };
    const cookies = cookiesOf(seededData);
    const seen = { total: 0, byStatus: {} as Record<number, number>, writesAccepted: [] as string[] };
    await fc.assert(
      fc.asyncProperty(draws, async (draw) => {
        const request = await materialize(draw, seededData.valid);
        const status = await send(request, cookies, writes, draw.address);
        seen.total++;
        seen.byStatus[status] = (seen.byStatus[status] ?? 0) + 1;
        if (status < 400 && request.route.method !== 'GET')
          seen.writesAccepted.push(
            `${request.route.method} ${request.url.slice(0, 100)} ${request.changed ?? String(request.payload).slice(0, 200)}`,
          );
        return true;
      }),
      { numRuns: runs, endOnFailure: true },
    );
    if (process.env.FUZZ_REPORT) console.log(JSON.stringify({ ...seen, writesAccepted: seen.writesAccepted.length }));
    expect(seen.total).toBeGreaterThanOrEqual(runs);
    expect((await env.t.app.inject({ method: 'GET', url: '/v1/health' })).statusCode).toBe(200);
    expect((await env.admin.get('/v1/clientes')).status).toBe(200);
    return seen;
  }

  it('every route has one valid request, which its schemas accept, with every path parameter filled', async () => {
    seeded ??= await seed();
    const routes = routesOf();
    expect(Object.keys(seeded.valid).sort()).toEqual(routes.map(keyOf).sort());
    for (const route of routes) {
      const base = await seeded.valid[keyOf(route)](0);
      const key = keyOf(route);
      const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]);
      expect(Object.keys(base.params ?? {}).sort(), key).toEqual(names.sort());
      const schemas = route.schema as { params?: ZodLike; querystring?: ZodLike; body?: ZodLike } | undefined;
      const stringified = (values: Record<string, string | number> | undefined) =>
        Object.fromEntries(Object.entries(values ?? {}).map(([k, v]) => [k, String(v)]));
      for (const [part, schema, value] of [
        ['params', schemas?.params, stringified(base.params)],
        ['query', schemas?.querystring, stringified(base.query)],
        ['body', schemas?.body, base.body],
      ] as const) {
        if (!schema) {
          expect(
            part === 'params' || value === undefined || Object.keys(value as object).length === 0,
            `${key}: a ${part} but no schema`,
          ).toBe(true);
          continue;
        }
        const parsed = schema.safeParse(value);
        expect(parsed.success, `${key} ${part}: ${JSON.stringify(parsed.error?.issues ?? [])}`).toBe(true);
      }
    }
  });

  it(`${BAD_RUNS} generated bad requests across every route: no 5xx, no write accepted, health after, every table unchanged`, async () => {
    seeded ??= await seed();
    const { existingIds } = seeded;
    await countWrites();
    const tables = await checkedTables();
    expect(tables).toEqual(
      expect.arrayContaining(['users', 'clientes', 'veiculos', 'trackres', 'chips', 'planos', 'uploads', 'company_settings', 'versoes']),
    );
    const checksums = async () => {
      const sums: Record<string, string> = {};
      for (const table of tables) {
        const [row] = await rows<{ sum: string }>(
          sql.raw(`SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS sum FROM "${table}" t`),
        );
        sums[table] = row.sum;
      }
      return sums;
    };
    const before = await checksums();

    const token = fc.oneof(controlString.map(encodeURIComponent), builtin, fc.string({ maxLength: 200 }).map(encodeURIComponent));
    const draws = fc.constantFrom(...routesOf()).chain((route) => {
      const pathWith = (id: fc.Arbitrary<string>) =>
        fc
          .tuple(id, token)
          .map(([i, tk]) => route.url.replace(':id', i).replace(':token', tk).replace(':userId', '1').replace(':gateway', 'asaas'));
      // The field's routes are the técnico's: they are fuzzed mostly as one (DESIGN 11).
      const roles: Role[] =
        route.access === 'campo'
          ? ['tecnico', 'tecnico', 'tecnico', 'admin', 'anonymous']
          : ['admin', 'admin', 'admin', 'usuario', 'tecnico', 'anonymous'];
      const sent = (arbitrary: fc.Arbitrary<Omit<Sent, 'route' | 'role'>>) =>
        drawOf(
          route,
          roles,
          arbitrary.map((s) => ({ sent: s })),
        );
      const changed = (arbitrary: fc.Arbitrary<Change>) =>
        drawOf(
          route,
          roles,
          arbitrary.map((c) => ({ change: c })),
        );
      if (route.method === 'GET') {
        // Reads may name existing records, with bad queries (filters outside their values among them).
        const path = pathWith(fc.oneof(badId, fc.constantFrom(...existingIds).map(String)));
        return sent(fc.tuple(path, badQuery(route)).map(([p, q]) => ({ url: `${p}?${q}` })));
      }
      if (route.method === 'DELETE') return sent(pathWith(badId).map((url) => ({ url })));
      const kinds = [
        sent(
          fc
            .tuple(
              route.url.includes(':') ? pathWith(fc.oneof(badId, fc.constantFrom(...existingIds).map(String))) : fc.constant(route.url),
              badBody(route),
            )
            .map(([url, b]) => ({ url, ...b })),
        ),
      ];
      const fields = [...new Set(fieldsOf(route.schema?.body))];
      // The valid request (the real record, the real token) with one bad field: it reaches the route's own checks, and must stop there.
      if (fields.length) {
        const oneBad = changed(
          fc.constantFrom(...fields).chain((key) => badValue(key).map((value): Change => ({ at: 'body', key, value }))),
        );
        kinds.push(oneBad, oneBad);
      }
      // A valid body on a bad id.
      if (route.url.includes(':id')) kinds.push(changed(badId.map((value): Change => ({ at: 'param', key: 'id', value }))));
      return fc.oneof(...kinds);
    });

    const seen = await run(draws, BAD_RUNS, seeded);
    expect(seen.writesAccepted).toEqual([]);
    expect(await checksums()).toEqual(before);
    // The runs reached past authentication: most answers are the routes' own refusals.
    const refusedByRoutes = Object.entries(seen.byStatus)
      .filter(([status]) => !['401', '403'].includes(status))
      .reduce((sum, [, n]) => sum + n, 0);
    expect(refusedByRoutes).toBeGreaterThan(BAD_RUNS / 2);
  });

  it("every query key of every read, on its valid request, at each value outside its range (a fixed set's others, -1, 4, 99, int4 edges, text): no 5xx", async () => {
    seeded ??= await seed();
    const count = await countWrites();
    const writes = { count, last: await count() };
    const cookies = cookiesOf(seeded);
    const statuses: Record<string, number> = {};
    let sent = 0;
    for (const route of routesOf().filter((r) => r.method === 'GET' && r.schema?.querystring)) {
      const shape = (defOf(route.schema?.querystring)?.shape ?? {}) as Record<string, unknown>;
      for (const [key, schema] of Object.entries(shape)) {
        const values = enumOf(schema);
        const outside = [...new Set([...(values ? outsideEnum(values) : []), '-1', '4', '99', '2147483647', '2147483648', 'abc'])];
        for (const value of outside) {
          const draw: Draw = {
            route,
            role: route.access === 'campo' ? 'tecnico' : 'admin',
            n: sent,
            address: `10.200.${sent % 250}.1`,
            change: { at: 'query', key, value: encodeURIComponent(value) },
          };
          const status = await send(await materialize(draw, seeded.valid), cookies, writes, draw.address);
          statuses[`${keyOf(route)} ${key}`] = Math.max(statuses[`${keyOf(route)} ${key}`] ?? 0, status);
          sent++;
        }
      }
    }
    // Every list's status among them, each refused (400) at least once.
    for (const name of ['users', 'clientes', 'chips', 'contratos', 'assinaturas', 'cobrancas', 'ordensservicos'])
      expect(statuses[`GET /v1/${name} status`], name).toBe(400);
    expect(sent).toBeGreaterThan(300);
  });

  it(`${NEAR_RUNS} valid requests of every route, each as it is or with one field at an edge or invalid: no 5xx, a refusal stores nothing`, async () => {
    seeded ??= await seed();
    const { existingIds } = seeded;
    const ids = fc.constantFrom(...existingIds).map(String);
    const draws = fc.constantFrom(...routesOf()).chain((route) => {
      const params = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]);
      const shape = (defOf(route.schema?.querystring)?.shape ?? {}) as Record<string, unknown>;
      const queryKeys = route.method === 'GET' ? queryFieldsOf(route) : [];
      const fields = [...new Set(fieldsOf(route.schema?.body))];
      const changes: fc.Arbitrary<Change>[] = [fc.constant<Change>({ at: 'none' })];
      if (params.length)
        changes.push(
          fc
            .constantFrom(...params)
            .chain((key) =>
              (key === 'token' || key === 'gateway'
                ? fc.oneof(token(), fc.constantFrom('asaas', 'ASAAS', 'outro', ''))
                : fc.oneof(badId, ids, fc.constantFrom('1', '2147483647'))
              ).map((value): Change => ({ at: 'param', key, value })),
            ),
        );
      if (queryKeys.length) {
        const queryChange = fc.constantFrom(...queryKeys).chain((key) => {
          const values = enumOf(shape[key]);
          const inside = values ? [fc.constantFrom(...values.map((v) => encodeURIComponent(String(v))))] : [];
          const outside = values ? [fc.constantFrom(...outsideEnum(values).map(encodeURIComponent))] : [];
          return fc
            .oneof(...outside, ...outside, ...inside, extremeQueryValue, ids, badQueryValue)
            .map((value): Change => ({ at: 'query', key, value }));
        });
        changes.push(queryChange, queryChange);
      }
      if (fields.length) {
        const bodyChange = fc
          .constantFrom(...fields)
          .chain((key) =>
            fc
              .oneof(extremeValue, extremeValue, anyValue, badValue(key), fc.constantFrom(...existingIds))
              .map((value): Change => ({ at: 'body', key, value })),
          );
        changes.push(bodyChange, bodyChange, bodyChange);
      }
      if (route.url.startsWith('/webhook/'))
        changes.push(fc.oneof(token(), fc.constant('')).map((value): Change => ({ at: 'header', key: 'asaas-access-token', value })));
      return drawOf(
        route,
        route.access === 'campo'
          ? ['tecnico', 'tecnico', 'tecnico', 'tecnico', 'usuario']
          : ['admin', 'admin', 'admin', 'admin', 'usuario', 'tecnico'],
        fc.oneof(...changes).map((change) => ({ change })),
      );
    });

    const seen = await run(draws, NEAR_RUNS, seeded);
    // They reached the handlers: writes were accepted, records found and not found, conflicts refused.
    expect(seen.writesAccepted.length).toBeGreaterThan(0);
    expect(Object.keys(seen.byStatus)).toEqual(expect.arrayContaining(['200', '201', '400', '404', '409']));
    // Baixar backup agora makes a whole backup each time it is drawn (a few seconds each on a busy machine).
  }, 180_000);
});
