/**
 * Writers on different records never wait for each other (issue 19, item 3): table versions and
 * the charges' rollups are one row per database session (migration 0010), summed by readers.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../domain/calendar';
import { foldEndedSessions } from '../../server/db/versions';
import { appToday } from '../../server/regras/clock';
import { backends, useInstalledApp } from '../support/app';
import { newCliente } from '../support/registry';
import { WAIT_MS, waitFor } from '../support/wait';

/**
 * The promise's value, or a failure naming what it waited for after `ms`. A call blocked by the other
 * session's open transaction would wait for good (that transaction ends after these calls), so a
 * bound that holds on a loaded machine still tells blocked from slow.
 */
const within = <T>(ms: number, what: string, promise: Promise<T>) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} waited over ${ms} ms`)), ms))]);

describe.each(backends)('concurrent writers (%s)', (backend) => {
  const env = useInstalledApp(backend);
  // Read when needed, not when the file loads: a run across midnight in São Paulo must see the new day.
  const today = () => appToday();
  const rows = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    ((await env.t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const figures = () =>
    rows(sql`SELECT (SELECT json_agg(v ORDER BY tabela) FROM (SELECT tabela, sum(versao)::text AS versao FROM versoes GROUP BY tabela) v) AS versoes,
                    (SELECT json_agg(r ORDER BY duedate, status) FROM (SELECT duedate, status, sum(qnt)::text AS qnt, sum(valor)::text AS valor
                       FROM cobrancas_resumo_dia GROUP BY 1, 2) r) AS resumo,
                    (SELECT json_agg(r ORDER BY dia) FROM (SELECT dia, sum(qnt)::text AS qnt, sum(valor)::text AS valor
                       FROM cobrancas_recebidas_dia GROUP BY 1) r) AS recebidas`);

  it.runIf(backend === 'postgres')(
    'a charge or a client saved while another session holds an uncommitted charge and client write neither waits nor is refused',
    async () => {
      const [a, b, c] = await Promise.all([1, 2, 3].map(async () => (await env.admin.post('/v1/clientes', newCliente())).body));
      const other = new pg.Client({ connectionString: env.t.url });
      await other.connect();
      try {
        await other.query('BEGIN');
        await other.query(
          `INSERT INTO cobrancas (idcliente, descricao, valor, duedate, datecreated, status) VALUES ($1, 'Outra sessão', 10, $2, $3, 0)`,
          [a.id, addDays(today(), 10), today()],
        );
        await other.query(`UPDATE clientes SET complement = 'outra sessão' WHERE id = $1`, [a.id]);
        const charge = { idcliente: b.id, descricao: 'Mensalidade', valor: 89.9, duedate: addDays(today(), 10) };
        expect((await within(WAIT_MS, 'a charge', env.admin.post('/v1/cobrancas', charge))).status).toBe(201);
        expect((await within(WAIT_MS, 'a client', env.admin.put(`/v1/clientes/${c.id}`, { ...c, complement: 'casa' }))).status).toBe(200);
        // Paid by staff: the client's reconciliation and the received rollup, too.
        const created = (await env.admin.get(`/v1/cobrancas?idcliente=${b.id}`)).body.Items[0];
        expect((await within(WAIT_MS, 'a payment', env.admin.put(`/v1/cobrancas/${created.id}`, { ...created, status: 1 }))).status).toBe(
          200,
        );
        await other.query('COMMIT');
      } finally {
        await other.end();
      }
      // Both sessions' writes count, and the list is exact.
      const list = (await env.admin.get(`/v1/cobrancas?dataInicio=${addDays(today(), 10)}&dataFim=${addDays(today(), 10)}`)).body;
      expect(list.meta.total).toBe(2);
      expect(list.Informacoes.qnt).toMatchObject({ total: 2, recebidas: 1, avencer: 1 });
    },
  );

  it('folding the rows of ended sessions into session 0 changes no version and no figure', async () => {
    const cliente = (await env.admin.post('/v1/clientes', newCliente())).body;
    for (const days of [-3, 0, 4])
      await env.admin.post('/v1/cobrancas', {
        idcliente: cliente.id,
        descricao: 'Mensalidade',
        valor: 50,
        duedate: addDays(today(), days),
      });
    if (backend === 'postgres') {
      // A session that writes and ends leaves its rows behind.
      const ended = new pg.Client({ connectionString: env.t.url });
      await ended.connect();
      const { pid } = (await ended.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0];
      await ended.query(`UPDATE cobrancas SET status = 1, payment_date = $1 WHERE idcliente = $2 AND duedate = $1`, [today(), cliente.id]);
      await ended.end();
      // Ended once the server no longer lists it (what foldEndedSessions reads), however long that takes.
      await waitFor(async () => (await rows(sql`SELECT 1 FROM pg_stat_activity WHERE pid = ${pid}`)).length === 0);
    }
    const before = await figures();
    await env.t.database.db.transaction((tx) => foldEndedSessions(tx));
    expect(await figures()).toEqual(before);
    if (backend === 'postgres') {
      const live = await rows<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM versoes WHERE sessao <> 0 AND sessao NOT IN (SELECT pid FROM pg_stat_activity)`,
      );
      expect(live[0].n).toBe(0);
    }
  });
});
