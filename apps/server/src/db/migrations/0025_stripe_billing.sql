-- Issue 28: paid plans through Stripe (decision 050). An entity's Stripe customer and subscription
-- state, the webhook events applied (so a redelivery changes nothing twice), the failed invoices
-- mailed once, and the overage reported to the meter as running counts (never twice).
CREATE TABLE "billing_accounts" (
	"entity_id" uuid PRIMARY KEY NOT NULL,
	"stripe_customer_id" text NOT NULL,
	"stripe_subscription_id" text,
	"subscription_status" text,
	"subscribed_plan" text,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"payment_failed_invoice_id" text,
	"payment_failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_accounts_stripe_customer_id_unique" UNIQUE("stripe_customer_id")
);
--> statement-breakpoint
CREATE TABLE "billing_meter_reports" (
	"identifier" text PRIMARY KEY NOT NULL,
	"entity_id" uuid NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"from_count" integer NOT NULL,
	"to_count" integer NOT NULL,
	"stripe_customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "billing_meter_reports_step" UNIQUE("entity_id","period_start","from_count")
);
--> statement-breakpoint
CREATE TABLE "billing_payment_failures" (
	"invoice_id" text PRIMARY KEY NOT NULL,
	"entity_id" uuid NOT NULL,
	"mailed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_meter_reports" ADD CONSTRAINT "billing_meter_reports_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payment_failures" ADD CONSTRAINT "billing_payment_failures_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;