DROP INDEX "automation_runs_waiting_idx";--> statement-breakpoint
ALTER TABLE "automation_runs" ADD COLUMN "dispatched_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "automation_runs" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "automation_step_runs" ADD COLUMN "automation_id" text NOT NULL;--> statement-breakpoint
ALTER TABLE "automation_step_runs" ADD CONSTRAINT "automation_step_runs_automation_id_automations_id_fk" FOREIGN KEY ("automation_id") REFERENCES "public"."automations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "automation_runs_runnable_idx" ON "automation_runs" USING btree ("dispatched_at") WHERE "automation_runs"."status" = 'active';--> statement-breakpoint
CREATE INDEX "automation_runs_timer_idx" ON "automation_runs" USING btree ("resume_at") WHERE "automation_runs"."status" in ('delayed', 'waiting');--> statement-breakpoint
CREATE INDEX "automation_runs_current_step_idx" ON "automation_runs" USING btree ("automation_id","current_step") WHERE "automation_runs"."status" in ('active', 'delayed', 'waiting', 'paused');--> statement-breakpoint
CREATE INDEX "automation_step_runs_automation_step_idx" ON "automation_step_runs" USING btree ("automation_id","step_id");--> statement-breakpoint
CREATE INDEX "automation_runs_waiting_idx" ON "automation_runs" USING btree ("project_id","contact_id","wait_event") WHERE "automation_runs"."status" in ('waiting', 'paused');