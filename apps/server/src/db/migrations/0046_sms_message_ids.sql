-- A text's row is written before Twilio is asked, with its own id in the message's StatusCallback
-- URL: a receipt that came before Twilio's answer was read found no row and was lost. Twilio's sid
-- is filled in once known, so it can no longer be the key.
ALTER TABLE "sms_messages" DROP CONSTRAINT "sms_messages_pkey";--> statement-breakpoint
ALTER TABLE "sms_messages" ALTER COLUMN "provider_sid" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_provider_sid_unique" UNIQUE("provider_sid");
