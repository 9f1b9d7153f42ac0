CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "assinaturas" (
	"id" serial PRIMARY KEY NOT NULL,
	"idcard" integer DEFAULT 0 NOT NULL,
	"idcliente" integer NOT NULL,
	"cadastro" text DEFAULT 'FISICA' NOT NULL,
	"cnpj" text DEFAULT '' NOT NULL,
	"razaosocial" text DEFAULT '' NOT NULL,
	"incmunicipal" text DEFAULT '' NOT NULL,
	"incestdudal" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"cpf" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"mobile_phone" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"nextduedate" date NOT NULL,
	"enddate" date,
	"valor" numeric(12, 2) NOT NULL,
	"cycle" text DEFAULT 'MONTHLY' NOT NULL,
	"multa" numeric(6, 2) DEFAULT '0' NOT NULL,
	"jurosmensal" numeric(6, 2) DEFAULT '0' NOT NULL,
	"informacoes" text DEFAULT '' NOT NULL,
	"datecreated" date DEFAULT CURRENT_DATE NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"gateway_id" text,
	"busca" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chips" (
	"id" serial PRIMARY KEY NOT NULL,
	"idcard" integer DEFAULT 0 NOT NULL,
	"phone" text NOT NULL,
	"iccid" text NOT NULL,
	"operadora" text DEFAULT '' NOT NULL,
	"fonecedor" text DEFAULT '' NOT NULL,
	"device_id" integer DEFAULT 0 NOT NULL,
	"busca" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clientes" (
	"id" serial PRIMARY KEY NOT NULL,
	"idcard" integer DEFAULT 0 NOT NULL,
	"cadastro" text DEFAULT 'FISICA' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"cpf" text DEFAULT '' NOT NULL,
	"cnpj" text DEFAULT '' NOT NULL,
	"razaosocial" text DEFAULT '' NOT NULL,
	"incmunicipal" text DEFAULT '' NOT NULL,
	"incestdudal" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"mobile_phone" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"address_number" text DEFAULT '' NOT NULL,
	"province" text DEFAULT '' NOT NULL,
	"cityandstate" text DEFAULT '' NOT NULL,
	"uf" text DEFAULT '' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"complement" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"status_motivo" text,
	"login" text DEFAULT '' NOT NULL,
	"password" text DEFAULT '' NOT NULL,
	"contatos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"traccar_user_id" integer,
	"gateway_id" text,
	"busca" text DEFAULT '' NOT NULL,
	"dtcard" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cobrancas" (
	"id" serial PRIMARY KEY NOT NULL,
	"idcard" integer DEFAULT 0 NOT NULL,
	"idcliente" integer NOT NULL,
	"idassinatura" integer,
	"descricao" text DEFAULT '' NOT NULL,
	"valor" numeric(12, 2) NOT NULL,
	"duedate" date NOT NULL,
	"informacoes" text DEFAULT '' NOT NULL,
	"datecreated" date DEFAULT CURRENT_DATE NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"payment_date" date,
	"gateway_id" text,
	"invoice_url" text DEFAULT '' NOT NULL,
	"bank_slip_url" text DEFAULT '' NOT NULL,
	"busca" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"dadosempresa" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"integrations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contratos" (
	"id" serial PRIMARY KEY NOT NULL,
	"idcard" integer DEFAULT 0 NOT NULL,
	"idcliente" integer NOT NULL,
	"idplano" integer,
	"plano" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"informacoes" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"token" text NOT NULL,
	"busca" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ordensservicos" (
	"id" serial PRIMARY KEY NOT NULL,
	"idcard" integer DEFAULT 0 NOT NULL,
	"idcliente" integer NOT NULL,
	"idveiculo" integer NOT NULL,
	"iddevice" integer NOT NULL,
	"descricao" text DEFAULT '' NOT NULL,
	"agendamento" date,
	"horario" text DEFAULT '' NOT NULL,
	"informacoes" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"checklist" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"busca" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "planos" (
	"id" serial PRIMARY KEY NOT NULL,
	"idcard" integer DEFAULT 0 NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"descricao" text DEFAULT '' NOT NULL,
	"limtdispositivos" integer DEFAULT 1 NOT NULL,
	"valor" numeric(12, 2) DEFAULT '0' NOT NULL,
	"valoradd" numeric(12, 2) DEFAULT '0' NOT NULL,
	"informacoes" text DEFAULT '' NOT NULL,
	"busca" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trackres" (
	"id" serial PRIMARY KEY NOT NULL,
	"idcard" integer DEFAULT 0 NOT NULL,
	"imei" text NOT NULL,
	"modelo" text DEFAULT '' NOT NULL,
	"marca" text DEFAULT '' NOT NULL,
	"chip_id" integer DEFAULT 0 NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"iccid" text DEFAULT '' NOT NULL,
	"operadora" text DEFAULT '' NOT NULL,
	"idcliente" integer DEFAULT 0 NOT NULL,
	"idveiculo" integer DEFAULT 0 NOT NULL,
	"traccar_id" integer,
	"busca" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"idcard" integer DEFAULT 0 NOT NULL,
	"unid" integer NOT NULL,
	"documento" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"cpf" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"mobile_phone" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"address_number" text DEFAULT '' NOT NULL,
	"province" text DEFAULT '' NOT NULL,
	"cityandstate" text DEFAULT '' NOT NULL,
	"uf" text DEFAULT '' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"complement" text DEFAULT '' NOT NULL,
	"login" text NOT NULL,
	"password_hash" text NOT NULL,
	"token" text NOT NULL,
	"acesso" smallint DEFAULT 2 NOT NULL,
	"bloqueado" boolean DEFAULT false NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"busca" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "veiculos" (
	"id" serial PRIMARY KEY NOT NULL,
	"idcard" integer DEFAULT 0 NOT NULL,
	"idcliente" integer NOT NULL,
	"category" text DEFAULT 'car' NOT NULL,
	"marca" text DEFAULT '' NOT NULL,
	"modelo" text DEFAULT '' NOT NULL,
	"ano" text DEFAULT '' NOT NULL,
	"placa" text NOT NULL,
	"renavan" text DEFAULT '' NOT NULL,
	"chassi" text DEFAULT '' NOT NULL,
	"cor" text DEFAULT '' NOT NULL,
	"device_id" integer DEFAULT 0 NOT NULL,
	"busca" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assinaturas" ADD CONSTRAINT "assinaturas_idcliente_clientes_id_fk" FOREIGN KEY ("idcliente") REFERENCES "public"."clientes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cobrancas" ADD CONSTRAINT "cobrancas_idcliente_clientes_id_fk" FOREIGN KEY ("idcliente") REFERENCES "public"."clientes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cobrancas" ADD CONSTRAINT "cobrancas_idassinatura_assinaturas_id_fk" FOREIGN KEY ("idassinatura") REFERENCES "public"."assinaturas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contratos" ADD CONSTRAINT "contratos_idcliente_clientes_id_fk" FOREIGN KEY ("idcliente") REFERENCES "public"."clientes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contratos" ADD CONSTRAINT "contratos_idplano_planos_id_fk" FOREIGN KEY ("idplano") REFERENCES "public"."planos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordensservicos" ADD CONSTRAINT "ordensservicos_idcliente_clientes_id_fk" FOREIGN KEY ("idcliente") REFERENCES "public"."clientes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordensservicos" ADD CONSTRAINT "ordensservicos_idveiculo_veiculos_id_fk" FOREIGN KEY ("idveiculo") REFERENCES "public"."veiculos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordensservicos" ADD CONSTRAINT "ordensservicos_iddevice_trackres_id_fk" FOREIGN KEY ("iddevice") REFERENCES "public"."trackres"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "veiculos" ADD CONSTRAINT "veiculos_idcliente_clientes_id_fk" FOREIGN KEY ("idcliente") REFERENCES "public"."clientes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assinaturas_status_id_idx" ON "assinaturas" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "assinaturas_idcliente_idx" ON "assinaturas" USING btree ("idcliente","id");--> statement-breakpoint
CREATE INDEX "assinaturas_nextduedate_idx" ON "assinaturas" USING btree ("nextduedate");--> statement-breakpoint
CREATE UNIQUE INDEX "assinaturas_gateway_id_key" ON "assinaturas" USING btree ("gateway_id") WHERE "assinaturas"."gateway_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "assinaturas_busca_trgm" ON "assinaturas" USING gin ("busca" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "chips_iccid_key" ON "chips" USING btree ("iccid");--> statement-breakpoint
CREATE UNIQUE INDEX "chips_device_id_key" ON "chips" USING btree ("device_id") WHERE "chips"."device_id" > 0;--> statement-breakpoint
CREATE INDEX "chips_device_id_id_idx" ON "chips" USING btree ("device_id","id");--> statement-breakpoint
CREATE INDEX "chips_busca_trgm" ON "chips" USING gin ("busca" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "clientes_cpf_key" ON "clientes" USING btree ("cpf") WHERE "clientes"."cpf" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "clientes_cnpj_key" ON "clientes" USING btree ("cnpj") WHERE "clientes"."cnpj" <> '';--> statement-breakpoint
CREATE INDEX "clientes_status_id_idx" ON "clientes" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "clientes_cadastro_id_idx" ON "clientes" USING btree ("cadastro","id");--> statement-breakpoint
CREATE INDEX "clientes_busca_trgm" ON "clientes" USING gin ("busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cobrancas_status_duedate_idx" ON "cobrancas" USING btree ("status","duedate");--> statement-breakpoint
CREATE INDEX "cobrancas_duedate_idx" ON "cobrancas" USING btree ("duedate","id");--> statement-breakpoint
CREATE INDEX "cobrancas_idcliente_idx" ON "cobrancas" USING btree ("idcliente","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cobrancas_gateway_id_key" ON "cobrancas" USING btree ("gateway_id") WHERE "cobrancas"."gateway_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "cobrancas_busca_trgm" ON "cobrancas" USING gin ("busca" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "contratos_token_key" ON "contratos" USING btree ("token");--> statement-breakpoint
CREATE INDEX "contratos_status_id_idx" ON "contratos" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "contratos_idcliente_idx" ON "contratos" USING btree ("idcliente","id");--> statement-breakpoint
CREATE INDEX "contratos_busca_trgm" ON "contratos" USING gin ("busca" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_key_key" ON "jobs" USING btree ("key");--> statement-breakpoint
CREATE INDEX "jobs_status_run_at_idx" ON "jobs" USING btree ("status","run_at");--> statement-breakpoint
CREATE INDEX "ordensservicos_status_agendamento_idx" ON "ordensservicos" USING btree ("status","agendamento");--> statement-breakpoint
CREATE INDEX "ordensservicos_agendamento_idx" ON "ordensservicos" USING btree ("agendamento","id");--> statement-breakpoint
CREATE INDEX "ordensservicos_idcliente_idx" ON "ordensservicos" USING btree ("idcliente","id");--> statement-breakpoint
CREATE INDEX "ordensservicos_busca_trgm" ON "ordensservicos" USING gin ("busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "planos_busca_trgm" ON "planos" USING gin ("busca" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trackres_imei_key" ON "trackres" USING btree ("imei");--> statement-breakpoint
CREATE UNIQUE INDEX "trackres_idveiculo_key" ON "trackres" USING btree ("idveiculo") WHERE "trackres"."idveiculo" > 0;--> statement-breakpoint
CREATE INDEX "trackres_idcliente_idx" ON "trackres" USING btree ("idcliente","id");--> statement-breakpoint
CREATE INDEX "trackres_busca_trgm" ON "trackres" USING gin ("busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "uploads_documento_unid_idx" ON "uploads" USING btree ("documento","unid","id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_login_key" ON "users" USING btree ("login");--> statement-breakpoint
CREATE UNIQUE INDEX "users_token_key" ON "users" USING btree ("token");--> statement-breakpoint
CREATE INDEX "users_bloqueado_id_idx" ON "users" USING btree ("bloqueado","id");--> statement-breakpoint
CREATE INDEX "users_busca_trgm" ON "users" USING gin ("busca" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "veiculos_placa_key" ON "veiculos" USING btree ("placa");--> statement-breakpoint
CREATE INDEX "veiculos_idcliente_idx" ON "veiculos" USING btree ("idcliente","id");--> statement-breakpoint
CREATE INDEX "veiculos_busca_trgm" ON "veiculos" USING gin ("busca" gin_trgm_ops);