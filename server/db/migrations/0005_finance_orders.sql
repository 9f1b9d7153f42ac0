ALTER TABLE "clientes" ADD COLUMN "billing_override" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "ordensservicos" ADD COLUMN "idtecnico" integer;--> statement-breakpoint
ALTER TABLE "ordensservicos" ADD CONSTRAINT "ordensservicos_idtecnico_users_id_fk" FOREIGN KEY ("idtecnico") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cobrancas_assinatura_duedate_key" ON "cobrancas" USING btree ("idassinatura","duedate") WHERE "cobrancas"."idassinatura" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "ordensservicos_idtecnico_agendamento_idx" ON "ordensservicos" USING btree ("idtecnico","agendamento");