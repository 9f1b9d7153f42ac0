CREATE TABLE "versoes" (
	"tabela" text PRIMARY KEY NOT NULL,
	"versao" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION bump_versao() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO versoes (tabela, versao) VALUES (TG_TABLE_NAME, 1)
  ON CONFLICT (tabela) DO UPDATE SET versao = versoes.versao + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['users', 'clientes', 'veiculos', 'trackres', 'chips', 'planos', 'contratos', 'assinaturas', 'cobrancas', 'ordensservicos'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION bump_versao()', t || '_versao', t);
  END LOOP;
END $$;
