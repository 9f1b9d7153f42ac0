-- Issue 30: importing Traccar's devices no longer changes them. trackres.traccar_nome and
-- traccar_fone keep the name and phone the product last gave the device; the sync changes a name
-- or phone only when the product owns it (the vehicle's plate, the chip's number) or gave it
-- itself. A device the sync has written so far was given its plate or IMEI and its chip's number.
-- A chip made from a device's phone has no ICCID yet: the unique ICCID is for the filled ones. An
-- import's notes on rows written all the same (aviso) are no longer counted as refused.
DROP INDEX "chips_iccid_key";--> statement-breakpoint
ALTER TABLE "importacao_erros" ADD COLUMN "aviso" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "importacoes" ADD COLUMN "n_avisos" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trackres" ADD COLUMN "traccar_nome" text;--> statement-breakpoint
ALTER TABLE "trackres" ADD COLUMN "traccar_fone" text;--> statement-breakpoint
-- Only a chip's number was the product's own: a phone a former Traccar import copied onto a tracker
-- without a chip is the device's.
UPDATE "trackres" t SET "traccar_nome" = coalesce((SELECT v."placa" FROM "veiculos" v WHERE v."id" = t."idveiculo"), t."imei"),
  "traccar_fone" = CASE WHEN t."chip_id" > 0 THEN nullif(t."phone", '') END WHERE t."traccar_id" IS NOT NULL;--> statement-breakpoint
-- Such a phone becomes the tracker's chip, as an import makes it now (its number only, in the
-- tracker, the move recorded); one that is no chip's number (10 to 13 digits) is no longer shown as one.
WITH "novos" AS (
  INSERT INTO "chips" ("idcard", "phone", "iccid", "device_id", "situacao", "busca")
  SELECT t."idcard", t."phone", '', t."id", 'instalado', t."phone" FROM "trackres" t
  WHERE t."chip_id" = 0 AND t."phone" ~ '^[0-9]{10,13}$' ORDER BY t."id"
  RETURNING "id", "device_id"
), "movidos" AS (
  INSERT INTO "estoque_movimentos" ("recurso", "unidade", "usuario", "de", "para")
  SELECT 'chips', n."id", 'Sistema', 'estoque', 'instalado' FROM "novos" n
)
UPDATE "trackres" t SET "chip_id" = n."id" FROM "novos" n WHERE t."id" = n."device_id";--> statement-breakpoint
UPDATE "trackres" SET "phone" = '' WHERE "chip_id" = 0 AND "phone" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "chips_iccid_key" ON "chips" USING btree ("iccid") WHERE "chips"."iccid" <> '';
