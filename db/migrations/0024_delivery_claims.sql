ALTER TABLE "emails" ADD COLUMN "delivery_claimed_until" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "delivery_claim" text;--> statement-breakpoint
CREATE INDEX "emails_delivery_claim_idx" ON "emails" USING btree ("delivery_claimed_until") WHERE "emails"."status" = 'sent' and "emails"."sent_at" is null and "emails"."delivery_claimed_until" is not null;