/**
 * Table versions, the charges' rollups and the fleet's counts (migrations 0010 and 0018) are kept
 * one row per database session, so writers never wait on each other's rows; a figure is the sum of
 * its rows. Rows of sessions that have ended are folded into session 0 by the billing run, so the
 * rows stay a few per live session. A row of a live session is never touched: its writer may hold it.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';

/** Sessions that no longer exist: their rows have no writer left. */
const ended = sql`sessao <> 0 AND sessao NOT IN (SELECT pid FROM pg_stat_activity WHERE pid IS NOT NULL)`;

/** Folds the rows of ended sessions into session 0, in the caller's transaction; the sums do not change. */
export async function foldEndedSessions(tx: DbOrTx): Promise<void> {
  // The stock's counts (migration 0019); a count that reaches 0 in session 0 (a técnico's, once
  // their units are gone) is dropped, so the rows stay a few per situation and técnico.
  await tx.execute(sql`
    WITH gone AS (DELETE FROM estoque_contagens WHERE ${ended} RETURNING recurso, situacao, idtecnico, n)
    INSERT INTO estoque_contagens AS t (recurso, situacao, idtecnico, sessao, n)
    SELECT recurso, situacao, idtecnico, 0, sum(n) FROM gone GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (recurso, situacao, idtecnico, sessao) DO UPDATE SET n = t.n + excluded.n`);
  await tx.execute(sql`DELETE FROM estoque_contagens WHERE sessao = 0 AND n = 0`);
  await tx.execute(sql`
    WITH gone AS (DELETE FROM versoes WHERE ${ended} RETURNING tabela, versao)
    INSERT INTO versoes AS t (tabela, sessao, versao)
    SELECT tabela, 0, sum(versao) FROM gone GROUP BY tabela ORDER BY tabela
    ON CONFLICT (tabela, sessao) DO UPDATE SET versao = t.versao + excluded.versao`);
  await tx.execute(sql`
    WITH gone AS (DELETE FROM cobrancas_resumo_dia WHERE ${ended} RETURNING duedate, status, qnt, valor)
    INSERT INTO cobrancas_resumo_dia AS t (duedate, status, sessao, qnt, valor)
    SELECT duedate, status, 0, sum(qnt), sum(valor) FROM gone GROUP BY duedate, status ORDER BY duedate, status
    ON CONFLICT (duedate, status, sessao) DO UPDATE SET qnt = t.qnt + excluded.qnt, valor = t.valor + excluded.valor`);
  await tx.execute(sql`
    WITH gone AS (DELETE FROM cobrancas_recebidas_dia WHERE ${ended} RETURNING dia, qnt, valor)
    INSERT INTO cobrancas_recebidas_dia AS t (dia, sessao, qnt, valor)
    SELECT dia, 0, sum(qnt), sum(valor) FROM gone GROUP BY dia ORDER BY dia
    ON CONFLICT (dia, sessao) DO UPDATE SET qnt = t.qnt + excluded.qnt, valor = t.valor + excluded.valor`);
  await tx.execute(sql`
    WITH gone AS (DELETE FROM frota_resumo WHERE ${ended} RETURNING situacao, n)
    INSERT INTO frota_resumo AS t (situacao, sessao, n)
    SELECT situacao, 0, sum(n) FROM gone GROUP BY situacao ORDER BY situacao
    ON CONFLICT (situacao, sessao) DO UPDATE SET n = t.n + excluded.n`);
}
