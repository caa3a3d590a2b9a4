-- Reordered and completed by hand: drizzle-kit put the new primary key before its column and
-- cannot fill the column of existing rows.
ALTER TABLE "idempotency_keys" ADD COLUMN "mode" text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "request_hash" text;--> statement-breakpoint
-- Existing claims recorded no key mode: read it from the email they answered with (a batch's
-- emails all share the key's mode). A claim whose email is gone becomes `live`, the safe side:
-- a live retry of it still replays (never a second real email), and a test-made claim read as
-- live can only do what it did before this migration, for at most the 24 hours it has left.
-- Old claims keep a null request_hash and replay without comparing bodies, as before.
UPDATE "idempotency_keys" AS k SET "mode" = e."mode" FROM "emails" AS e WHERE e."project_id" = k."project_id" AND e."id" = coalesce(k."response"->>'id', k."response"->'data'->0->>'id');--> statement-breakpoint
UPDATE "idempotency_keys" SET "mode" = 'live' WHERE "mode" IS NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "mode" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_project_id_key_pk";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_project_id_mode_key_pk" PRIMARY KEY("project_id","mode","key");
