CREATE TABLE "email_contents" (
	"id" text NOT NULL,
	"project_id" text NOT NULL,
	"format" text NOT NULL,
	"source" text NOT NULL,
	"preview_text" text NOT NULL,
	"lang" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_contents_project_id_id_pk" PRIMARY KEY("project_id","id")
);
--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "content_id" text;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "variables" jsonb;--> statement-breakpoint
ALTER TABLE "email_contents" ADD CONSTRAINT "email_contents_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;