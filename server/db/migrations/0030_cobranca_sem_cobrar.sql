ALTER TABLE "assinaturas" ADD COLUMN "desconto" jsonb;--> statement-breakpoint
ALTER TABLE "assinaturas" ADD COLUMN "forma_cobranca" text DEFAULT 'boleto_pix' NOT NULL;--> statement-breakpoint
ALTER TABLE "assinaturas" ADD COLUMN "cartao" jsonb;--> statement-breakpoint
ALTER TABLE "assinaturas" ADD COLUMN "pix_automatico" jsonb;--> statement-breakpoint
ALTER TABLE "cobrancas" ADD COLUMN "desconto" jsonb;--> statement-breakpoint
ALTER TABLE "cobrancas" ADD COLUMN "negativacao" jsonb;--> statement-breakpoint
ALTER TABLE "cobrancas" ADD COLUMN "negativacao_status" text;--> statement-breakpoint
ALTER TABLE "planos" ADD COLUMN "desconto" jsonb;--> statement-breakpoint
CREATE INDEX "cobrancas_negativacao_status_id_idx" ON "cobrancas" USING btree ("negativacao_status","id") WHERE "cobrancas"."negativacao_status" IS NOT NULL;