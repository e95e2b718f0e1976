-- Issue 27 (SMS, decision 053): a member's mobile number with its pending code (an HMAC, 10 minutes,
-- 5 tries); every text message by Twilio's id, which its signed status callbacks update (and, for a
-- lead's text, its delivery); texts of leads per entity and billing month against the plan's
-- allowance; and each member's choice of texts (delivery_preferences.sms: off, escalations, all).
CREATE TABLE "entity_sms_usage" (
	"entity_id" uuid NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"sent_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "entity_sms_usage_entity_id_period_start_pk" PRIMARY KEY("entity_id","period_start")
);
--> statement-breakpoint
CREATE TABLE "member_phones" (
	"user_id" text PRIMARY KEY NOT NULL,
	"phone" text,
	"verified_at" timestamp with time zone,
	"pending_phone" text,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"code_message_sid" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_messages" (
	"provider_sid" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"entity_id" uuid,
	"purpose" text NOT NULL,
	"delivery_id" uuid,
	"status" text DEFAULT 'sent' NOT NULL,
	"error_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "delivery_preferences" ADD COLUMN "sms" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "entity_sms_usage" ADD CONSTRAINT "entity_sms_usage_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_phones" ADD CONSTRAINT "member_phones_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_messages_user_purpose_created_idx" ON "sms_messages" USING btree ("user_id","purpose","created_at");