DROP INDEX "conversas_status_idx";--> statement-breakpoint
ALTER TABLE "ordensservicos" ADD COLUMN "origem" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversas" ADD COLUMN "respondida_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversas" ADD COLUMN "prioridade" smallint GENERATED ALWAYS AS ((CASE WHEN urgente THEN 2 ELSE 0 END + CASE WHEN status = 'aguardando' THEN 1 ELSE 0 END)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "conversas_abertas_ordem_idx" ON "conversas" USING btree ("prioridade" DESC NULLS LAST,"ultima_mensagem_em" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "conversas"."status" <> 'encerrada';--> statement-breakpoint
CREATE INDEX "conversas_status_ordem_idx" ON "conversas" USING btree ("status","prioridade" DESC NULLS LAST,"ultima_mensagem_em" DESC NULLS LAST,"id" DESC NULLS LAST);