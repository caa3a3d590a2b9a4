ALTER TABLE "emails" ADD COLUMN "campaign_variant" text;--> statement-breakpoint
CREATE INDEX "contacts_project_id_idx" ON "contacts" USING btree ("project_id","id");--> statement-breakpoint
CREATE INDEX "emails_project_to_idx" ON "emails" USING btree ("project_id","to");