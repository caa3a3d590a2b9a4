ALTER TABLE "campaigns" ADD COLUMN "ab_sample_percent" integer;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "ab_wait_minutes" integer;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "ab_metric" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "ab_sample_size" integer;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "ab_decide_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "ab_winner" text;--> statement-breakpoint
CREATE INDEX "campaigns_ab_decide_idx" ON "campaigns" USING btree ("ab_decide_at") WHERE "campaigns"."ab_decide_at" is not null and "campaigns"."ab_winner" is null;