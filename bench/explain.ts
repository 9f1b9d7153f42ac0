/**
 * The statements one list request runs, with their plans: `EXPLAIN (ANALYZE, BUFFERS, SUMMARY)` of
 * each, after three warm-up runs, on a seeded bench database.
 * `tsx bench/explain.ts <db> <resource> '<query string>'` (`SHOW=1` prints each statement and its values too).
 */
import pg from 'pg';
import { openDatabase } from '../server/db/client';
import { listCaches } from '../server/resources/list-cache';
import { listRows, type ListParams } from '../server/resources/list-query';
import { RESOURCES } from '../server/resources/registry';

const [database, resource, queryString = ''] = process.argv.slice(2);
const url = `postgres://postgres@127.0.0.1:5432/${database}`;
type Query = (config: unknown, values?: unknown, callback?: unknown) => unknown;
const captured: { text: string; values: unknown[] }[] = [];
const prototype = pg.Client.prototype as unknown as { query: Query };
const original = prototype.query;
// Drizzle passes the values beside a config object: both are kept.
prototype.query = function (this: unknown, config, values, callback) {
  const text = (config as { text?: string } | null)?.text;
  if (text) captured.push({ text, values: Array.isArray(values) ? values : ((config as { values?: unknown[] }).values ?? []) });
  return original.call(this, config, values, callback);
};

const { db, close } = await openDatabase({ url });
const def = RESOURCES.find((r) => r.name === resource);
if (!def) throw new Error(`no resource ${resource}`);
const raw: Record<string, unknown> = Object.fromEntries(new URLSearchParams(queryString));
const query = { ...raw, page: Number(raw.page ?? 1), pageSize: Number(raw.pageSize ?? 20) } as ListParams;
if (raw.status !== undefined) query.status = Number(raw.status);
captured.length = 0;
await listRows(db, def, query, listCaches(false));
prototype.query = original;

const client = new pg.Client({ connectionString: url });
await client.connect();
for (const { text, values } of captured) {
  if (process.env.SHOW) console.log(text, values);
  for (let i = 0; i < 3; i++) await client.query(text, values);
  const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS, SUMMARY) ${text}`, values);
  console.log(plan.rows.map((row) => row['QUERY PLAN']).join('\n'));
}
await client.end();
await close();
