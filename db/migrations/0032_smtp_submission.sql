CREATE TABLE "submitted_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"raw" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "email_content_retention_days" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "submission_id" text;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "content_removed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "submitted_messages" ADD CONSTRAINT "submitted_messages_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "submitted_messages_project_created_idx" ON "submitted_messages" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "emails_content_kept_idx" ON "emails" USING btree ("project_id","created_at") WHERE "emails"."content_removed_at" is null;--> statement-breakpoint
CREATE INDEX "emails_submission_idx" ON "emails" USING btree ("submission_id") WHERE "emails"."submission_id" is not null;