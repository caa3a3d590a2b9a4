CREATE TABLE "domain_daily_sends" (
	"project_id" text NOT NULL,
	"domain_id" text NOT NULL,
	"day" date NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "domain_daily_sends_project_id_domain_id_day_pk" PRIMARY KEY("project_id","domain_id","day")
);
--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "warmup" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "waiting_on" text;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "waiting_reason" text;--> statement-breakpoint
ALTER TABLE "domain_daily_sends" ADD CONSTRAINT "domain_daily_sends_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_daily_sends" ADD CONSTRAINT "domain_daily_sends_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "emails_campaign_waiting_idx" ON "emails" USING btree ("campaign_id","waiting_on") WHERE "emails"."waiting_on" is not null;--> statement-breakpoint
-- Domains that existed before warm-up did have their history already: they are warm.
UPDATE "domains" SET "warmup" = false;