CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"emailed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "watches" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"card_id" integer NOT NULL,
	"market" text NOT NULL,
	"direction" text NOT NULL,
	"threshold" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'watching' NOT NULL,
	"triggered_at" timestamp with time zone,
	"triggered_price" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watches_direction" CHECK ("watches"."direction" in ('below', 'above')),
	CONSTRAINT "watches_status" CHECK ("watches"."status" in ('watching', 'below_threshold_met', 'above_threshold_met')),
	CONSTRAINT "watches_threshold_positive" CHECK ("watches"."threshold" > 0)
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "alert_emails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watches" ADD CONSTRAINT "watches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watches" ADD CONSTRAINT "watches_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "notifications_to_email_idx" ON "notifications" USING btree ("id") WHERE "notifications"."emailed_at" is null;--> statement-breakpoint
CREATE INDEX "watches_user_idx" ON "watches" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "watches_one_per_rule_idx" ON "watches" USING btree ("user_id","card_id","market","direction");
--> statement-breakpoint
ALTER TABLE "watches" SET (fillfactor = 80);
