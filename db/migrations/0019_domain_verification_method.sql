ALTER TABLE "domains" ADD COLUMN "verification_method" text;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "verified_by" text;--> statement-breakpoint
-- Existing verified domains: never DNS-checked means the operator's override (CLI --verified).
UPDATE "domains" SET "verification_method" = CASE WHEN "last_checked_at" IS NULL THEN 'manual' ELSE 'dns' END, "verified_by" = CASE WHEN "last_checked_at" IS NULL THEN 'admin CLI' ELSE NULL END WHERE "status" = 'verified';
