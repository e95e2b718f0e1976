CREATE TABLE "lead_releases" (
	"notification_id" uuid PRIMARY KEY NOT NULL,
	"released_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_releases" ADD CONSTRAINT "lead_releases_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;