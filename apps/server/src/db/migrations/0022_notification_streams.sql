CREATE TABLE "notification_streams" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_streams" ADD CONSTRAINT "notification_streams_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_streams_user_idx" ON "notification_streams" USING btree ("user_id","seen_at");