ALTER TABLE "contact_imports" ADD COLUMN "delimiter" text DEFAULT ',' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD COLUMN "duplicate_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD COLUMN "duplicates" jsonb DEFAULT '[]'::jsonb NOT NULL;