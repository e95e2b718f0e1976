-- Issue 50, decision 082: a business's own caller ID, verified by Twilio calling the number
-- (OutgoingCallerIds), shown to the customer when a member presses 1 on a lead call.
CREATE TABLE "entity_caller_ids" (
	"entity_id" uuid PRIMARY KEY NOT NULL,
	"phone" text,
	"twilio_sid" text,
	"verified_at" timestamp with time zone,
	"pending_id" uuid,
	"pending_phone" text,
	"pending_status" text,
	"validation_code" text,
	"pending_call_sid" text,
	"requested_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "entity_caller_ids" ADD CONSTRAINT "entity_caller_ids_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "entity_caller_ids_phone_idx" ON "entity_caller_ids" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "entity_caller_ids_pending_id_idx" ON "entity_caller_ids" USING btree ("pending_id");