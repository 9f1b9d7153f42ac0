-- The clients' list (their bloqueio: parcial, total), the vehicles' and the fleet's rows (bloqueado)
-- read contract items since the block per contract (DESIGN 11): their cached replies follow the
-- versions of the tables they read (migration 0001), so a change of an item bumps its table's.
CREATE TRIGGER contratos_itens_versao AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON contratos_itens
  FOR EACH STATEMENT EXECUTE FUNCTION bump_versao();
