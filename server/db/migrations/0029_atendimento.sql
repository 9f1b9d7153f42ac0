CREATE TABLE "conversa_mensagens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"idconversa" integer NOT NULL,
	"jid" text NOT NULL,
	"direcao" text NOT NULL,
	"autor" text NOT NULL,
	"iduser" integer,
	"por" text DEFAULT '' NOT NULL,
	"tipo" text DEFAULT 'conversation' NOT NULL,
	"texto" text DEFAULT '' NOT NULL,
	"id_externo" text,
	"status" text DEFAULT 'recebida' NOT NULL,
	"observacao" text DEFAULT '' NOT NULL,
	"idmensagem" bigint,
	"em" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversas" (
	"id" serial PRIMARY KEY NOT NULL,
	"jid" text NOT NULL,
	"telefone" text DEFAULT '' NOT NULL,
	"nome" text DEFAULT '' NOT NULL,
	"idcliente" integer,
	"status" text DEFAULT 'bot' NOT NULL,
	"urgente" boolean DEFAULT false NOT NULL,
	"motivo" text,
	"idatendente" integer,
	"nao_lidas" integer DEFAULT 0 NOT NULL,
	"ultima_mensagem" text DEFAULT '' NOT NULL,
	"ultima_mensagem_em" timestamp with time zone DEFAULT now() NOT NULL,
	"ultima_entrada_em" timestamp with time zone,
	"staff_escreveu" boolean DEFAULT false NOT NULL,
	"etapa" text DEFAULT 'inicio' NOT NULL,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"idcliente_documento" integer,
	"busca" text DEFAULT '' NOT NULL,
	"criada_em" timestamp with time zone DEFAULT now() NOT NULL,
	"encerrada_em" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "decisoes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"idconversa" integer NOT NULL,
	"idmensagem" bigint,
	"estado" text DEFAULT '' NOT NULL,
	"acao" text NOT NULL,
	"resposta" text DEFAULT '' NOT NULL,
	"motivo" text DEFAULT '' NOT NULL,
	"em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "localizacoes" (
	"token" text PRIMARY KEY NOT NULL,
	"idveiculo" integer NOT NULL,
	"idconversa" integer,
	"expira_em" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversa_mensagens" ADD CONSTRAINT "conversa_mensagens_idconversa_conversas_id_fk" FOREIGN KEY ("idconversa") REFERENCES "public"."conversas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversa_mensagens" ADD CONSTRAINT "conversa_mensagens_iduser_users_id_fk" FOREIGN KEY ("iduser") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversa_mensagens" ADD CONSTRAINT "conversa_mensagens_idmensagem_mensagens_id_fk" FOREIGN KEY ("idmensagem") REFERENCES "public"."mensagens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversas" ADD CONSTRAINT "conversas_idcliente_clientes_id_fk" FOREIGN KEY ("idcliente") REFERENCES "public"."clientes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversas" ADD CONSTRAINT "conversas_idatendente_users_id_fk" FOREIGN KEY ("idatendente") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decisoes" ADD CONSTRAINT "decisoes_idconversa_conversas_id_fk" FOREIGN KEY ("idconversa") REFERENCES "public"."conversas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "localizacoes" ADD CONSTRAINT "localizacoes_idveiculo_veiculos_id_fk" FOREIGN KEY ("idveiculo") REFERENCES "public"."veiculos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "localizacoes" ADD CONSTRAINT "localizacoes_idconversa_conversas_id_fk" FOREIGN KEY ("idconversa") REFERENCES "public"."conversas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversa_mensagens_externo_key" ON "conversa_mensagens" USING btree ("jid","id_externo") WHERE "conversa_mensagens"."id_externo" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "conversa_mensagens_idconversa_idx" ON "conversa_mensagens" USING btree ("idconversa","id");--> statement-breakpoint
CREATE UNIQUE INDEX "conversas_jid_aberta_key" ON "conversas" USING btree ("jid") WHERE "conversas"."status" <> 'encerrada';--> statement-breakpoint
CREATE INDEX "conversas_status_idx" ON "conversas" USING btree ("status","ultima_mensagem_em");--> statement-breakpoint
CREATE INDEX "conversas_idcliente_idx" ON "conversas" USING btree ("idcliente","id");--> statement-breakpoint
CREATE INDEX "conversas_idatendente_idx" ON "conversas" USING btree ("idatendente","id");--> statement-breakpoint
CREATE INDEX "decisoes_idconversa_idx" ON "decisoes" USING btree ("idconversa","id");--> statement-breakpoint
CREATE INDEX "localizacoes_expira_em_idx" ON "localizacoes" USING btree ("expira_em");--> statement-breakpoint
CREATE INDEX "mensagens_external_id_idx" ON "mensagens" USING btree ("external_id") WHERE "mensagens"."external_id" IS NOT NULL;--> statement-breakpoint
-- The webhook's secret of an install made before the conversations: generated once, here, so every read sees the same one.
UPDATE "company_settings" SET "integrations" = jsonb_set("integrations", '{atendimento}', jsonb_build_object('webhookToken', md5(random()::text || clock_timestamp()::text) || md5(clock_timestamp()::text || random()::text)), true) WHERE NOT ("integrations" ? 'atendimento');
