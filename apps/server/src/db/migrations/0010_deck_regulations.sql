CREATE TABLE "deck_regulations" (
	"id" serial PRIMARY KEY NOT NULL,
	"game_category" text NOT NULL,
	"kind" text NOT NULL,
	"card_number" text NOT NULL,
	"paired_with" text,
	"from_day" date NOT NULL,
	"until_day" date,
	"source" text NOT NULL,
	"note" text,
	"shipped" boolean DEFAULT false NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_by" text,
	"ended_at" timestamp with time zone,
	CONSTRAINT "deck_regulations_kind" CHECK ("deck_regulations"."kind" in ('banned', 'restricted', 'pair')),
	CONSTRAINT "deck_regulations_pair" CHECK (("deck_regulations"."kind" = 'pair') = ("deck_regulations"."paired_with" is not null)),
	CONSTRAINT "deck_regulations_period" CHECK ("deck_regulations"."until_day" is null or "deck_regulations"."until_day" > "deck_regulations"."from_day")
);
--> statement-breakpoint
ALTER TABLE "deck_regulations" ADD CONSTRAINT "deck_regulations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deck_regulations" ADD CONSTRAINT "deck_regulations_ended_by_users_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deck_regulations_entry_idx" ON "deck_regulations" USING btree ("game_category","kind","card_number",coalesce("paired_with", ''),"from_day");