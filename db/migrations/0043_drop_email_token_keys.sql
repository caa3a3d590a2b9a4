DROP INDEX "emails_tracking_token_key";--> statement-breakpoint
DROP INDEX "emails_unsubscribe_token_key";