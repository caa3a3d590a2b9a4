CREATE TABLE "contact_topics" (
	"contact_id" text NOT NULL,
	"topic_id" text NOT NULL,
	"project_id" text NOT NULL,
	"subscription" text NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_topics_contact_id_topic_id_pk" PRIMARY KEY("contact_id","topic_id")
);
--> statement-breakpoint
CREATE TABLE "topics" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"default_subscription" text DEFAULT 'opt_in' NOT NULL,
	"visibility" text DEFAULT 'public' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "topic_id" text;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "required_notice" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "human_opens" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "human_clicks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "first_human_opened_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "first_human_clicked_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "campaign_variants" ADD COLUMN "human_opened" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_variants" ADD COLUMN "human_clicked" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "topic_id" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "required_notice" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "all_events" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_topics" ADD CONSTRAINT "contact_topics_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_topics" ADD CONSTRAINT "contact_topics_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topics" ADD CONSTRAINT "topics_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_topics_topic_subscription_idx" ON "contact_topics" USING btree ("topic_id","subscription","contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "topics_project_name_key" ON "topics" USING btree ("project_id",lower("name"));--> statement-breakpoint
CREATE INDEX "topics_project_created_idx" ON "topics" USING btree ("project_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Endpoints that chose every type there was are "every type": they receive the new ones too.
UPDATE "webhook_endpoints" SET "all_events" = true WHERE "events" @> ARRAY['email.delivered','email.bounced','email.complained','email.opened','email.clicked','campaign.paused','automation.paused']::text[];
--> statement-breakpoint
-- Opens and clicks recorded before machines were told apart count as people (their events have
-- no verdict, and segment rules read them that way): the human counters start equal to the totals.
UPDATE "emails" SET "human_opens" = "opens", "human_clicks" = "clicks" WHERE "opens" > 0 OR "clicks" > 0;--> statement-breakpoint
UPDATE "campaign_variants" SET "human_opened" = "opened", "human_clicked" = "clicked" WHERE "opened" > 0 OR "clicked" > 0;--> statement-breakpoint
UPDATE "campaign_recipients" SET "first_human_opened_at" = "first_opened_at", "first_human_clicked_at" = "first_clicked_at" WHERE "first_opened_at" IS NOT NULL OR "first_clicked_at" IS NOT NULL;
