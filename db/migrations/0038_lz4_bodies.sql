-- Mail bodies are compressed with lz4 instead of pglz: storing a campaign's 20 KiB newsletter
-- once per recipient spent more PostgreSQL time compressing it than on the rest of the insert
-- (pglz ~0.39 ms a row, lz4 ~0.15 ms, a similar ratio; reads ~the same). Only new values are
-- affected; old ones stay readable as they are. PostgreSQL built without lz4 (PGlite) refuses
-- the method and keeps pglz.
DO $$
BEGIN
	ALTER TABLE "emails"
		ALTER COLUMN "html" SET COMPRESSION lz4,
		ALTER COLUMN "text" SET COMPRESSION lz4,
		ALTER COLUMN "attachments" SET COMPRESSION lz4;
	ALTER TABLE "submitted_messages" ALTER COLUMN "raw" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
	RAISE NOTICE 'lz4 is not available: mail bodies keep pglz compression';
END
$$;
