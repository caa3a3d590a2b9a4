DROP INDEX "campaign_recipients_campaign_status_idx";--> statement-breakpoint
CREATE INDEX "campaign_variants_campaign_idx" ON "campaign_variants" USING btree ("campaign_id","key");