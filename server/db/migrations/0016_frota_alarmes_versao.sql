-- Trackers' list shows each tracker's last alarm (issue 20: "They show on the tracker"), read from
-- frota_estado.ultimo_alarme, which changes only when an alarm is kept in frota_alarmes. The list's
-- cached replies follow the versions of the tables they read (migration 0001), so an alarm kept
-- bumps frota_alarmes' version; a batch that inserts nothing (an event read twice) bumps nothing, and
-- positions (frota_estado's many writes) never do.
CREATE OR REPLACE FUNCTION bump_versao_se_inseriu() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM novas) THEN
    INSERT INTO versoes (tabela, sessao, versao) VALUES (TG_TABLE_NAME, pg_backend_pid(), 1)
    ON CONFLICT (tabela, sessao) DO UPDATE SET versao = versoes.versao + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER frota_alarmes_versao AFTER INSERT ON frota_alarmes REFERENCING NEW TABLE AS novas
  FOR EACH STATEMENT EXECUTE FUNCTION bump_versao_se_inseriu();--> statement-breakpoint
CREATE TRIGGER frota_alarmes_versao_remocao AFTER DELETE OR TRUNCATE ON frota_alarmes
  FOR EACH STATEMENT EXECUTE FUNCTION bump_versao();
