-- Custom SQL migration (drizzle-kit generate --custom).
-- Every app process caches sessions; these notifications tell all of them when a session ends
-- or its user changes (blocked, demoted, new password, removed), within the writing commit.
CREATE FUNCTION notificar_sessao() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('rastreio_sessoes', 's:' || OLD.token_hash);
  ELSE
    PERFORM pg_notify('rastreio_sessoes', 'u:' || OLD.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_notificar AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION notificar_sessao();
--> statement-breakpoint
CREATE TRIGGER users_notificar AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION notificar_sessao();
