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
UPDATE "trackres" t SET "traccar_nome" = coalesce((SELECT v."placa" FROM "veiculos" v WHERE v."id" = t."idveiculo"), t."imei"),
  "traccar_fone" = nullif(t."phone", '') WHERE t."traccar_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "chips_iccid_key" ON "chips" USING btree ("iccid") WHERE "chips"."iccid" <> '';
