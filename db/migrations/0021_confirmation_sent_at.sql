ALTER TABLE "contacts" ADD COLUMN "confirmation_sent_at" timestamp (3) with time zone;--> statement-breakpoint
-- Hand-added: links already sent count from the contact's last change (when the token was set).
UPDATE "contacts" SET "confirmation_sent_at" = "updated_at" WHERE "confirmation_token" IS NOT NULL;
