CREATE TABLE "importacao_ignoradas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"idimportacao" integer NOT NULL,
	"linha" integer NOT NULL,
	"motivo" text NOT NULL,
	"registro" jsonb
);
--> statement-breakpoint
ALTER TABLE "importacao_ignoradas" ADD CONSTRAINT "importacao_ignoradas_idimportacao_importacoes_id_fk" FOREIGN KEY ("idimportacao") REFERENCES "public"."importacoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "importacao_ignoradas_idimportacao_idx" ON "importacao_ignoradas" USING btree ("idimportacao","linha");