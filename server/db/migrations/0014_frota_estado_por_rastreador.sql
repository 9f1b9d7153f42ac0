-- Every tracker has its row in frota_estado (DESIGN 10, "Fleet"): a new tracker starts as 'nunca',
-- so the fleet's counts and pages read frota_estado alone (its situacao index), without an outer
-- join from trackres on every request. Existing trackers get theirs now.
CREATE OR REPLACE FUNCTION frota_estado_novo() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO frota_estado (idrastreador) VALUES (NEW.id) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER trackres_frota_estado AFTER INSERT ON trackres FOR EACH ROW EXECUTE FUNCTION frota_estado_novo();--> statement-breakpoint
INSERT INTO frota_estado (idrastreador) SELECT id FROM trackres ON CONFLICT DO NOTHING;
