-- A received charge says who recorded its payment (DESIGN 10: "a payment that Asaas reports records
-- the same three" as Receber): 'equipe' or 'gateway', so that a gateway payment, which now carries
-- its amount and method too, is still told apart (an administrator undoes only staff's). Until now
-- a gateway payment was the one without a method: those are 'gateway', every other received one
-- 'equipe'. gateway_erro: why Asaas refused staff's last change of the payment (value, due date).
ALTER TABLE "cobrancas" ADD COLUMN "recebido_por" text;--> statement-breakpoint
ALTER TABLE "cobrancas" ADD COLUMN "gateway_erro" text;--> statement-breakpoint
UPDATE "cobrancas" SET "recebido_por" = CASE WHEN "gateway_id" IS NOT NULL AND "forma_pagamento" IS NULL THEN 'gateway' ELSE 'equipe' END
WHERE "status" = 1 AND "recebido_por" IS NULL;
