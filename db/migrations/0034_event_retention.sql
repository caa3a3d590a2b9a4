CREATE TABLE "email_outcomes" (
	"email_id" text NOT NULL,
	"type" text NOT NULL,
	"recipient" text DEFAULT '' NOT NULL,
	CONSTRAINT "email_outcomes_email_id_type_recipient_pk" PRIMARY KEY("email_id","type","recipient")
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "event_retention_days" integer DEFAULT 400 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outcomes" ADD CONSTRAINT "email_outcomes_email_id_emails_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The outcomes recorded so far (email_events_outcome_once_idx kept them unique); the primary keys,
-- the new index and the end of that unique index come with the partitioned tables in 0035.
INSERT INTO "email_outcomes" ("email_id", "type", "recipient")
SELECT DISTINCT "email_id", "type", (case when type = 'recipient_bounced' then lower(data->>'recipient') else '' end)
FROM "email_events" WHERE "type" IN ('bounced', 'complained', 'recipient_bounced')
ON CONFLICT DO NOTHING;
