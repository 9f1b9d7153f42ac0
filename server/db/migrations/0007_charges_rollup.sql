CREATE TABLE "cobrancas_recebidas_dia" (
	"dia" date PRIMARY KEY NOT NULL,
	"qnt" bigint NOT NULL,
	"valor" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cobrancas_resumo_dia" (
	"duedate" date NOT NULL,
	"status" smallint NOT NULL,
	"qnt" bigint NOT NULL,
	"valor" numeric(18, 2) NOT NULL,
	CONSTRAINT "cobrancas_resumo_dia_duedate_status_pk" PRIMARY KEY("duedate","status")
);
--> statement-breakpoint
DROP INDEX "cobrancas_duedate_idx";--> statement-breakpoint
CREATE INDEX "cobrancas_duedate_status_id_idx" ON "cobrancas" USING btree ("duedate","status","id");--> statement-breakpoint
-- The rollups follow every statement on cobrancas, in its transaction: the statement's new rows
-- (transition table `novas`) count +1 and +valor, its old rows (`antigas`) -1 and -valor, summed per
-- day and status and added to the summary rows, so a batch of 1,000 inserts writes about 30 summary
-- rows, and an update that moves no status, value or date writes none. A received charge (status 1)
-- counts on its payment day, or on its due date when none was recorded (/financeiro's series).
-- Rows go in key order, so that concurrent writers lock summary rows in the same order.
CREATE FUNCTION cobrancas_resumo() RETURNS trigger LANGUAGE plpgsql AS $$
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
      INSERT INTO cobrancas_resumo_dia AS t (duedate, status, qnt, valor)
      SELECT duedate, status, sum(n), sum(valor) FROM d
      GROUP BY duedate, status HAVING sum(n) <> 0 OR sum(valor) <> 0 ORDER BY duedate, status
      ON CONFLICT (duedate, status) DO UPDATE SET qnt = t.qnt + excluded.qnt, valor = t.valor + excluded.valor
    )
    INSERT INTO cobrancas_recebidas_dia AS t (dia, qnt, valor)
    SELECT coalesce(payment_date, duedate), sum(n), sum(valor) FROM d WHERE status = 1
    GROUP BY 1 HAVING sum(n) <> 0 OR sum(valor) <> 0 ORDER BY 1
    ON CONFLICT (dia) DO UPDATE SET qnt = t.qnt + excluded.qnt, valor = t.valor + excluded.valor
  $sql$, delta);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- One trigger per event (a trigger with transition tables has one event). Named after
-- cobrancas_versao (migration 0001) so that they fire after it: a writer first takes its lock on the
-- table's version row, which serializes writers before any of them locks a summary row.
CREATE TRIGGER resumo_insert AFTER INSERT ON cobrancas REFERENCING NEW TABLE AS novas
  FOR EACH STATEMENT EXECUTE FUNCTION cobrancas_resumo();
--> statement-breakpoint
CREATE TRIGGER resumo_update AFTER UPDATE ON cobrancas REFERENCING OLD TABLE AS antigas NEW TABLE AS novas
  FOR EACH STATEMENT EXECUTE FUNCTION cobrancas_resumo();
--> statement-breakpoint
CREATE TRIGGER resumo_delete AFTER DELETE ON cobrancas REFERENCING OLD TABLE AS antigas
  FOR EACH STATEMENT EXECUTE FUNCTION cobrancas_resumo();
--> statement-breakpoint
CREATE TRIGGER resumo_truncate AFTER TRUNCATE ON cobrancas
  FOR EACH STATEMENT EXECUTE FUNCTION cobrancas_resumo();
--> statement-breakpoint
-- The charges already there (the triggers hold the table's lock until the migration commits).
INSERT INTO cobrancas_resumo_dia (duedate, status, qnt, valor)
SELECT duedate, status, count(*), sum(valor) FROM cobrancas GROUP BY duedate, status;
--> statement-breakpoint
INSERT INTO cobrancas_recebidas_dia (dia, qnt, valor)
SELECT coalesce(payment_date, duedate), count(*), sum(valor) FROM cobrancas WHERE status = 1 GROUP BY 1;
--> statement-breakpoint
-- The charges' list shows overdue values at the company's default rates: its cached replies follow
-- company_settings' version too (server/routes/cobrancas.ts listTables), as they follow the tables'.
CREATE TRIGGER company_settings_versao AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON company_settings
  FOR EACH STATEMENT EXECUTE FUNCTION bump_versao();
