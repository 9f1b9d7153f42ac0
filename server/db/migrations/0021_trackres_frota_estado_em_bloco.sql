-- A tracker's frota_estado row (migration 0014) is made by one statement for all the trackers a
-- statement inserts (an import's batch inserts 500 at once), no longer by a row trigger: that ran
-- its INSERT once per tracker, and each of those INSERTs ran frota_estado's own statement trigger
-- (frota_resumo, migration 0018) again.
CREATE OR REPLACE FUNCTION frota_estado_novos() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO frota_estado (idrastreador) SELECT id FROM novos ORDER BY id ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER trackres_frota_estado ON trackres;--> statement-breakpoint
CREATE TRIGGER trackres_frota_estado AFTER INSERT ON trackres REFERENCING NEW TABLE AS novos
  FOR EACH STATEMENT EXECUTE FUNCTION frota_estado_novos();--> statement-breakpoint
DROP FUNCTION frota_estado_novo();
