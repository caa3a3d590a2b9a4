CREATE TABLE "sign_in_throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"blocked_until" timestamp (3) with time zone,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_open_clients" (
	"email_id" text NOT NULL,
	"client" text NOT NULL,
	"counted_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "email_open_clients_email_id_client_pk" PRIMARY KEY("email_id","client")
);
--> statement-breakpoint
ALTER TABLE "email_open_clients" ADD CONSTRAINT "email_open_clients_email_id_emails_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_throttles_updated_idx" ON "sign_in_throttles" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "email_open_clients_counted_idx" ON "email_open_clients" USING btree ("counted_at");