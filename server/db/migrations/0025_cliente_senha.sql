-- The client's app password is no longer kept in clear (issue 30 item 22): tem_senha says there is
-- one; traccar_senha holds a new one only until Traccar has it, sealed by the app (services/senha-app.ts).
ALTER TABLE "clientes" ADD COLUMN "tem_senha" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "traccar_senha" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "clientes" SET "tem_senha" = true WHERE "password" <> '';--> statement-breakpoint
-- Where Traccar may not have it yet (no user, or the last sync not done), it waits, marked v0 (clear)
-- for the few seconds until the app, started on this database, seals it with its key.
UPDATE "clientes" SET "traccar_senha" = 'v0:' || "password"
  WHERE "password" <> '' AND "login" <> '' AND ("traccar_user_id" IS NULL OR "traccar_sync" IS DISTINCT FROM 0);--> statement-breakpoint
ALTER TABLE "clientes" DROP COLUMN "password";
