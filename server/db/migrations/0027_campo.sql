CREATE TABLE "campo_operacoes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"idtecnico" integer NOT NULL,
	"idordemservico" integer NOT NULL,
	"tipo" text NOT NULL,
	"em" timestamp with time zone NOT NULL,
	"resposta" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ordensservicos" ADD COLUMN "versao" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "ordensservicos" ADD COLUMN "versao_vinculos" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "ordensservicos" ADD COLUMN "ordem_rota" integer;--> statement-breakpoint
ALTER TABLE "ordensservicos" ADD COLUMN "checklist_em" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "ordensservicos" ADD COLUMN "assinatura_cliente" jsonb;--> statement-breakpoint
ALTER TABLE "ordensservicos" ADD COLUMN "rejeicao" jsonb;--> statement-breakpoint
ALTER TABLE "campo_operacoes" ADD CONSTRAINT "campo_operacoes_idtecnico_users_id_fk" FOREIGN KEY ("idtecnico") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campo_operacoes_idordemservico_idx" ON "campo_operacoes" USING btree ("idordemservico");--> statement-breakpoint
-- The técnico's phone (DESIGN 11): every change of an order bumps its versao; a change of its
-- client, vehicle or tracker also records that versao in versao_vinculos, which the phone's
-- operations made on an older versaoBase are judged against (a conflict).
CREATE FUNCTION ordensservicos_versao() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A write that changes nothing (a PUT of the order as read, a copy of the same client's name) keeps it.
  IF (to_jsonb(NEW) - 'updated_at' - 'busca' - 'versao' - 'versao_vinculos')
     = (to_jsonb(OLD) - 'updated_at' - 'busca' - 'versao' - 'versao_vinculos') THEN
    NEW.versao := OLD.versao;
    NEW.versao_vinculos := OLD.versao_vinculos;
    RETURN NEW;
  END IF;
  NEW.versao := OLD.versao + 1;
  IF NEW.idcliente IS DISTINCT FROM OLD.idcliente OR NEW.idveiculo IS DISTINCT FROM OLD.idveiculo
     OR NEW.iddevice IS DISTINCT FROM OLD.iddevice THEN
    NEW.versao_vinculos := NEW.versao;
  ELSE
    NEW.versao_vinculos := OLD.versao_vinculos;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER ordensservicos_versao_linha BEFORE UPDATE ON ordensservicos FOR EACH ROW EXECUTE FUNCTION ordensservicos_versao();
