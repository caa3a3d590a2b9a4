ALTER TABLE "emails" ADD COLUMN "tags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "scheduled_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "emails_project_contact_created_idx" ON "emails" USING btree ("project_id","contact_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);