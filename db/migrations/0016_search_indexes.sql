-- Hand-added: trigram indexes need pg_trgm (trusted since PostgreSQL 13; PGlite loads its contrib build).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "automation_id" text;--> statement-breakpoint
-- Hand-added: earlier automation emails get their automation from their run.
UPDATE "emails" SET "automation_id" = r."automation_id" FROM "automation_runs" r WHERE r."id" = "emails"."automation_run_id" AND "emails"."automation_id" IS NULL;--> statement-breakpoint
CREATE INDEX "contacts_email_trgm_idx" ON "contacts" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_name_trgm_idx" ON "contacts" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "emails_project_campaign_created_idx" ON "emails" USING btree ("project_id","campaign_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "emails_project_automation_created_idx" ON "emails" USING btree ("project_id","automation_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "emails_to_trgm_idx" ON "emails" USING gin ("to" gin_trgm_ops);