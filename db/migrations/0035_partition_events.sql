-- events and email_events become range-partitioned by month of created_at (drizzle-kit cannot
-- express PARTITION BY, so this migration is written by hand; db/schema matches it). PGlite is
-- PostgreSQL in WASM and takes the same statements. Partitions are named <table>_pYYYY_MM and
-- bounded at UTC month starts; lib/events/partitions.ts adds the months ahead, and the retention
-- pass (lib/events/retention.ts) drops a month every project has stopped keeping. Rows outside
-- every month land in the DEFAULT partition. Nothing references these tables by foreign key.
ALTER TABLE "events" RENAME TO "events_unpartitioned";--> statement-breakpoint
ALTER TABLE "email_events" RENAME TO "email_events_unpartitioned";--> statement-breakpoint
-- Index names are schema-wide: the old ones go now, the new ones are built after the copy.
DROP INDEX "events_project_created_idx";--> statement-breakpoint
DROP INDEX "events_contact_created_idx";--> statement-breakpoint
DROP INDEX "events_project_name_created_idx";--> statement-breakpoint
DROP INDEX "events_project_email_created_idx";--> statement-breakpoint
DROP INDEX "email_events_email_created_idx";--> statement-breakpoint
DROP INDEX "email_events_clicked_idx";--> statement-breakpoint
-- Its job moved to email_outcomes (0034): a unique index here would have to include created_at.
DROP INDEX "email_events_outcome_once_idx";--> statement-breakpoint
CREATE TABLE "events" (
	"id" text NOT NULL,
	"project_id" text NOT NULL,
	"name" text NOT NULL,
	"contact_id" text,
	"email" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_id_created_at_pk" PRIMARY KEY("id","created_at")
) PARTITION BY RANGE ("created_at");--> statement-breakpoint
CREATE TABLE "email_events" (
	"id" text NOT NULL,
	"project_id" text NOT NULL,
	"email_id" text NOT NULL,
	"type" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_events_id_created_at_pk" PRIMARY KEY("id","created_at")
) PARTITION BY RANGE ("created_at");--> statement-breakpoint
CREATE TABLE "events_default" PARTITION OF "events" DEFAULT;--> statement-breakpoint
CREATE TABLE "email_events_default" PARTITION OF "email_events" DEFAULT;--> statement-breakpoint
-- One partition per month of the data there is, through three months after this one.
DO $$
DECLARE
  parent text;
  first_month timestamp;
  last_month timestamp;
  m timestamp;
BEGIN
  FOREACH parent IN ARRAY ARRAY['events', 'email_events'] LOOP
    EXECUTE format(
      'SELECT date_trunc(''month'', least(min(created_at), now()) AT TIME ZONE ''UTC''),
              date_trunc(''month'', greatest(max(created_at), now()) AT TIME ZONE ''UTC'') + interval ''3 months''
       FROM %I', parent || '_unpartitioned')
      INTO first_month, last_month;
    m := first_month;
    WHILE m <= last_month LOOP
      EXECUTE format(
        'CREATE TABLE IF NOT EXISTS %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)',
        parent || '_p' || to_char(m, 'YYYY_MM'), parent,
        to_char(m, 'YYYY-MM-DD') || ' 00:00:00+00',
        to_char(m + interval '1 month', 'YYYY-MM-DD') || ' 00:00:00+00');
      m := m + interval '1 month';
    END LOOP;
  END LOOP;
END $$;--> statement-breakpoint
INSERT INTO "events" ("id", "project_id", "name", "contact_id", "email", "data", "created_at")
SELECT "id", "project_id", "name", "contact_id", "email", "data", "created_at" FROM "events_unpartitioned";--> statement-breakpoint
INSERT INTO "email_events" ("id", "project_id", "email_id", "type", "data", "created_at")
SELECT "id", "project_id", "email_id", "type", "data", "created_at" FROM "email_events_unpartitioned";--> statement-breakpoint
DROP TABLE "events_unpartitioned";--> statement-breakpoint
DROP TABLE "email_events_unpartitioned";--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_events" ADD CONSTRAINT "email_events_email_id_emails_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_project_created_idx" ON "events" USING btree ("project_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "events_contact_created_idx" ON "events" USING btree ("contact_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "events_project_name_created_idx" ON "events" USING btree ("project_id","name","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "events_project_email_created_idx" ON "events" USING btree ("project_id","email","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "email_events_email_created_idx" ON "email_events" USING btree ("email_id","created_at","id");--> statement-breakpoint
CREATE INDEX "email_events_clicked_idx" ON "email_events" USING btree ("email_id") WHERE "email_events"."type" = 'clicked';--> statement-breakpoint
CREATE INDEX "email_events_project_created_idx" ON "email_events" USING btree ("project_id","created_at");
