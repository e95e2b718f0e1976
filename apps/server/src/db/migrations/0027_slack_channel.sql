-- Issue 27 (Slack): a webhook endpoint of kind 'slack' is an entity's Slack connection, posting
-- Block Kit messages through the same deliveries, retries and log; at most one per entity.
ALTER TABLE "webhook_endpoints" ADD COLUMN "kind" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_endpoints_one_slack_idx" ON "webhook_endpoints" USING btree ("entity_id") WHERE kind = 'slack';