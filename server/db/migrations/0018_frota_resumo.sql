CREATE TABLE "frota_resumo" (
	"situacao" text NOT NULL,
	"sessao" integer DEFAULT 0 NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "frota_resumo_situacao_sessao_pk" PRIMARY KEY("situacao","sessao")
);
--> statement-breakpoint
-- The fleet's count per situation (GET /v1/frota's resumo, issue 20's budget) follows every
-- statement on frota_estado, in its transaction, as the charges' rollups do (migrations 0007 and
-- 0010): the statement's new rows (`novas`) count +1 for their situation, its old rows (`antigas`)
-- -1, summed per situation into the writer session's own row (`sessao`, the backend's pid), so
-- writers never wait on each other's rows. A batch of positions moves no situation and writes
-- nothing here; only the rare statement that changes a situation, adds or removes a tracker does.
-- A count is the sum of its rows, read in the reader's snapshot: always equal to count(*).
CREATE FUNCTION frota_resumo_contar() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT situacao, 1 AS n FROM novas'
    WHEN 'DELETE' THEN 'SELECT situacao, -1 AS n FROM antigas'
    ELSE 'SELECT situacao, 1 AS n FROM novas UNION ALL SELECT situacao, -1 FROM antigas'
  END;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM frota_resumo;
    RETURN NULL;
  END IF;
  EXECUTE format($sql$
    INSERT INTO frota_resumo AS r (situacao, sessao, n)
    SELECT situacao, pg_backend_pid(), sum(n) FROM (%s) d
    GROUP BY situacao HAVING sum(n) <> 0 ORDER BY situacao
    ON CONFLICT (situacao, sessao) DO UPDATE SET n = r.n + excluded.n
  $sql$, delta);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER frota_resumo_insert AFTER INSERT ON frota_estado REFERENCING NEW TABLE AS novas
  FOR EACH STATEMENT EXECUTE FUNCTION frota_resumo_contar();
--> statement-breakpoint
CREATE TRIGGER frota_resumo_update AFTER UPDATE ON frota_estado REFERENCING OLD TABLE AS antigas NEW TABLE AS novas
  FOR EACH STATEMENT EXECUTE FUNCTION frota_resumo_contar();
--> statement-breakpoint
CREATE TRIGGER frota_resumo_delete AFTER DELETE ON frota_estado REFERENCING OLD TABLE AS antigas
  FOR EACH STATEMENT EXECUTE FUNCTION frota_resumo_contar();
--> statement-breakpoint
CREATE TRIGGER frota_resumo_truncate AFTER TRUNCATE ON frota_estado
  FOR EACH STATEMENT EXECUTE FUNCTION frota_resumo_contar();
--> statement-breakpoint
-- The trackers already there (the triggers hold the table's lock until the migration commits).
INSERT INTO frota_resumo (situacao, sessao, n) SELECT situacao, 0, count(*) FROM frota_estado GROUP BY situacao;
