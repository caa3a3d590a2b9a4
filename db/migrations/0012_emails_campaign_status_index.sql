DROP INDEX "emails_campaign_idx";--> statement-breakpoint
CREATE INDEX "emails_campaign_status_idx" ON "emails" USING btree ("campaign_id","status");