/**
 * Bad-input fuzz (fast-check): thousands of generated bad requests across every registered route
 * and list query, as an administrator, a Usuario and anonymously: wrong types, huge strings, deep
 * nesting, invalid JSON, wrong content types, NUL and control bytes, built-in property names,
 * extreme ids and page numbers. No answer is a 5xx, no refused write answers 2xx, the server
 * still answers /v1/health, and every table's checksum is unchanged, except `sessions` (a
 * session's last use is touched by reads) and `rate_limits` (counting refused calls is its job).
 */
import fc from 'fast-check';
import { sql, type SQL } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createSession, type RouteAccess } from '../../server/plugins/auth';
import { backends, newUser, useInstalledApp, validCpf } from '../support/app';
import { dataUrl, PNG_1PX } from '../support/files';
import { newChip, newCliente, newOrdem, newPlano, newTracker, newVeiculo } from '../support/registry';

const RUNS = Number(process.env.FUZZ_RUNS ?? 2000);
const UNCHECKED_TABLES = ['sessions', 'rate_limits'];

/** The top-level field names a zod schema reads (through preprocess, pipes, optionals, unions, arrays). */
function fieldsOf(schema: unknown, seen = new Set<unknown>()): string[] {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def;
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

const LIST_KEYS = [
  'page',
  'pageSize',
  'sort',
  'order',
  'pesquisa',
  'status',
  'idcliente',
  'idveiculo',
  'cadastro',
  'unid',
  'userId',
  'documento',
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
const badQuery = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...LIST_KEYS), builtin), badQueryValue), { minLength: 1, maxLength: 4 })
  .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));

type Role = 'admin' | 'usuario' | 'anonymous';

interface BadRequest {
  route: RouteAccess;
  role: Role;
  url: string;
  payload?: string;
  contentType?: string;
}

const json = (value: unknown) => ({ payload: JSON.stringify(value), contentType: 'application/json' });

/** A valid body with one field made bad: it reaches the route's own checks, and must stop there. */
function oneBadField(route: RouteAccess, base: Record<string, unknown>) {
  const fields = [...new Set(fieldsOf(route.schema?.body))];
  if (!fields.length) return undefined;
  const isBatch = (route.schema?.body as { _zod?: { def?: { type?: string } } } | undefined)?._zod?.def?.type === 'array';
  return fc
    .constantFrom(...fields)
    .chain((field) => badValue(field).map((value) => ({ ...base, [field]: value })))
    .map((body) => json(isBatch ? [body] : body));
}

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

describe.each(backends)('bad-input fuzz (%s)', (backend) => {
  const env = useInstalledApp(backend);

  it(`${RUNS} generated bad requests across every route: no 5xx, no write accepted, health after, every table unchanged`, async () => {
    const { admin, t } = env;
    const rows = async <T>(query: SQL) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
    // A few records of each kind, so that ids exist and reads have rows.
    const cliente = (await admin.post('/v1/clientes', newCliente())).body;
    const veiculo = (await admin.post('/v1/veiculos', newVeiculo(cliente.id))).body;
    const tracker = (await admin.post('/v1/trackres', newTracker())).body;
    const chip = (await admin.post('/v1/chips', newChip())).body;
    const plano = (await admin.post('/v1/planos', newPlano())).body;
    const ordemLinks = { idcliente: cliente.id, idveiculo: veiculo.id, iddevice: (await admin.post('/v1/trackres', newTracker())).body.id };
    const ordem = (await admin.post('/v1/ordensservicos', newOrdem(ordemLinks))).body;
    const usuarioId = (await admin.post('/v1/users', newUser())).body.id as number;
    const cookies: Record<Role, string | undefined> = {
      admin: admin.cookie,
      usuario: `Token=${(await createSession(t.database.db, usuarioId, 'fuzz')).token}`,
      anonymous: undefined,
    };
    const validIds = [1, usuarioId, cliente.id, veiculo.id];

    const tables = (
      await rows<{ name: string }>(
        sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
      )
    )
      .map((row) => row.name)
      .filter((name) => !UNCHECKED_TABLES.includes(name));
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

    // A valid body and an existing record for each write route: one bad field must be enough to refuse it.
    const png = { name: 'a.png', type: 'image/png', base64: dataUrl('image/png', PNG_1PX) };
    const [own] = await rows<{ token: string }>(sql`SELECT token FROM users WHERE id = 1`);
    const valid: Record<string, { body: Record<string, unknown>; id?: number }> = {
      'POST /v1/users': { body: newUser() },
      'PUT /v1/users/:id': { body: { name: 'Nome Válido', cpf: validCpf() }, id: usuarioId },
      'POST /v1/clientes': { body: newCliente() },
      'PUT /v1/clientes/:id': { body: newCliente(), id: cliente.id },
      'POST /v1/veiculos': { body: newVeiculo(cliente.id) },
      'PUT /v1/veiculos/:id': { body: newVeiculo(cliente.id), id: veiculo.id },
      'POST /v1/trackres': { body: newTracker() },
      'PUT /v1/trackres/:id': { body: newTracker(), id: tracker.id },
      'POST /v1/chips': { body: newChip() },
      'PUT /v1/chips/:id': { body: newChip(), id: chip.id },
      'POST /v1/planos': { body: newPlano() },
      'PUT /v1/planos/:id': { body: newPlano(), id: plano.id },
      'POST /v1/ordensservicos': { body: newOrdem(ordemLinks) },
      'PUT /v1/ordensservicos/:id': { body: newOrdem(ordemLinks), id: ordem.id },
      'POST /v1/uploads': { body: { unid: cliente.id, documento: 'cliente', ...png } },
      'POST /v1/session': { body: { email: 'ninguem@rastreio.test', password: 'x' } },
      'POST /v1/install': { body: { name: 'Outro', email: 'outro@rastreio.test', password: 'senha-forte-2' } },
      'POST /v1/static/precadastro/:token': { body: { ...newCliente(), documentos: [png, png] } },
    };

    // Every route but logging out (it would end the session the other requests use; it is in the role matrix).
    const routes = t.app.routeAccess.filter((route) => !(route.method === 'DELETE' && route.url === '/v1/session'));
    const request: fc.Arbitrary<BadRequest> = fc
      .tuple(fc.constantFrom(...routes), fc.constantFrom<Role>('admin', 'admin', 'admin', 'usuario', 'anonymous'))
      .chain(([route, role]) => {
        const token = fc.oneof(controlString.map(encodeURIComponent), builtin, fc.string({ maxLength: 200 }).map(encodeURIComponent));
        const pathWith = (id: fc.Arbitrary<string>) =>
          fc.tuple(id, token).map(([i, tk]) => route.url.replace(':id', i).replace(':token', tk));
        if (route.method === 'GET') {
          // Reads may name existing records, with bad queries.
          const path = pathWith(fc.oneof(badId, fc.constantFrom(...validIds).map(String)));
          return fc.tuple(path, badQuery).map(([p, q]) => ({ route, role, url: `${p}?${q}` }));
        }
        const known = valid[`${route.method} ${route.url}`];
        // The real record (or the real pre-registration token) with one bad field.
        const realPath = route.url.replace(':id', String(known?.id ?? 0)).replace(':token', own.token);
        const nearlyValid = known ? oneBadField(route, known.body) : undefined;
        const kinds: fc.Arbitrary<{ url: string; payload?: string; contentType?: string }>[] = [];
        if (route.method === 'DELETE') kinds.push(pathWith(badId).map((url) => ({ url })));
        else {
          kinds.push(
            fc
              .tuple(
                route.url.includes(':') ? pathWith(fc.oneof(badId, fc.constantFrom(...validIds).map(String))) : fc.constant(route.url),
                badBody(route),
              )
              .map(([url, b]) => ({ url, ...b })),
          );
          if (nearlyValid)
            kinds.push(
              nearlyValid.map((b) => ({ url: realPath, ...b })),
              nearlyValid.map((b) => ({ url: realPath, ...b })),
            );
          // A valid body on a bad id.
          if (known && route.url.includes(':id')) kinds.push(pathWith(badId).map((url) => ({ url, ...json(known.body) })));
        }
        return fc.oneof(...kinds).map((k) => ({ route, role, ...k }));
      });

    const seen = { total: 0, byStatus: {} as Record<number, number> };
    await fc.assert(
      fc.asyncProperty(request, async (bad) => {
        const headers: Record<string, string> = {};
        if (cookies[bad.role]) headers.cookie = cookies[bad.role]!;
        if (bad.contentType) headers['content-type'] = bad.contentType;
        const reply = await t.app.inject({
          method: bad.route.method as InjectOptions['method'],
          url: bad.url,
          payload: bad.payload,
          headers,
        });
        seen.total++;
        seen.byStatus[reply.statusCode] = (seen.byStatus[reply.statusCode] ?? 0) + 1;
        const where = `${bad.route.method} ${bad.url.slice(0, 120)} as ${bad.role} with ${String(bad.payload).slice(0, 200)} … ${String(bad.payload).slice(-300)}: ${reply.statusCode} ${reply.body.slice(0, 200)}`;
        expect(reply.statusCode, where).toBeLessThan(500);
        if (bad.route.method !== 'GET') expect(reply.statusCode, where).toBeGreaterThanOrEqual(400);
        // Every refusal is a JSON message in Portuguese.
        if (reply.statusCode >= 400) {
          const body = reply.json();
          expect(typeof body.message, where).toBe('string');
          // Our shape only (`{ message, errors }`): never a framework's English `{ error, code, statusCode }`.
          expect(
            Object.keys(body).filter((key) => key !== 'message' && key !== 'errors'),
            where,
          ).toEqual([]);
        }
      }),
      { numRuns: RUNS, endOnFailure: true },
    );

    if (process.env.FUZZ_REPORT) console.log(JSON.stringify(seen));
    expect(seen.total).toBeGreaterThanOrEqual(RUNS);
    expect((await t.app.inject({ method: 'GET', url: '/v1/health' })).statusCode).toBe(200);
    expect((await admin.get('/v1/clientes')).status).toBe(200);
    expect(await checksums()).toEqual(before);
    // The runs reached past authentication: most answers are the routes' own refusals.
    const refusedByRoutes = Object.entries(seen.byStatus)
      .filter(([status]) => !['401', '403'].includes(status))
      .reduce((sum, [, n]) => sum + n, 0);
    expect(refusedByRoutes).toBeGreaterThan(RUNS / 2);
  });
});
