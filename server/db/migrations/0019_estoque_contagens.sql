-- How many trackers and chips are in each situation and técnico's hands, for the stock lists' total
-- and meta.resumo (issue 22's budget): a figure is the sum of its rows, one per database session that
-- wrote it (`sessao`, the backend's pid; 0 once folded by the billing run, server/db/versions.ts), as
-- versoes and the charges' rollups are (migration 0010). `idtecnico` 0 is none.
CREATE TABLE "estoque_contagens" (
	"recurso" text NOT NULL,
	"situacao" text NOT NULL,
	"idtecnico" integer DEFAULT 0 NOT NULL,
	"sessao" integer DEFAULT 0 NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "estoque_contagens_recurso_situacao_idtecnico_sessao_pk" PRIMARY KEY("recurso","situacao","idtecnico","sessao")
);
--> statement-breakpoint
-- The counts follow every statement on trackres and chips, in its transaction: the statement's new
-- rows (transition table `novas`) count +1 under their situacao and técnico, its old rows (`antigas`)
-- -1, summed and added to this session's rows (`sessao` = the backend's pid), so no two sessions
-- write the same row and a writer never waits on another's count; an update that moves no unit
-- writes nothing. Rows go in key order. Static statements: PL/pgSQL plans each once per session.
CREATE FUNCTION estoque_contagem() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO estoque_contagens AS t (recurso, situacao, idtecnico, sessao, n)
    SELECT TG_TABLE_NAME, situacao, coalesce(idtecnico, 0), pg_backend_pid(), count(*) FROM novas
    GROUP BY 2, 3 ORDER BY 2, 3
    ON CONFLICT (recurso, situacao, idtecnico, sessao) DO UPDATE SET n = t.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO estoque_contagens AS t (recurso, situacao, idtecnico, sessao, n)
    SELECT TG_TABLE_NAME, situacao, coalesce(idtecnico, 0), pg_backend_pid(), -count(*) FROM antigas
    GROUP BY 2, 3 ORDER BY 2, 3
    ON CONFLICT (recurso, situacao, idtecnico, sessao) DO UPDATE SET n = t.n + excluded.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO estoque_contagens AS t (recurso, situacao, idtecnico, sessao, n)
    SELECT TG_TABLE_NAME, situacao, idtecnico, pg_backend_pid(), sum(n) FROM (
      SELECT situacao, coalesce(idtecnico, 0) AS idtecnico, 1 AS n FROM novas
      UNION ALL SELECT situacao, coalesce(idtecnico, 0), -1 FROM antigas
    ) d
    GROUP BY 2, 3 HAVING sum(n) <> 0 ORDER BY 2, 3
    ON CONFLICT (recurso, situacao, idtecnico, sessao) DO UPDATE SET n = t.n + excluded.n;
  ELSE
    DELETE FROM estoque_contagens WHERE recurso = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER estoque_contagem_insert AFTER INSERT ON trackres REFERENCING NEW TABLE AS novas
  FOR EACH STATEMENT EXECUTE FUNCTION estoque_contagem();
--> statement-breakpoint
CREATE TRIGGER estoque_contagem_update AFTER UPDATE ON trackres REFERENCING OLD TABLE AS antigas NEW TABLE AS novas
  FOR EACH STATEMENT EXECUTE FUNCTION estoque_contagem();
--> statement-breakpoint
CREATE TRIGGER estoque_contagem_delete AFTER DELETE ON trackres REFERENCING OLD TABLE AS antigas
  FOR EACH STATEMENT EXECUTE FUNCTION estoque_contagem();
--> statement-breakpoint
CREATE TRIGGER estoque_contagem_truncate AFTER TRUNCATE ON trackres
  FOR EACH STATEMENT EXECUTE FUNCTION estoque_contagem();
--> statement-breakpoint
CREATE TRIGGER estoque_contagem_insert AFTER INSERT ON chips REFERENCING NEW TABLE AS novas
  FOR EACH STATEMENT EXECUTE FUNCTION estoque_contagem();
--> statement-breakpoint
CREATE TRIGGER estoque_contagem_update AFTER UPDATE ON chips REFERENCING OLD TABLE AS antigas NEW TABLE AS novas
  FOR EACH STATEMENT EXECUTE FUNCTION estoque_contagem();
--> statement-breakpoint
CREATE TRIGGER estoque_contagem_delete AFTER DELETE ON chips REFERENCING OLD TABLE AS antigas
  FOR EACH STATEMENT EXECUTE FUNCTION estoque_contagem();
--> statement-breakpoint
CREATE TRIGGER estoque_contagem_truncate AFTER TRUNCATE ON chips
  FOR EACH STATEMENT EXECUTE FUNCTION estoque_contagem();
--> statement-breakpoint
-- The units already there, in session 0.
INSERT INTO estoque_contagens (recurso, situacao, idtecnico, sessao, n)
SELECT 'trackres', situacao, coalesce(idtecnico, 0), 0, count(*) FROM trackres GROUP BY 2, 3
UNION ALL
SELECT 'chips', situacao, coalesce(idtecnico, 0), 0, count(*) FROM chips GROUP BY 2, 3;
