/**
 * The stock lists' kept counts (migration 0019): after every kind of write to trackers and chips,
 * through the API, in plain SQL, in one transaction and concurrently, the list's total and
 * meta.resumo filtered by situacao and idtecnico (read from estoque_contagens) equal SQL's count(*)
 * of the units, as do those with any other filter (counted from the units); and a writer never
 * waits on another session's count.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { SITUACOES } from '../../domain/estoque';
import { foldEndedSessions } from '../../server/db/versions';
import { backends, newTecnico, useInstalledApp } from '../support/app';
import { newChip, newCliente, newTracker, newVeiculo } from '../support/registry';
import { WAIT_MS, waitFor } from '../support/wait';

type Recurso = 'trackres' | 'chips';

/**
 * The promise's value, or a failure naming what it waited for after `ms`. A call blocked by the other
 * session's open transaction would wait for good (that transaction ends after these calls), so a
 * bound that holds on a loaded machine still tells blocked from slow.
 */
const within = <T>(ms: number, what: string, promise: Promise<T>) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} waited over ${ms} ms`)), ms))]);

describe.each(backends)('estoque: counts kept per situacao and técnico (%s)', (backend) => {
  const env = useInstalledApp(backend);
  const rows = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    ((await env.t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const post = async (path: string, body: unknown) => {
    const reply = await env.admin.post(path, body);
    expect(reply.status, `${path}: ${JSON.stringify(reply.body)}`).toBe(201);
    return reply.body;
  };
  const put = async (path: string, body: unknown) => {
    const reply = await env.admin.put(path, body);
    expect(reply.status, `${path}: ${JSON.stringify(reply.body)}`).toBe(200);
    return reply.body;
  };
  const remove = async (path: string) => expect((await env.admin.delete(path)).status).toBe(200);
  const mover = (recurso: Recurso, id: number, body: Record<string, unknown>) => post(`/v1/${recurso}/${id}/movimentos`, body);
  const tecnico = async () => (await post('/v1/users', newTecnico())).id as number;
  const vehicle = async () => post('/v1/veiculos', newVeiculo((await post('/v1/clientes', newCliente())).id));

  /** count(*) of the units per situacao, for `where` (SQL over the unit's table). */
  const countRows = async (recurso: Recurso, where: ReturnType<typeof sql>) => {
    const found = await rows<{ situacao: string; n: number }>(
      sql`SELECT situacao, count(*)::int AS n FROM ${sql.identifier(recurso)} WHERE ${where} GROUP BY situacao`,
    );
    return Object.fromEntries(SITUACOES.map((s) => [s, found.find((r) => r.situacao === s)?.n ?? 0]));
  };

  /**
   * Every list shape the counts serve (none, each situacao, each técnico, a técnico and a situacao),
   * and two they do not (a pesquisa, and the chips' status / the trackers' client): total and resumo
   * equal count(*); and the kept rows, summed, equal the units grouped (none negative).
   */
  const expectExact = async (recurso: Recurso, tecnicos: number[]) => {
    const shapes: [string, ReturnType<typeof sql>][] = [['', sql`true`]];
    for (const t of tecnicos) shapes.push([`idtecnico=${t}`, sql`idtecnico = ${t}`]);
    shapes.push(['pesquisa=a', sql`busca LIKE '%a%'`]);
    shapes.push(recurso === 'chips' ? ['status=0', sql`device_id = 0`] : ['idcliente=0', sql`idcliente = 0`]);
    for (const [query, where] of shapes) {
      const resumo = await countRows(recurso, where);
      for (const situacao of [undefined, ...SITUACOES]) {
        const path = `/v1/${recurso}?${[query, situacao && `situacao=${situacao}`].filter(Boolean).join('&')}&pageSize=1`;
        const reply = await env.admin.get(path);
        expect(reply.status, path).toBe(200);
        const total = situacao ? resumo[situacao] : Object.values(resumo).reduce((a, b) => a + b, 0);
        expect({ path, total: reply.body.meta.total, resumo: reply.body.meta.resumo }).toEqual({ path, total, resumo });
      }
    }
    const kept = await rows(sql`SELECT situacao, idtecnico, sum(n)::int AS n FROM estoque_contagens WHERE recurso = ${recurso}
                                GROUP BY 1, 2 HAVING sum(n) <> 0 ORDER BY 1, 2`);
    const units = await rows(sql`SELECT situacao, coalesce(idtecnico, 0) AS idtecnico, count(*)::int AS n FROM ${sql.identifier(recurso)}
                                 GROUP BY 1, 2 ORDER BY 1, 2`);
    expect(kept).toEqual(units);
    expect(await rows(sql`SELECT 1 FROM estoque_contagens GROUP BY recurso, situacao, idtecnico HAVING sum(n) < 0`)).toEqual([]);
  };
  const expectBoth = async (tecnicos: number[]) => {
    await expectExact('trackres', tecnicos);
    await expectExact('chips', tecnicos);
  };

  it('through the API: create, move to técnicos, manutenção and baixa, link and unlink (instalado), back to estoque, remove', async () => {
    const [t1, t2] = [await tecnico(), await tecnico()];
    const trackers = [];
    const chipList = [];
    for (let i = 0; i < 6; i++) trackers.push(await post('/v1/trackres', newTracker()));
    for (let i = 0; i < 5; i++) chipList.push(await post('/v1/chips', newChip()));
    await expectBoth([t1, t2]);
    await mover('trackres', trackers[0].id, { situacao: 'tecnico', idtecnico: t1 });
    await mover('trackres', trackers[1].id, { situacao: 'tecnico', idtecnico: t1 });
    await mover('trackres', trackers[2].id, { situacao: 'tecnico', idtecnico: t2 });
    await mover('trackres', trackers[3].id, { situacao: 'manutencao', motivo: 'Sem sinal' });
    await mover('chips', chipList[0].id, { situacao: 'tecnico', idtecnico: t2 });
    await mover('chips', chipList[1].id, { situacao: 'baixado', motivo: 'Cancelado na operadora' });
    await expectBoth([t1, t2]);
    // From one técnico to another, then back to the shelf.
    await mover('trackres', trackers[1].id, { situacao: 'tecnico', idtecnico: t2 });
    await mover('chips', chipList[0].id, { situacao: 'estoque' });
    await expectBoth([t1, t2]);
    // Installed by the link, from either side; back to estoque when unlinked.
    const v = await vehicle();
    await put(`/v1/trackres/${trackers[4].id}`, { ...newTracker({ imei: trackers[4].imei }), idveiculo: v.id, chipId: chipList[2].id });
    await put(`/v1/chips/${chipList[3].id}`, {
      ...newChip({ iccid: chipList[3].iccid, phone: chipList[3].phone }),
      deviceId: trackers[5].id,
    });
    await expectBoth([t1, t2]);
    await put(`/v1/trackres/${trackers[4].id}`, { ...newTracker({ imei: trackers[4].imei }), idveiculo: 0, chipId: 0 });
    await expectBoth([t1, t2]);
    // Removing units, one in a técnico's hands.
    await remove(`/v1/trackres/${trackers[0].id}`);
    await remove(`/v1/chips/${chipList[4].id}`);
    await mover('trackres', trackers[2].id, { situacao: 'baixado', motivo: 'Perdido' });
    await expectBoth([t1, t2]);
    // A change that moves no unit writes no count.
    const before = await rows(sql`SELECT * FROM estoque_contagens ORDER BY 1, 2, 3, 4`);
    await put(`/v1/trackres/${trackers[3].id}`, { ...newTracker({ imei: trackers[3].imei }), modelo: 'ST310U' });
    expect(await rows(sql`SELECT * FROM estoque_contagens ORDER BY 1, 2, 3, 4`)).toEqual(before);
  });

  it('in plain SQL: multi-row inserts, set-wide moves, deletes, several statements in one transaction, one undone', async () => {
    const [t1, t2, t3] = [await tecnico(), await tecnico(), await tecnico()];
    const db = env.t.database.db;
    await db.execute(sql`
      INSERT INTO trackres (imei, modelo, marca, situacao, idtecnico)
      SELECT lpad((880000000000000 + g)::text, 15, '0'), 'GT06', 'Coban', (ARRAY['estoque','tecnico','instalado','manutencao','baixado'])[1 + g % 5],
             CASE WHEN g % 5 = 1 THEN (ARRAY[${t1}::int, ${t2}::int, ${t3}::int])[1 + g % 3] END
      FROM generate_series(1, 600) g`);
    await db.execute(sql`
      INSERT INTO chips (phone, iccid, situacao, idtecnico)
      SELECT '11' || lpad(g::text, 9, '0'), '8955' || lpad(g::text, 15, '0'), (ARRAY['estoque','tecnico','manutencao','baixado'])[1 + g % 4],
             CASE WHEN g % 4 = 1 THEN ${t2}::int END
      FROM generate_series(1, 300) g`);
    await expectBoth([t1, t2, t3]);
    await db.execute(sql`UPDATE trackres SET situacao = 'tecnico', idtecnico = ${t3} WHERE situacao = 'estoque' AND id % 3 = 0`);
    await db.execute(sql`UPDATE trackres SET idtecnico = ${t1} WHERE idtecnico = ${t2}`);
    await db.execute(sql`UPDATE chips SET situacao = 'baixado', idtecnico = NULL WHERE id % 5 = 0`);
    await db.execute(sql`DELETE FROM trackres WHERE id % 7 = 0`);
    await db.execute(sql`DELETE FROM chips WHERE situacao = 'manutencao' AND id % 2 = 0`);
    await expectBoth([t1, t2, t3]);
    // Undone: the counts follow what commits.
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`UPDATE trackres SET situacao = 'baixado', idtecnico = NULL WHERE situacao = 'tecnico'`);
        await tx.execute(sql`DELETE FROM chips WHERE situacao = 'estoque'`);
        throw new Error('desfeita');
      })
      .catch((error: Error) => expect(error.message).toBe('desfeita'));
    await expectBoth([t1, t2, t3]);
    await db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE trackres SET situacao = 'manutencao', idtecnico = NULL WHERE idtecnico = ${t1} AND id % 2 = 0`);
      await tx.execute(
        sql`INSERT INTO trackres (imei, situacao, idtecnico) VALUES ('990000000000001', 'tecnico', ${t2}), ('990000000000002', 'estoque', NULL)`,
      );
      await tx.execute(sql`DELETE FROM trackres WHERE situacao = 'baixado' AND id % 3 = 0`);
      await tx.execute(sql`UPDATE chips SET situacao = 'tecnico', idtecnico = ${t3} WHERE situacao = 'estoque'`);
    });
    await expectBoth([t1, t2, t3]);
  });

  it('concurrently: creates, moves, links and removes of different units at once', async () => {
    const [t1, t2] = [await tecnico(), await tecnico()];
    const trackers = await Promise.all(Array.from({ length: 8 }, () => post('/v1/trackres', newTracker())));
    const chipList = await Promise.all(Array.from({ length: 8 }, () => post('/v1/chips', newChip())));
    const vehicles = await Promise.all([vehicle(), vehicle()]);
    await Promise.all([
      ...trackers.slice(0, 4).map((t, i) => mover('trackres', t.id, { situacao: 'tecnico', idtecnico: i % 2 ? t1 : t2 })),
      ...chipList
        .slice(0, 4)
        .map((c, i) => mover('chips', c.id, i % 2 ? { situacao: 'tecnico', idtecnico: t1 } : { situacao: 'manutencao' })),
      put(`/v1/trackres/${trackers[4].id}`, {
        ...newTracker({ imei: trackers[4].imei }),
        idveiculo: vehicles[0].id,
        chipId: chipList[4].id,
      }),
      put(`/v1/trackres/${trackers[5].id}`, { ...newTracker({ imei: trackers[5].imei }), idveiculo: vehicles[1].id }),
      remove(`/v1/trackres/${trackers[6].id}`),
      remove(`/v1/chips/${chipList[5].id}`),
      ...Array.from({ length: 4 }, () => post('/v1/trackres', newTracker())),
      ...Array.from({ length: 4 }, () => post('/v1/chips', newChip())),
    ]);
    await expectBoth([t1, t2]);
  });

  it.runIf(backend === 'postgres')(
    "a unit moved, created or removed while another session holds an uncommitted move of the same técnico's units neither waits nor is refused",
    async () => {
      const t1 = await tecnico();
      const [a, b, c] = await Promise.all([1, 2, 3].map(() => post('/v1/trackres', newTracker())));
      const chip = await post('/v1/chips', newChip());
      const other = new pg.Client({ connectionString: env.t.url });
      await other.connect();
      try {
        await other.query('BEGIN');
        // The same situacao and técnico, the same resources: before this migration's per-session rows, the same count row.
        await other.query(`UPDATE trackres SET situacao = 'tecnico', idtecnico = $1 WHERE id = $2`, [t1, a.id]);
        await other.query(`INSERT INTO trackres (imei, situacao, idtecnico) VALUES ('990000000000009', 'tecnico', $1)`, [t1]);
        await other.query(`UPDATE chips SET situacao = 'tecnico', idtecnico = $1 WHERE id = $2`, [t1, chip.id]);
        await within(WAIT_MS, 'a move', mover('trackres', b.id, { situacao: 'tecnico', idtecnico: t1 }));
        await within(WAIT_MS, 'a new tracker', post('/v1/trackres', newTracker()));
        await within(WAIT_MS, 'a new chip', post('/v1/chips', newChip()));
        await within(WAIT_MS, 'a removal', remove(`/v1/trackres/${c.id}`));
        // A reader sees what is committed, and neither waits.
        const list = (await within(WAIT_MS, 'a list', env.admin.get(`/v1/trackres?idtecnico=${t1}`))).body;
        expect(list.meta.resumo.tecnico).toBe(1);
        await other.query('COMMIT');
      } finally {
        await other.end();
      }
      const list = (await env.admin.get(`/v1/trackres?idtecnico=${t1}`)).body;
      expect(list.meta.resumo.tecnico).toBe(3);
      await expectBoth([t1]);
    },
  );

  it('folding the rows of ended sessions into session 0 changes no count and drops the rows that sum to nothing', async () => {
    const t1 = await tecnico();
    const tracker = await post('/v1/trackres', newTracker());
    await mover('trackres', tracker.id, { situacao: 'tecnico', idtecnico: t1 });
    await mover('trackres', tracker.id, { situacao: 'estoque' });
    if (backend === 'postgres') {
      // A session that writes and ends leaves its rows behind.
      const ended = new pg.Client({ connectionString: env.t.url });
      await ended.connect();
      const { pid } = (await ended.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0];
      await ended.query(`UPDATE chips SET situacao = 'manutencao', idtecnico = NULL WHERE situacao = 'estoque'`);
      await ended.end();
      // Ended once the server no longer lists it (what foldEndedSessions reads), however long that takes.
      await waitFor(async () => (await rows(sql`SELECT 1 FROM pg_stat_activity WHERE pid = ${pid}`)).length === 0);
    }
    const counts = () =>
      rows(
        sql`SELECT recurso, situacao, idtecnico, sum(n)::int AS n FROM estoque_contagens GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3`,
      );
    const before = await counts();
    await env.t.database.db.transaction((tx) => foldEndedSessions(tx));
    expect(await counts()).toEqual(before);
    expect(await rows(sql`SELECT 1 FROM estoque_contagens WHERE sessao = 0 AND n = 0`)).toEqual([]);
    if (backend === 'postgres') {
      const left = await rows<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM estoque_contagens WHERE sessao <> 0 AND sessao NOT IN (SELECT pid FROM pg_stat_activity WHERE pid IS NOT NULL)`,
      );
      expect(left[0].n).toBe(0);
    }
    await expectBoth([t1]);
  });
});
