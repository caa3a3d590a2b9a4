CREATE TABLE "subscription_changes" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"contact_id" text NOT NULL,
	"subscribed" boolean NOT NULL,
	"via" text NOT NULL,
	"email_id" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "emails_project_to_idx";--> statement-breakpoint
ALTER TABLE "subscription_changes" ADD CONSTRAINT "subscription_changes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_changes" ADD CONSTRAINT "subscription_changes_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_changes_contact_created_idx" ON "subscription_changes" USING btree ("contact_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contacts_tags_idx" ON "contacts" USING gin (("data" -> 'tags') jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "automation_runs_contact_created_idx" ON "automation_runs" USING btree ("contact_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "emails_project_to_created_idx" ON "emails" USING btree ("project_id","to","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);