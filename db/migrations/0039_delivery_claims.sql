-- Delivery claims move from two columns of emails to a narrow table of their own (see
-- db/schema/delivery-claims.ts). Claims live when this runs are carried over, so a worker that
-- is mid-delivery during the upgrade neither loses its emails nor sees them sent twice.
CREATE TABLE "delivery_claims" (
	"project_id" text NOT NULL,
	"email_id" text NOT NULL,
	"token" text NOT NULL,
	"claimed_until" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "delivery_claims_project_id_email_id_pk" PRIMARY KEY("project_id","email_id")
);
--> statement-breakpoint
DROP INDEX "emails_delivery_claim_idx";--> statement-breakpoint
ALTER TABLE "delivery_claims" ADD CONSTRAINT "delivery_claims_email_fk" FOREIGN KEY ("project_id","email_id") REFERENCES "public"."emails"("project_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_claims_email_idx" ON "delivery_claims" USING btree ("email_id");--> statement-breakpoint
CREATE INDEX "delivery_claims_until_idx" ON "delivery_claims" USING btree ("claimed_until");--> statement-breakpoint
INSERT INTO "delivery_claims" ("project_id", "email_id", "token", "claimed_until")
	SELECT "project_id", "id", coalesce("delivery_claim", ''), "delivery_claimed_until" FROM "emails"
	WHERE "status" = 'sent' AND "sent_at" IS NULL AND "delivery_claimed_until" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "emails" DROP COLUMN "delivery_claimed_until";--> statement-breakpoint
ALTER TABLE "emails" DROP COLUMN "delivery_claim";