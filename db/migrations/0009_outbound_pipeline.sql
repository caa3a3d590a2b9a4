ALTER TABLE "projects" ADD COLUMN "postal_address" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "open_tracking" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "click_tracking" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "unsubscribe_token" text;--> statement-breakpoint
CREATE UNIQUE INDEX "emails_unsubscribe_token_key" ON "emails" USING btree ("unsubscribe_token");--> statement-breakpoint
-- Unsubscribe links already in inboxes named the email by its tracking token: they keep working.
UPDATE "emails" SET "unsubscribe_token" = "tracking_token" WHERE "campaign_id" IS NOT NULL;
