-- Reports recorded once per report rather than once per email before this index: keep the first.
DELETE FROM "email_events" e USING "email_events" d
WHERE e."type" IN ('bounced', 'complained', 'recipient_bounced')
  AND d."email_id" = e."email_id" AND d."type" = e."type"
  AND (case when e.type = 'recipient_bounced' then lower(e.data->>'recipient') else '' end)
    = (case when d.type = 'recipient_bounced' then lower(d.data->>'recipient') else '' end)
  AND (d."created_at", d."id") < (e."created_at", e."id");--> statement-breakpoint
CREATE UNIQUE INDEX "email_events_outcome_once_idx" ON "email_events" USING btree ("email_id","type",(case when type = 'recipient_bounced' then lower(data->>'recipient') else '' end)) WHERE "email_events"."type" in ('bounced', 'complained', 'recipient_bounced');