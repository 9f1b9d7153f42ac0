/**
 * The billing run at start-up (issue item 6, DESIGN 7): every start runs it, however soon after
 * the previous one. A subscription added between two quick starts gets its charge from the
 * second start, not at 00:01.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../domain/calendar';
import { buildApp } from '../../server/app';
import { appToday } from '../../server/regras/clock';
import { backends, createTestApp, installAndLogin } from '../support/app';
import { newAssinatura, newCliente } from '../support/registry';
import { waitFor } from '../support/wait';

describe.each(backends)('billing at start-up (%s)', (backend) => {
  it('two starts in a row on one database both run billing: the second bills a subscription added in between', async () => {
    const workers = { billingAtStart: true, pollingIntervalSeconds: 0.5 };
    const t = await createTestApp(backend, { workers });
    const { db } = t.database;
    const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
    const billingRuns = async () =>
      (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'faturamento' AND state = 'completed'`))[0].n;
    let second: Awaited<ReturnType<typeof buildApp>> | undefined;
    try {
      await waitFor(async () => (await billingRuns()) === 1);
      const admin = await installAndLogin(t.app);
      const cliente = (await admin.post('/v1/clientes', newCliente())).body;
      // Due in 12 days: past `emaberto` (5), so saving it bills nothing yet.
      const assinatura = await admin.post('/v1/assinaturas', newAssinatura(cliente.id, { nextduedate: addDays(appToday(), 12) }));
      expect(assinatura.status).toBe(201);
      const chargesOf = async () =>
        (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM cobrancas WHERE idassinatura = ${assinatura.body.id}`))[0].n;
      expect(await chargesOf()).toBe(0);
      // Charges now go out 15 days ahead: the next run bills it.
      const settings = await admin.put('/v1/users/1', { integrations: { notificacoes: { emaberto: 15 } } });
      expect(settings.status).toBe(200);
      expect(await chargesOf()).toBe(0);

      // A quick restart: the same database, a new app.
      await t.app.close();
      second = await buildApp({ database: t.database, workers });
      await second.ready();
      await waitFor(async () => (await billingRuns()) === 2);
      expect(await chargesOf()).toBe(1);
    } finally {
      await second?.close();
      await t.close();
    }
  });
});
