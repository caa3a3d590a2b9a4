-- Keys for distributing by project_id on Citus (docs/decisions/0057-citus-distribution.md).
-- Hand edits to drizzle-kit's output: the old primary keys are dropped by their default
-- names; the five tables that gain project_id are filled from their parent row before it
-- becomes NOT NULL; the SET NULL foreign keys name the one column they null (PostgreSQL 15+),
-- since a plain SET NULL would null project_id too.
ALTER TABLE "domain_daily_sends" DROP CONSTRAINT "domain_daily_sends_domain_id_domains_id_fk";
--> statement-breakpoint
ALTER TABLE "automation_runs" DROP CONSTRAINT "automation_runs_automation_id_automations_id_fk";
--> statement-breakpoint
ALTER TABLE "automation_runs" DROP CONSTRAINT "automation_runs_contact_id_contacts_id_fk";
--> statement-breakpoint
ALTER TABLE "automation_step_runs" DROP CONSTRAINT "automation_step_runs_automation_id_automations_id_fk";
--> statement-breakpoint
ALTER TABLE "automation_step_runs" DROP CONSTRAINT "automation_step_runs_run_id_automation_runs_id_fk";
--> statement-breakpoint
ALTER TABLE "email_events" DROP CONSTRAINT "email_events_email_id_emails_id_fk";
--> statement-breakpoint
ALTER TABLE "campaign_recipients" DROP CONSTRAINT "campaign_recipients_campaign_id_campaigns_id_fk";
--> statement-breakpoint
ALTER TABLE "campaign_variants" DROP CONSTRAINT "campaign_variants_campaign_id_campaigns_id_fk";
--> statement-breakpoint
ALTER TABLE "events" DROP CONSTRAINT "events_contact_id_contacts_id_fk";
--> statement-breakpoint
ALTER TABLE "webhook_attempts" DROP CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk";
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk";
--> statement-breakpoint
ALTER TABLE "contact_import_chunks" DROP CONSTRAINT "contact_import_chunks_import_id_contact_imports_id_fk";
--> statement-breakpoint
ALTER TABLE "email_open_clients" DROP CONSTRAINT "email_open_clients_email_id_emails_id_fk";
--> statement-breakpoint
ALTER TABLE "email_outcomes" DROP CONSTRAINT "email_outcomes_email_id_emails_id_fk";
--> statement-breakpoint
ALTER TABLE "subscription_changes" DROP CONSTRAINT "subscription_changes_contact_id_contacts_id_fk";
--> statement-breakpoint
ALTER TABLE "contact_topics" DROP CONSTRAINT "contact_topics_contact_id_contacts_id_fk";
--> statement-breakpoint
ALTER TABLE "contact_topics" DROP CONSTRAINT "contact_topics_topic_id_topics_id_fk";
--> statement-breakpoint
ALTER TABLE "received_email_attachments" DROP CONSTRAINT "received_email_attachments_received_email_id_received_emails_id_fk";
--> statement-breakpoint
ALTER TABLE "received_emails" DROP CONSTRAINT "received_emails_domain_id_domains_id_fk";
--> statement-breakpoint
ALTER TABLE "received_emails" DROP CONSTRAINT "received_emails_in_reply_to_email_id_emails_id_fk";
--> statement-breakpoint
DROP INDEX "contacts_project_id_idx";--> statement-breakpoint
DROP INDEX "api_keys_hash_key";--> statement-breakpoint
DROP INDEX "contacts_confirmation_token_key";--> statement-breakpoint
DROP INDEX "automation_runs_one_open_per_contact";--> statement-breakpoint
DROP INDEX "automation_step_runs_execution_key";--> statement-breakpoint
DROP INDEX "emails_tracking_token_key";--> statement-breakpoint
DROP INDEX "emails_unsubscribe_token_key";--> statement-breakpoint
DROP INDEX "campaign_recipients_campaign_contact_key";--> statement-breakpoint
DROP INDEX "invitations_token_hash_key";--> statement-breakpoint
ALTER TABLE "email_events" DROP CONSTRAINT "email_events_id_created_at_pk";--> statement-breakpoint
ALTER TABLE "campaign_variants" DROP CONSTRAINT "campaign_variants_campaign_id_key_pk";--> statement-breakpoint
ALTER TABLE "events" DROP CONSTRAINT "events_id_created_at_pk";--> statement-breakpoint
ALTER TABLE "contact_import_chunks" DROP CONSTRAINT "contact_import_chunks_import_id_seq_pk";--> statement-breakpoint
ALTER TABLE "email_open_clients" DROP CONSTRAINT "email_open_clients_email_id_client_pk";--> statement-breakpoint
ALTER TABLE "email_outcomes" DROP CONSTRAINT "email_outcomes_email_id_type_recipient_pk";--> statement-breakpoint
ALTER TABLE "contact_topics" DROP CONSTRAINT "contact_topics_contact_id_topic_id_pk";--> statement-breakpoint
ALTER TABLE "api_keys" DROP CONSTRAINT "api_keys_pkey";--> statement-breakpoint
ALTER TABLE "domains" DROP CONSTRAINT "domains_pkey";--> statement-breakpoint
ALTER TABLE "contacts" DROP CONSTRAINT "contacts_pkey";--> statement-breakpoint
ALTER TABLE "automation_runs" DROP CONSTRAINT "automation_runs_pkey";--> statement-breakpoint
ALTER TABLE "automation_step_runs" DROP CONSTRAINT "automation_step_runs_pkey";--> statement-breakpoint
ALTER TABLE "automations" DROP CONSTRAINT "automations_pkey";--> statement-breakpoint
ALTER TABLE "emails" DROP CONSTRAINT "emails_pkey";--> statement-breakpoint
ALTER TABLE "segments" DROP CONSTRAINT "segments_pkey";--> statement-breakpoint
ALTER TABLE "campaign_recipients" DROP CONSTRAINT "campaign_recipients_pkey";--> statement-breakpoint
ALTER TABLE "campaigns" DROP CONSTRAINT "campaigns_pkey";--> statement-breakpoint
ALTER TABLE "webhook_attempts" DROP CONSTRAINT "webhook_attempts_pkey";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_pkey";--> statement-breakpoint
ALTER TABLE "webhook_endpoints" DROP CONSTRAINT "webhook_endpoints_pkey";--> statement-breakpoint
ALTER TABLE "contact_imports" DROP CONSTRAINT "contact_imports_pkey";--> statement-breakpoint
ALTER TABLE "invitations" DROP CONSTRAINT "invitations_pkey";--> statement-breakpoint
ALTER TABLE "subscription_changes" DROP CONSTRAINT "subscription_changes_pkey";--> statement-breakpoint
ALTER TABLE "media" DROP CONSTRAINT "media_pkey";--> statement-breakpoint
ALTER TABLE "submitted_messages" DROP CONSTRAINT "submitted_messages_pkey";--> statement-breakpoint
ALTER TABLE "delivery_relays" DROP CONSTRAINT "delivery_relays_pkey";--> statement-breakpoint
ALTER TABLE "topics" DROP CONSTRAINT "topics_pkey";--> statement-breakpoint
ALTER TABLE "received_email_attachments" DROP CONSTRAINT "received_email_attachments_pkey";--> statement-breakpoint
ALTER TABLE "received_emails" DROP CONSTRAINT "received_emails_pkey";--> statement-breakpoint
ALTER TABLE "campaign_variants" ADD COLUMN "project_id" text;--> statement-breakpoint
UPDATE "campaign_variants" SET "project_id" = "campaigns"."project_id" FROM "campaigns" WHERE "campaigns"."id" = "campaign_variants"."campaign_id";--> statement-breakpoint
ALTER TABLE "campaign_variants" ALTER COLUMN "project_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD COLUMN "project_id" text;--> statement-breakpoint
UPDATE "webhook_attempts" SET "project_id" = "webhook_deliveries"."project_id" FROM "webhook_deliveries" WHERE "webhook_deliveries"."id" = "webhook_attempts"."delivery_id";--> statement-breakpoint
ALTER TABLE "webhook_attempts" ALTER COLUMN "project_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_import_chunks" ADD COLUMN "project_id" text;--> statement-breakpoint
UPDATE "contact_import_chunks" SET "project_id" = "contact_imports"."project_id" FROM "contact_imports" WHERE "contact_imports"."id" = "contact_import_chunks"."import_id";--> statement-breakpoint
ALTER TABLE "contact_import_chunks" ALTER COLUMN "project_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "email_open_clients" ADD COLUMN "project_id" text;--> statement-breakpoint
UPDATE "email_open_clients" SET "project_id" = "emails"."project_id" FROM "emails" WHERE "emails"."id" = "email_open_clients"."email_id";--> statement-breakpoint
ALTER TABLE "email_open_clients" ALTER COLUMN "project_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outcomes" ADD COLUMN "project_id" text;--> statement-breakpoint
UPDATE "email_outcomes" SET "project_id" = "emails"."project_id" FROM "emails" WHERE "emails"."id" = "email_outcomes"."email_id";--> statement-breakpoint
ALTER TABLE "email_outcomes" ALTER COLUMN "project_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_project_id_id_pk" PRIMARY KEY("project_id","id");--> statement-breakpoint
ALTER TABLE "domains" ADD CONSTRAINT "domains_project_id_id_pk" PRIMARY KEY("project_id","id");--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_project_id_id_pk" PRIMARY KEY("project_id","id");--> statement-breakpoint
ALTER TABLE "automation_runs" ADD CONSTRAINT "automation_runs_project_id_id_pk" PRIMARY KEY("project_id","id");--> statement-breakpoint
ALTER TABLE "automation_step_runs" ADD CONSTRAINT "automation_step_runs_project_id_id_pk" PRIMARY KEY("project_id","id");--> statement-breakpoint
ALTER TABLE "automations" ADD CONSTRAINT "automations_project_id_id_pk" PRIMARY KEY("project_id","id");--> statement-breakpoint
ALTER TABLE "email_events" ADD CONSTRAINT "email_events_project_id_id_created_at_pk" PRIMARY KEY("project_id","id","created_at");--> statement-breakpoint
ALTER TABLE "emails" ADD CONSTRAINT "emails_project_id_id_pk" PRIMARY KEY("project_id","id");--> statement-breakpoint
ALTER TABLE "segments" ADD CONSTRAINT "segments_project_id_id_pk" PRIMARY KEY("project_id","id");--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_project_id_id_pk" PRIMARY KEY("project_id","id");--> statement-breakpoint
ALTER TABLE "campaign_variants" ADD CONSTRAINT "campaign_variants_project_id_campaign_id_key_pk" PRIMARY KEY("project_id","campaign_id","key");--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_project_id_id_pk" PRIMARY KEY("project_id","id");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_project_id_id_created_at_pk" PRIMARY KEY("project_id","id","created_at");--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_project_id_id_pk" PRIMARY KEY("project_id","id");--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_project_id_id_pk" PRIMARY KEY("project_id","id");--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_project_id_id_pk" PRIMARY KEY("project_id","id");--> statement-breakpoint
ALTER TABLE "contact_import_chunks" ADD CONSTRAINT "contact_import_chunks_project_id_import_id_seq_pk" PRIMARY KEY("project_id","import_id","seq");--> statement-breakpoint
ALTER TABLE "contact_imports" ADD CONSTRAINT "contact_imports_project_id_id_pk" PRIMARY KEY("project_id","id");--> statement-breakpoint
ALTER TABLE "email_open_clients" ADD CONSTRAINT "email_open_clients_project_id_email_id_client_pk" PRIMARY KEY("project_id","email_id","client");--> statement-breakpoint
ALTER TABLE "email_outcomes" ADD CONSTRAINT "email_outcomes_project_id_email_id_type_recipient_pk" PRIMARY KEY("project_id","email_id","type","recipient");--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_project_id_id_pk" PRIMARY KEY("project_id","id");--> statement-breakpoint
ALTER TABLE "subscription_changes" ADD CONSTRAINT "subscription_changes_project_id_id_pk" PRIMARY KEY("project_id","id");--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_project_id_id_pk" PRIMARY KEY("project_id","id");--> statement-breakpoint
ALTER TABLE "submitted_messages" ADD CONSTRAINT "submitted_messages_project_id_id_pk" PRIMARY KEY("project_id","id");--> statement-breakpoint
ALTER TABLE "delivery_relays" ADD CONSTRAINT "delivery_relays_project_id_id_pk" PRIMARY KEY("project_id","id");--> statement-breakpoint
ALTER TABLE "contact_topics" ADD CONSTRAINT "contact_topics_project_id_contact_id_topic_id_pk" PRIMARY KEY("project_id","contact_id","topic_id");--> statement-breakpoint
ALTER TABLE "topics" ADD CONSTRAINT "topics_project_id_id_pk" PRIMARY KEY("project_id","id");--> statement-breakpoint
ALTER TABLE "received_email_attachments" ADD CONSTRAINT "received_email_attachments_project_id_id_pk" PRIMARY KEY("project_id","id");--> statement-breakpoint
ALTER TABLE "received_emails" ADD CONSTRAINT "received_emails_project_id_id_pk" PRIMARY KEY("project_id","id");--> statement-breakpoint
ALTER TABLE "domain_daily_sends" ADD CONSTRAINT "domain_daily_sends_domain_fk" FOREIGN KEY ("project_id","domain_id") REFERENCES "public"."domains"("project_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_runs" ADD CONSTRAINT "automation_runs_automation_fk" FOREIGN KEY ("project_id","automation_id") REFERENCES "public"."automations"("project_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_runs" ADD CONSTRAINT "automation_runs_contact_fk" FOREIGN KEY ("project_id","contact_id") REFERENCES "public"."contacts"("project_id","id") ON DELETE set null ("contact_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_step_runs" ADD CONSTRAINT "automation_step_runs_automation_fk" FOREIGN KEY ("project_id","automation_id") REFERENCES "public"."automations"("project_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_step_runs" ADD CONSTRAINT "automation_step_runs_run_fk" FOREIGN KEY ("project_id","run_id") REFERENCES "public"."automation_runs"("project_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_events" ADD CONSTRAINT "email_events_email_fk" FOREIGN KEY ("project_id","email_id") REFERENCES "public"."emails"("project_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_campaign_fk" FOREIGN KEY ("project_id","campaign_id") REFERENCES "public"."campaigns"("project_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_variants" ADD CONSTRAINT "campaign_variants_campaign_fk" FOREIGN KEY ("project_id","campaign_id") REFERENCES "public"."campaigns"("project_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_contact_fk" FOREIGN KEY ("project_id","contact_id") REFERENCES "public"."contacts"("project_id","id") ON DELETE set null ("contact_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_fk" FOREIGN KEY ("project_id","delivery_id") REFERENCES "public"."webhook_deliveries"("project_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_fk" FOREIGN KEY ("project_id","endpoint_id") REFERENCES "public"."webhook_endpoints"("project_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_import_chunks" ADD CONSTRAINT "contact_import_chunks_import_fk" FOREIGN KEY ("project_id","import_id") REFERENCES "public"."contact_imports"("project_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_open_clients" ADD CONSTRAINT "email_open_clients_email_fk" FOREIGN KEY ("project_id","email_id") REFERENCES "public"."emails"("project_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_outcomes" ADD CONSTRAINT "email_outcomes_email_fk" FOREIGN KEY ("project_id","email_id") REFERENCES "public"."emails"("project_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_changes" ADD CONSTRAINT "subscription_changes_contact_fk" FOREIGN KEY ("project_id","contact_id") REFERENCES "public"."contacts"("project_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_topics" ADD CONSTRAINT "contact_topics_contact_fk" FOREIGN KEY ("project_id","contact_id") REFERENCES "public"."contacts"("project_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_topics" ADD CONSTRAINT "contact_topics_topic_fk" FOREIGN KEY ("project_id","topic_id") REFERENCES "public"."topics"("project_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "received_email_attachments" ADD CONSTRAINT "received_email_attachments_email_fk" FOREIGN KEY ("project_id","received_email_id") REFERENCES "public"."received_emails"("project_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "received_emails" ADD CONSTRAINT "received_emails_domain_fk" FOREIGN KEY ("project_id","domain_id") REFERENCES "public"."domains"("project_id","id") ON DELETE set null ("domain_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "received_emails" ADD CONSTRAINT "received_emails_in_reply_to_fk" FOREIGN KEY ("project_id","in_reply_to_email_id") REFERENCES "public"."emails"("project_id","id") ON DELETE set null ("in_reply_to_email_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_key_hash_idx" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "contacts_confirmation_token_idx" ON "contacts" USING btree ("confirmation_token") WHERE "contacts"."confirmation_token" is not null;--> statement-breakpoint
CREATE INDEX "contacts_id_idx" ON "contacts" USING btree ("id");--> statement-breakpoint
CREATE INDEX "automation_runs_id_idx" ON "automation_runs" USING btree ("id");--> statement-breakpoint
CREATE INDEX "automations_id_idx" ON "automations" USING btree ("id");--> statement-breakpoint
CREATE INDEX "emails_tracking_token_idx" ON "emails" USING btree ("tracking_token");--> statement-breakpoint
CREATE INDEX "emails_unsubscribe_token_idx" ON "emails" USING btree ("unsubscribe_token");--> statement-breakpoint
CREATE INDEX "emails_id_idx" ON "emails" USING btree ("id");--> statement-breakpoint
CREATE INDEX "campaigns_id_idx" ON "campaigns" USING btree ("id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_id_idx" ON "webhook_deliveries" USING btree ("id");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_id_idx" ON "webhook_endpoints" USING btree ("id");--> statement-breakpoint
CREATE INDEX "contact_imports_id_idx" ON "contact_imports" USING btree ("id");--> statement-breakpoint
CREATE INDEX "media_id_idx" ON "media" USING btree ("id");--> statement-breakpoint
CREATE INDEX "invitations_token_hash_idx" ON "invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_hash_key" ON "api_keys" USING btree ("project_id","key_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_confirmation_token_key" ON "contacts" USING btree ("project_id","confirmation_token") WHERE "contacts"."confirmation_token" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "automation_runs_one_open_per_contact" ON "automation_runs" USING btree ("project_id","automation_id","contact_id") WHERE "automation_runs"."status" in ('active', 'delayed', 'waiting', 'paused');--> statement-breakpoint
CREATE UNIQUE INDEX "automation_step_runs_execution_key" ON "automation_step_runs" USING btree ("project_id","run_id","execution_key");--> statement-breakpoint
CREATE UNIQUE INDEX "emails_tracking_token_key" ON "emails" USING btree ("project_id","tracking_token");--> statement-breakpoint
CREATE UNIQUE INDEX "emails_unsubscribe_token_key" ON "emails" USING btree ("project_id","unsubscribe_token");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_recipients_campaign_contact_key" ON "campaign_recipients" USING btree ("project_id","campaign_id","contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_token_hash_key" ON "invitations" USING btree ("project_id","token_hash");