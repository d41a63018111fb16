CREATE TABLE "activities" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"deck_id" text,
	"binder_id" text,
	"comment_id" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activities_kind" CHECK ("activities"."kind" in ('deck_published', 'binder_shared', 'comment_posted')),
	CONSTRAINT "activities_subject" CHECK (("activities"."kind" = 'deck_published' and "activities"."deck_id" is not null and "activities"."binder_id" is null and "activities"."comment_id" is null)
        or ("activities"."kind" = 'binder_shared' and "activities"."binder_id" is not null and "activities"."deck_id" is null and "activities"."comment_id" is null)
        or ("activities"."kind" = 'comment_posted' and "activities"."comment_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "comment_reports" (
	"comment_id" text NOT NULL,
	"reporter_id" text NOT NULL,
	"reason" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comment_reports_comment_id_reporter_id_pk" PRIMARY KEY("comment_id","reporter_id")
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"deck_id" text,
	"binder_id" text,
	"text" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comments_one_item" CHECK (("comments"."deck_id" is null) <> ("comments"."binder_id" is null)),
	CONSTRAINT "comments_text_length" CHECK (char_length("comments"."text") between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"locale" text,
	"ip_address" text,
	"mail_status" text DEFAULT 'pending' NOT NULL,
	"handled_at" timestamp (3) with time zone,
	"handled_by" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_messages_mail_status" CHECK ("contact_messages"."mail_status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "decks" ADD COLUMN "show_on_profile" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "binders" ADD COLUMN "show_on_profile" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_deck_id_decks_id_fk" FOREIGN KEY ("deck_id") REFERENCES "public"."decks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_binder_id_binders_id_fk" FOREIGN KEY ("binder_id") REFERENCES "public"."binders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_reports" ADD CONSTRAINT "comment_reports_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_reports" ADD CONSTRAINT "comment_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_deck_id_decks_id_fk" FOREIGN KEY ("deck_id") REFERENCES "public"."decks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_binder_id_binders_id_fk" FOREIGN KEY ("binder_id") REFERENCES "public"."binders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_user_created_idx" ON "activities" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "activities_deck_idx" ON "activities" USING btree ("deck_id") WHERE "activities"."kind" = 'deck_published';--> statement-breakpoint
CREATE UNIQUE INDEX "activities_binder_idx" ON "activities" USING btree ("binder_id") WHERE "activities"."kind" = 'binder_shared';--> statement-breakpoint
CREATE UNIQUE INDEX "activities_comment_idx" ON "activities" USING btree ("comment_id");--> statement-breakpoint
CREATE INDEX "comment_reports_created_idx" ON "comment_reports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "comments_deck_created_idx" ON "comments" USING btree ("deck_id","created_at","id");--> statement-breakpoint
CREATE INDEX "comments_binder_created_idx" ON "comments" USING btree ("binder_id","created_at","id");--> statement-breakpoint
CREATE INDEX "comments_user_created_idx" ON "comments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "contact_messages_email_created_idx" ON "contact_messages" USING btree (lower("email"),"created_at");--> statement-breakpoint
-- What was public before activities were recorded: each public deck and shared binder once, at its creation time.
INSERT INTO "activities" ("user_id", "kind", "deck_id", "created_at") SELECT "user_id", 'deck_published', "id", "created_at" FROM "decks" WHERE "is_public";--> statement-breakpoint
INSERT INTO "activities" ("user_id", "kind", "binder_id", "created_at") SELECT "user_id", 'binder_shared', "id", "created_at" FROM "binders" WHERE "is_public" AND "category" <> 'wishlist';
