ALTER TABLE "campaign_recipients" ADD COLUMN "unsubscribed_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "campaign_recipients_unsubscribed_idx" ON "campaign_recipients" USING btree ("campaign_id") WHERE "campaign_recipients"."unsubscribed_at" is not null;--> statement-breakpoint
-- Hand-written below (decision 0046): campaigns sent before this migration. Since migration 0018
-- every unsubscribe the variant counter counted is one subscription_changes row (via
-- 'unsubscribe_link', email_id the campaign email): the first one per recipient dates
-- unsubscribed_at, and each further one was a double count, taken off the counter.
WITH link_unsubscribes AS (
  SELECT e.campaign_id, e.campaign_variant, e.contact_id,
         min(s.created_at) AS first_at, count(*) AS times
  FROM subscription_changes s
  JOIN emails e ON e.id = s.email_id
  WHERE s.via = 'unsubscribe_link' AND e.campaign_id IS NOT NULL AND e.contact_id IS NOT NULL
  GROUP BY e.campaign_id, e.campaign_variant, e.contact_id
)
UPDATE "campaign_recipients" r SET "unsubscribed_at" = u.first_at
FROM link_unsubscribes u
WHERE r.campaign_id = u.campaign_id AND r.contact_id = u.contact_id;
--> statement-breakpoint
WITH double_counts AS (
  SELECT e.campaign_id, e.campaign_variant, count(*) - count(DISTINCT e.contact_id) AS extra
  FROM subscription_changes s
  JOIN emails e ON e.id = s.email_id
  WHERE s.via = 'unsubscribe_link' AND e.campaign_id IS NOT NULL AND e.contact_id IS NOT NULL
  GROUP BY e.campaign_id, e.campaign_variant
)
UPDATE "campaign_variants" v SET "unsubscribed" = greatest(v.unsubscribed - d.extra, 0)
FROM double_counts d
WHERE v.campaign_id = d.campaign_id AND v.key = d.campaign_variant AND d.extra > 0;
