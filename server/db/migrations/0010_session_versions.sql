-- Writers in different database sessions never update the same row (issue 19, item 3). A table's
-- version (migration 0001) and a day's rollup figures (migration 0007) become the sum of one row
-- per session that wrote them, `sessao` being the backend's pid: before, every write of a charge
-- waited on the one `versoes` row of `cobrancas` (and of `clientes`, through the client's
-- reconciliation) and on its day's rollup row, until the writer's transaction committed. The sums
-- are read in the reader's snapshot, so they stay exact, and a version still grows with every
-- committed write. The billing run folds the rows of sessions that have ended into `sessao` 0
-- (server/db/versions.ts). The rows already there are session 0.
ALTER TABLE "versoes" ADD COLUMN "sessao" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "versoes" DROP CONSTRAINT "versoes_pkey";--> statement-breakpoint
ALTER TABLE "versoes" ADD CONSTRAINT "versoes_tabela_sessao_pk" PRIMARY KEY("tabela","sessao");--> statement-breakpoint
ALTER TABLE "cobrancas_resumo_dia" ADD COLUMN "sessao" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cobrancas_resumo_dia" DROP CONSTRAINT "cobrancas_resumo_dia_duedate_status_pk";--> statement-breakpoint
ALTER TABLE "cobrancas_resumo_dia" ADD CONSTRAINT "cobrancas_resumo_dia_duedate_status_sessao_pk" PRIMARY KEY("duedate","status","sessao");--> statement-breakpoint
ALTER TABLE "cobrancas_recebidas_dia" ADD COLUMN "sessao" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cobrancas_recebidas_dia" DROP CONSTRAINT "cobrancas_recebidas_dia_pkey";--> statement-breakpoint
ALTER TABLE "cobrancas_recebidas_dia" ADD CONSTRAINT "cobrancas_recebidas_dia_dia_sessao_pk" PRIMARY KEY("dia","sessao");--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_versao() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO versoes (tabela, sessao, versao) VALUES (TG_TABLE_NAME, pg_backend_pid(), 1)
  ON CONFLICT (tabela, sessao) DO UPDATE SET versao = versoes.versao + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cobrancas_resumo() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT duedate, status, payment_date, 1 AS n, valor FROM novas'
    WHEN 'DELETE' THEN 'SELECT duedate, status, payment_date, -1 AS n, -valor AS valor FROM antigas'
    ELSE 'SELECT duedate, status, payment_date, 1 AS n, valor FROM novas
          UNION ALL SELECT duedate, status, payment_date, -1, -valor FROM antigas'
  END;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM cobrancas_resumo_dia;
    DELETE FROM cobrancas_recebidas_dia;
    RETURN NULL;
  END IF;
  EXECUTE format($sql$
    WITH d AS (%s),
    resumo AS (
      INSERT INTO cobrancas_resumo_dia AS t (duedate, status, sessao, qnt, valor)
      SELECT duedate, status, pg_backend_pid(), sum(n), sum(valor) FROM d
      GROUP BY duedate, status HAVING sum(n) <> 0 OR sum(valor) <> 0 ORDER BY duedate, status
      ON CONFLICT (duedate, status, sessao) DO UPDATE SET qnt = t.qnt + excluded.qnt, valor = t.valor + excluded.valor
    )
    INSERT INTO cobrancas_recebidas_dia AS t (dia, sessao, qnt, valor)
    SELECT coalesce(payment_date, duedate), pg_backend_pid(), sum(n), sum(valor) FROM d WHERE status = 1
    GROUP BY 1 HAVING sum(n) <> 0 OR sum(valor) <> 0 ORDER BY 1
    ON CONFLICT (dia, sessao) DO UPDATE SET qnt = t.qnt + excluded.qnt, valor = t.valor + excluded.valor
  $sql$, delta);
  RETURN NULL;
END $$;
