ALTER TABLE "ordensservicos" ADD COLUMN "origem" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversas" ADD COLUMN "respondida_em" timestamp with time zone;