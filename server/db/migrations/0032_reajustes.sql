CREATE TABLE "reajustes" (
	"id" serial PRIMARY KEY NOT NULL,
	"idcontrato" integer NOT NULL,
	"competencia" text NOT NULL,
	"indice" text NOT NULL,
	"percentual" numeric(9, 4),
	"origem" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'aguardando_indice' NOT NULL,
	"itens" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total_atual" numeric(12, 2) DEFAULT '0' NOT NULL,
	"total_novo" numeric(12, 2) DEFAULT '0' NOT NULL,
	"aplicado_em" timestamp with time zone,
	"idusuario" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contratos" ADD COLUMN "reajuste" jsonb DEFAULT '{"indice":"nenhum","percentual":null,"mes":null}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "reajustes" ADD CONSTRAINT "reajustes_idcontrato_contratos_id_fk" FOREIGN KEY ("idcontrato") REFERENCES "public"."contratos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reajustes_contrato_competencia_key" ON "reajustes" USING btree ("idcontrato","competencia");--> statement-breakpoint
CREATE INDEX "reajustes_competencia_status_idx" ON "reajustes" USING btree ("competencia","status","id");--> statement-breakpoint
CREATE INDEX "reajustes_status_idx" ON "reajustes" USING btree ("status") WHERE "reajustes"."status" = 'aguardando_indice';--> statement-breakpoint
-- Existing contracts: no readjustment until staff choose one; the anniversary month is the creation month.
UPDATE "contratos" SET "reajuste" = jsonb_build_object('indice', 'nenhum', 'percentual', NULL, 'mes', EXTRACT(MONTH FROM "created_at")::int);
