CREATE TABLE "contratos_itens" (
	"id" serial PRIMARY KEY NOT NULL,
	"idcontrato" integer NOT NULL,
	"tipo" text DEFAULT 'veiculo' NOT NULL,
	"idveiculo" integer,
	"descricao" text DEFAULT '' NOT NULL,
	"valor" numeric(12, 2),
	"status" text DEFAULT 'pendente' NOT NULL,
	"inicio" date,
	"fim" date,
	"suspensoes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fidelidade_meses" integer DEFAULT 0 NOT NULL,
	"fim_fidelidade" date,
	"multa_fidelidade" jsonb,
	"nao_cobrar_multa" boolean DEFAULT false NOT NULL,
	"bloqueado" boolean DEFAULT false NOT NULL,
	"motivo" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assinaturas" ADD COLUMN "idcontrato" integer;--> statement-breakpoint
ALTER TABLE "cobrancas" ADD COLUMN "itens" jsonb;--> statement-breakpoint
ALTER TABLE "contratos" ADD COLUMN "proxima_cobranca" date;--> statement-breakpoint
ALTER TABLE "planos" ADD COLUMN "faixas" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "planos" ADD COLUMN "fidelidade_meses" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "planos" ADD COLUMN "multa_fidelidade" jsonb;--> statement-breakpoint
ALTER TABLE "contratos_itens" ADD CONSTRAINT "contratos_itens_idcontrato_contratos_id_fk" FOREIGN KEY ("idcontrato") REFERENCES "public"."contratos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contratos_itens" ADD CONSTRAINT "contratos_itens_idveiculo_veiculos_id_fk" FOREIGN KEY ("idveiculo") REFERENCES "public"."veiculos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contratos_itens_idcontrato_idx" ON "contratos_itens" USING btree ("idcontrato","id");--> statement-breakpoint
CREATE UNIQUE INDEX "contratos_itens_idveiculo_vivo_key" ON "contratos_itens" USING btree ("idveiculo") WHERE "contratos_itens"."idveiculo" IS NOT NULL AND "contratos_itens"."status" <> 'cancelado';--> statement-breakpoint
ALTER TABLE "assinaturas" ADD CONSTRAINT "assinaturas_idcontrato_contratos_id_fk" FOREIGN KEY ("idcontrato") REFERENCES "public"."contratos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assinaturas_idcontrato_key" ON "assinaturas" USING btree ("idcontrato") WHERE "assinaturas"."idcontrato" IS NOT NULL;--> statement-breakpoint
-- Existing contracts (DESIGN 11, "Migration"): a client's newest contract gets an active item per
-- vehicle of the client, as its printed document lists them, started at the vehicle's last finalized
-- installation order (its scheduled day, else the day it was last saved), else the contract's date.
INSERT INTO "contratos_itens" ("idcontrato", "tipo", "idveiculo", "descricao", "status", "inicio")
SELECT n.id, 'veiculo', v.id, trim(concat_ws(' ', v.marca, v.modelo)), 'ativo',
       COALESCE(
         (SELECT max(COALESCE(o.agendamento, o.updated_at::date)) FROM "ordensservicos" o
          WHERE o.idveiculo = v.id AND o.tipo = 'instalacao' AND o.status = 1),
         n.created_at::date)
FROM (SELECT DISTINCT ON (idcliente) id, idcliente, created_at FROM "contratos" ORDER BY idcliente, created_at DESC, id DESC) n
JOIN "veiculos" v ON v.idcliente = n.idcliente
ORDER BY n.id, v.id;
--> statement-breakpoint
-- A subscription is linked only when its client has one contract and one subscription, with a
-- monthly-based cycle whose value splits into whole cents a month, and the contract has items: each
-- item gets a typed value, the month's value split evenly (the remaining cents on the first), so the
-- subscription's value (the items' sum × the cycle's months) and its charges do not change.
CREATE TEMPORARY TABLE "ligacoes_itens" AS
SELECT a.id AS idassinatura, k.id AS idcontrato, a.nextduedate,
       round(a.valor * 100)::bigint / m.meses AS centavos,
       (SELECT count(*) FROM "contratos_itens" i WHERE i.idcontrato = k.id) AS n
FROM "assinaturas" a
JOIN "contratos" k ON k.idcliente = a.idcliente
JOIN (VALUES ('MONTHLY', 1), ('BIMONTHLY', 2), ('QUARTERLY', 3), ('SEMIANNUALLY', 6), ('YEARLY', 12)) AS m(ciclo, meses) ON m.ciclo = a.cycle
WHERE (SELECT count(*) FROM "contratos" c WHERE c.idcliente = a.idcliente) = 1
  AND (SELECT count(*) FROM "assinaturas" s WHERE s.idcliente = a.idcliente) = 1
  AND round(a.valor * 100)::bigint % m.meses = 0
  AND EXISTS (SELECT 1 FROM "contratos_itens" i WHERE i.idcontrato = k.id);
--> statement-breakpoint
UPDATE "contratos_itens" i
SET "valor" = ((l.centavos / l.n) + CASE WHEN i.id = (SELECT min(f.id) FROM "contratos_itens" f WHERE f.idcontrato = i.idcontrato) THEN l.centavos % l.n ELSE 0 END)::numeric / 100
FROM "ligacoes_itens" l WHERE l.idcontrato = i.idcontrato;
--> statement-breakpoint
UPDATE "assinaturas" a SET "idcontrato" = l.idcontrato FROM "ligacoes_itens" l WHERE l.idassinatura = a.id;
--> statement-breakpoint
UPDATE "contratos" k SET "proxima_cobranca" = l.nextduedate FROM "ligacoes_itens" l WHERE l.idcontrato = k.id;
--> statement-breakpoint
DROP TABLE "ligacoes_itens";
