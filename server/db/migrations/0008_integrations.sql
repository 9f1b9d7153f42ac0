CREATE TABLE "auditoria" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"iduser" integer,
	"usuario" text DEFAULT '' NOT NULL,
	"acao" text NOT NULL,
	"idcliente" integer,
	"idveiculo" integer,
	"iddevice" integer,
	"idcobranca" integer,
	"descricao" text DEFAULT '' NOT NULL,
	"resultado" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mensagens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"occurrence" integer DEFAULT 0 NOT NULL,
	"idcobranca" integer,
	"idcontrato" integer,
	"idcliente" integer,
	"destino" text DEFAULT '' NOT NULL,
	"texto" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pendente' NOT NULL,
	"motivo" text DEFAULT '' NOT NULL,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"proxima_tentativa" timestamp with time zone DEFAULT now() NOT NULL,
	"tentativa_em" timestamp with time zone,
	"enviada_em" timestamp with time zone,
	"external_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_eventos" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"gateway" text NOT NULL,
	"event_id" text NOT NULL,
	"event" text NOT NULL,
	"payment_id" text DEFAULT '' NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'recebido' NOT NULL,
	"resultado" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "nao_enviar_mensagens" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "traccar_sync" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "traccar_erro" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "trackres" ADD COLUMN "traccar_sync" smallint;--> statement-breakpoint
ALTER TABLE "trackres" ADD COLUMN "traccar_erro" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "trackres" ADD COLUMN "traccar_sync_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "auditoria" ADD CONSTRAINT "auditoria_iduser_users_id_fk" FOREIGN KEY ("iduser") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mensagens" ADD CONSTRAINT "mensagens_idcobranca_cobrancas_id_fk" FOREIGN KEY ("idcobranca") REFERENCES "public"."cobrancas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mensagens" ADD CONSTRAINT "mensagens_idcontrato_contratos_id_fk" FOREIGN KEY ("idcontrato") REFERENCES "public"."contratos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mensagens" ADD CONSTRAINT "mensagens_idcliente_clientes_id_fk" FOREIGN KEY ("idcliente") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auditoria_created_at_idx" ON "auditoria" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "auditoria_acao_idx" ON "auditoria" USING btree ("acao","id");--> statement-breakpoint
CREATE UNIQUE INDEX "mensagens_key_key" ON "mensagens" USING btree ("key");--> statement-breakpoint
CREATE INDEX "mensagens_idcobranca_idx" ON "mensagens" USING btree ("idcobranca","id");--> statement-breakpoint
CREATE INDEX "mensagens_pendentes_idx" ON "mensagens" USING btree ("proxima_tentativa") WHERE "mensagens"."status" IN ('pendente', 'enviando');--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_eventos_gateway_event_key" ON "webhook_eventos" USING btree ("gateway","event_id");--> statement-breakpoint
DROP TABLE IF EXISTS "jobs";
