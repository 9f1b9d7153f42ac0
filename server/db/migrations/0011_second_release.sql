-- The second release's tables and columns (DESIGN 10), in one migration so that the features built
-- beside each other share one schema: the fleet's last state and alarms (frota_*), the payment page's
-- token and the gateway's PIX, boleto and NFS-e (cobrancas), stock situations and moves, imports,
-- TOTP and sessions' addresses (users, sessions), and pre-registrations to review (clientes).
CREATE TABLE "estoque_movimentos" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"recurso" text NOT NULL,
	"unidade" integer NOT NULL,
	"em" timestamp with time zone DEFAULT now() NOT NULL,
	"iduser" integer,
	"usuario" text DEFAULT '' NOT NULL,
	"de" text NOT NULL,
	"para" text NOT NULL,
	"idtecnico" integer,
	"motivo" text DEFAULT '' NOT NULL,
	"idordemservico" integer
);
--> statement-breakpoint
CREATE TABLE "frota_alarmes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"idrastreador" integer NOT NULL,
	"event_id" bigint,
	"tipo" text NOT NULL,
	"em" timestamp with time zone NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "frota_conexao" (
	"id" integer PRIMARY KEY NOT NULL,
	"modo" text DEFAULT 'parado' NOT NULL,
	"conectado" boolean DEFAULT false NOT NULL,
	"atualizado_em" timestamp with time zone,
	"erro" text DEFAULT '' NOT NULL,
	"desde" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "frota_estado" (
	"idrastreador" integer PRIMARY KEY NOT NULL,
	"traccar_id" integer,
	"status" text DEFAULT '' NOT NULL,
	"last_update" timestamp with time zone,
	"position_id" bigint,
	"fix_time" timestamp with time zone,
	"server_time" timestamp with time zone,
	"valid" boolean,
	"latitude" double precision,
	"longitude" double precision,
	"velocidade" real,
	"curso" real,
	"ignicao" boolean,
	"tensao" real,
	"bateria" real,
	"satelites" smallint,
	"endereco" text DEFAULT '' NOT NULL,
	"tensao_maxima" real,
	"alimentacao_em" timestamp with time zone,
	"ultimo_alarme" text,
	"ultimo_alarme_em" timestamp with time zone,
	"situacao" text DEFAULT 'nunca' NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "importacao_erros" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"idimportacao" integer NOT NULL,
	"linha" integer NOT NULL,
	"campo" text DEFAULT '' NOT NULL,
	"mensagem" text NOT NULL,
	"dados" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "importacoes" (
	"id" serial PRIMARY KEY NOT NULL,
	"recurso" text NOT NULL,
	"origem" text DEFAULT 'arquivo' NOT NULL,
	"modo" text NOT NULL,
	"duplicados" text DEFAULT 'ignorar' NOT NULL,
	"colunas" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"nome_arquivo" text DEFAULT '' NOT NULL,
	"arquivo" "bytea",
	"status" text DEFAULT 'processando' NOT NULL,
	"motivo" text DEFAULT '' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"processadas" integer DEFAULT 0 NOT NULL,
	"criadas" integer DEFAULT 0 NOT NULL,
	"atualizadas" integer DEFAULT 0 NOT NULL,
	"ignoradas" integer DEFAULT 0 NOT NULL,
	"n_erros" integer DEFAULT 0 NOT NULL,
	"iduser" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chips" ADD COLUMN "custo_mensal" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "chips" ADD COLUMN "situacao" text DEFAULT 'estoque' NOT NULL;--> statement-breakpoint
ALTER TABLE "chips" ADD COLUMN "idtecnico" integer;--> statement-breakpoint
ALTER TABLE "chips" ADD COLUMN "motivo" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "revisao" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cobrancas" ADD COLUMN "token" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "cobrancas" ADD COLUMN "valor_pago" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "cobrancas" ADD COLUMN "forma_pagamento" text;--> statement-breakpoint
ALTER TABLE "cobrancas" ADD COLUMN "pix" jsonb;--> statement-breakpoint
ALTER TABLE "cobrancas" ADD COLUMN "boleto" jsonb;--> statement-breakpoint
ALTER TABLE "cobrancas" ADD COLUMN "pagamento_lido_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cobrancas" ADD COLUMN "nfse" jsonb;--> statement-breakpoint
ALTER TABLE "cobrancas" ADD COLUMN "nfse_status" text;--> statement-breakpoint
ALTER TABLE "ordensservicos" ADD COLUMN "validacao" jsonb;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "endereco" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "trackres" ADD COLUMN "tensao_nominal" smallint;--> statement-breakpoint
ALTER TABLE "trackres" ADD COLUMN "situacao" text DEFAULT 'estoque' NOT NULL;--> statement-breakpoint
ALTER TABLE "trackres" ADD COLUMN "idtecnico" integer;--> statement-breakpoint
ALTER TABLE "trackres" ADD COLUMN "motivo" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_pendente" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_ultimo_passo" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "codigos_recuperacao" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "estoque_movimentos" ADD CONSTRAINT "estoque_movimentos_iduser_users_id_fk" FOREIGN KEY ("iduser") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frota_alarmes" ADD CONSTRAINT "frota_alarmes_idrastreador_trackres_id_fk" FOREIGN KEY ("idrastreador") REFERENCES "public"."trackres"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frota_estado" ADD CONSTRAINT "frota_estado_idrastreador_trackres_id_fk" FOREIGN KEY ("idrastreador") REFERENCES "public"."trackres"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "importacao_erros" ADD CONSTRAINT "importacao_erros_idimportacao_importacoes_id_fk" FOREIGN KEY ("idimportacao") REFERENCES "public"."importacoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "importacoes" ADD CONSTRAINT "importacoes_iduser_users_id_fk" FOREIGN KEY ("iduser") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estoque_movimentos_unidade_idx" ON "estoque_movimentos" USING btree ("recurso","unidade","id");--> statement-breakpoint
CREATE INDEX "frota_alarmes_idrastreador_em_idx" ON "frota_alarmes" USING btree ("idrastreador","em");--> statement-breakpoint
CREATE UNIQUE INDEX "frota_alarmes_event_id_key" ON "frota_alarmes" USING btree ("event_id") WHERE "frota_alarmes"."event_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "frota_estado_situacao_idx" ON "frota_estado" USING btree ("situacao","idrastreador");--> statement-breakpoint
CREATE INDEX "importacao_erros_idimportacao_idx" ON "importacao_erros" USING btree ("idimportacao","linha");--> statement-breakpoint
CREATE INDEX "importacoes_created_at_idx" ON "importacoes" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "auditoria_idcliente_idx" ON "auditoria" USING btree ("idcliente","id");--> statement-breakpoint
CREATE INDEX "chips_situacao_id_idx" ON "chips" USING btree ("situacao","id");--> statement-breakpoint
CREATE INDEX "chips_idtecnico_id_idx" ON "chips" USING btree ("idtecnico","id");--> statement-breakpoint
CREATE INDEX "chips_operadora_idx" ON "chips" USING btree ("operadora");--> statement-breakpoint
CREATE INDEX "clientes_revisao_id_idx" ON "clientes" USING btree ("id") WHERE "clientes"."revisao";--> statement-breakpoint
CREATE UNIQUE INDEX "cobrancas_token_key" ON "cobrancas" USING btree ("token");--> statement-breakpoint
CREATE INDEX "cobrancas_nfse_status_id_idx" ON "cobrancas" USING btree ("nfse_status","id") WHERE "cobrancas"."nfse_status" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "mensagens_idcliente_idx" ON "mensagens" USING btree ("idcliente","id");--> statement-breakpoint
CREATE INDEX "trackres_situacao_id_idx" ON "trackres" USING btree ("situacao","id");--> statement-breakpoint
CREATE INDEX "trackres_idtecnico_id_idx" ON "trackres" USING btree ("idtecnico","id");--> statement-breakpoint
UPDATE "trackres" SET "situacao" = 'instalado' WHERE "idveiculo" > 0;--> statement-breakpoint
UPDATE "chips" SET "situacao" = 'instalado' WHERE "device_id" > 0;--> statement-breakpoint
INSERT INTO "frota_conexao" ("id") VALUES (1) ON CONFLICT DO NOTHING;
