ALTER TABLE "projects" ADD COLUMN "bounce_rate_threshold" double precision DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "complaint_rate_threshold" double precision DEFAULT 0.3 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "breaker_minimum_sends" integer DEFAULT 200 NOT NULL;--> statement-breakpoint
ALTER TABLE "automations" ADD COLUMN "paused_reason" text;--> statement-breakpoint
ALTER TABLE "automations" ADD COLUMN "paused_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "automations" ADD COLUMN "pause_stats" jsonb;--> statement-breakpoint
ALTER TABLE "automations" ADD COLUMN "live_since" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "paused_reason" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "paused_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "pause_stats" jsonb;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "breaker_baseline" jsonb;--> statement-breakpoint
-- Endpoints subscribed to every event type keep receiving every event type (the new ones too).
UPDATE "webhook_endpoints" SET "events" = "events" || ARRAY['campaign.paused', 'automation.paused']::text[] WHERE "events" @> ARRAY['email.delivered', 'email.bounced', 'email.complained', 'email.opened', 'email.clicked']::text[];
