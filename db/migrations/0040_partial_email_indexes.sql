DROP INDEX "emails_message_id_idx";--> statement-breakpoint
DROP INDEX "emails_campaign_status_idx";--> statement-breakpoint
DROP INDEX "emails_project_campaign_created_idx";--> statement-breakpoint
DROP INDEX "emails_project_automation_created_idx";--> statement-breakpoint
CREATE INDEX "emails_message_id_idx" ON "emails" USING btree ("message_id") WHERE "emails"."message_id" is not null;--> statement-breakpoint
CREATE INDEX "emails_campaign_status_idx" ON "emails" USING btree ("campaign_id","status") WHERE "emails"."campaign_id" is not null;--> statement-breakpoint
CREATE INDEX "emails_project_campaign_created_idx" ON "emails" USING btree ("project_id","campaign_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "emails"."campaign_id" is not null;--> statement-breakpoint
CREATE INDEX "emails_project_automation_created_idx" ON "emails" USING btree ("project_id","automation_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "emails"."automation_id" is not null;