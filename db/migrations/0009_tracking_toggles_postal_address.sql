ALTER TABLE "projects" ADD COLUMN "postal_address" text;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "open_tracking" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "click_tracking" boolean DEFAULT true NOT NULL;