/**
 * What the generic resource machinery relies on: a resource is named as its table, and every
 * table a list reads (its own and its embeds') bumps its version on every write, so that the
 * list caches are never stale.
 */
import { getTableName, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tablesRead } from '../../server/resources/routes';
import { RESOURCES } from '../../server/routes/registry';
import { backends, useInstalledApp } from '../support/app';

describe.each(backends)('resource machinery (%s)', (backend) => {
  const env = useInstalledApp(backend);

  it("every resource's name is its table's name", () => {
    expect(RESOURCES.length).toBeGreaterThanOrEqual(8);
    for (const resource of RESOURCES) expect(getTableName(resource.table), resource.name).toBe(resource.name);
  });

  it('every table a list reads has its version trigger', async () => {
    const result = (await env.t.database.db.execute(sql`SELECT tgname FROM pg_trigger WHERE NOT tgisinternal`)) as unknown as {
      rows: { tgname: string }[];
    };
    const triggers = new Set(result.rows.map((row) => row.tgname));
    const read = new Set(RESOURCES.flatMap(tablesRead));
    // Embedded records' tables count: a vehicle list shows its client's name.
    expect([...read]).toEqual(expect.arrayContaining(['users', 'clientes', 'veiculos', 'trackres', 'chips', 'planos']));
    const missing = [...read].filter((table) => !triggers.has(`${table}_versao`));
    expect(missing).toEqual([]);
  });
});
