CREATE TABLE "received_email_attachments" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"received_email_id" text NOT NULL,
	"position" integer NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"bytes" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "received_emails" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"domain_id" text,
	"from" text NOT NULL,
	"to" jsonb NOT NULL,
	"cc" jsonb NOT NULL,
	"envelope_to" jsonb NOT NULL,
	"subject" text NOT NULL,
	"text" text,
	"html" text,
	"headers" jsonb NOT NULL,
	"message_id" text,
	"fingerprint" text NOT NULL,
	"in_reply_to_email_id" text,
	"size" integer NOT NULL,
	"content_removed_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "receiving" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "received_email_attachments" ADD CONSTRAINT "received_email_attachments_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "received_email_attachments" ADD CONSTRAINT "received_email_attachments_received_email_id_received_emails_id_fk" FOREIGN KEY ("received_email_id") REFERENCES "public"."received_emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "received_emails" ADD CONSTRAINT "received_emails_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "received_emails" ADD CONSTRAINT "received_emails_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "received_emails" ADD CONSTRAINT "received_emails_in_reply_to_email_id_emails_id_fk" FOREIGN KEY ("in_reply_to_email_id") REFERENCES "public"."emails"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "received_email_attachments_email_idx" ON "received_email_attachments" USING btree ("received_email_id","position");--> statement-breakpoint
CREATE INDEX "received_emails_content_kept_idx" ON "received_emails" USING btree ("project_id","created_at","size") WHERE "received_emails"."content_removed_at" is null;--> statement-breakpoint
CREATE INDEX "received_emails_project_created_idx" ON "received_emails" USING btree ("project_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "received_emails_project_fingerprint_key" ON "received_emails" USING btree ("project_id","fingerprint");--> statement-breakpoint
CREATE INDEX "received_emails_reply_idx" ON "received_emails" USING btree ("in_reply_to_email_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "domains_receiving_name_key" ON "domains" USING btree ("name") WHERE "domains"."receiving";