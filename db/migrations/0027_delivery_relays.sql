CREATE TABLE "delivery_relays" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"host" text,
	"port" integer,
	"tls_mode" text,
	"verify_certificate" boolean DEFAULT true NOT NULL,
	"username" text,
	"sealed_secret" text,
	"secret_hint" text,
	"priority" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "delivery_relays" ADD CONSTRAINT "delivery_relays_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_relays_project_idx" ON "delivery_relays" USING btree ("project_id","priority","created_at");