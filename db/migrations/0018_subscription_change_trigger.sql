-- Records every change of contacts.subscribed in subscription_changes (db/schema/subscription-changes.ts).
-- A trigger, because the column has many writers (the API's one-statement upsert, PATCH, imports,
-- automation actions, the unsubscribe link, double opt-in) and PostgreSQL 15 cannot return a
-- row's old value from an UPDATE. The unsubscribe link names its email with the transaction-local
-- setting mailwright.unsubscribe_email (lib/campaigns/unsubscribe.ts).
CREATE FUNCTION record_subscription_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  source_email text := nullif(current_setting('mailwright.unsubscribe_email', true), '');
BEGIN
  INSERT INTO subscription_changes (id, project_id, contact_id, subscribed, via, email_id, created_at)
  VALUES (
    'sub_' || lpad(to_hex((extract(epoch from NEW.updated_at) * 1000)::bigint), 12, '0')
      || substr(md5(random()::text || clock_timestamp()::text), 1, 14),
    NEW.project_id,
    NEW.id,
    NEW.subscribed,
    CASE
      WHEN source_email IS NOT NULL AND NOT NEW.subscribed THEN 'unsubscribe_link'
      WHEN OLD.confirmation_token IS NOT NULL AND NEW.confirmation_token IS NULL AND NEW.subscribed THEN 'double_opt_in'
      ELSE 'update'
    END,
    CASE WHEN NOT NEW.subscribed THEN source_email END,
    NEW.updated_at
  );
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER contacts_subscription_change
  AFTER UPDATE OF subscribed ON contacts
  FOR EACH ROW
  WHEN (OLD.subscribed IS DISTINCT FROM NEW.subscribed)
  EXECUTE FUNCTION record_subscription_change();
