ALTER TABLE "contratos" ADD COLUMN "bloqueio" text;--> statement-breakpoint
ALTER TABLE "contratos" ADD COLUMN "bloqueio_override" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "contratos" ADD COLUMN "traccar_ocupado_ate" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contratos_itens" ADD COLUMN "traccar_bloqueado" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "contratos_bloqueio_idx" ON "contratos" USING btree ("idcliente") WHERE "contratos"."bloqueio" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "contratos_itens_bloqueado_idx" ON "contratos_itens" USING btree ("idcontrato") WHERE "contratos_itens"."bloqueado";--> statement-breakpoint
CREATE INDEX "contratos_itens_traccar_devido_idx" ON "contratos_itens" USING btree ("idcontrato") WHERE "contratos_itens"."bloqueado" <> "contratos_itens"."traccar_bloqueado";