CREATE TABLE "deck_regulation_notices" (
	"deck_id" text NOT NULL,
	"notice" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deck_regulation_notices_deck_id_notice_pk" PRIMARY KEY("deck_id","notice")
);
--> statement-breakpoint
CREATE TABLE "tournament_list_gaps" (
	"tournament_id" text NOT NULL,
	"placing" integer NOT NULL,
	"card_number" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"section" text NOT NULL,
	CONSTRAINT "tournament_list_gaps_tournament_id_placing_card_number_pk" PRIMARY KEY("tournament_id","placing","card_number")
);
--> statement-breakpoint
CREATE TABLE "tournament_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"trigger" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"status" text NOT NULL,
	"counts" jsonb,
	"error" text,
	CONSTRAINT "tournament_runs_status" CHECK ("tournament_runs"."status" in ('running', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "tournament_standings" (
	"tournament_id" text NOT NULL,
	"placing" integer NOT NULL,
	"wins" integer DEFAULT 0 NOT NULL,
	"losses" integer DEFAULT 0 NOT NULL,
	"ties" integer DEFAULT 0 NOT NULL,
	"leader_number" text NOT NULL,
	"leader_name" text NOT NULL,
	"deck_id" text NOT NULL,
	CONSTRAINT "tournament_standings_tournament_id_placing_pk" PRIMARY KEY("tournament_id","placing"),
	CONSTRAINT "tournament_standings_placing" CHECK ("tournament_standings"."placing" > 0),
	CONSTRAINT "tournament_standings_record" CHECK ("tournament_standings"."wins" >= 0 and "tournament_standings"."losses" >= 0 and "tournament_standings"."ties" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tournaments" (
	"id" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"name" text NOT NULL,
	"day" date NOT NULL,
	"players" integer DEFAULT 0 NOT NULL,
	"format" text NOT NULL,
	"format_by_admin" boolean DEFAULT false NOT NULL,
	"url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournaments_format" CHECK ("tournaments"."format" in ('standard', 'extra'))
);
--> statement-breakpoint
ALTER TABLE "decks" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "deck_regulation_notices" ADD CONSTRAINT "deck_regulation_notices_deck_id_decks_id_fk" FOREIGN KEY ("deck_id") REFERENCES "public"."decks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_list_gaps" ADD CONSTRAINT "tournament_list_gaps_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_standings" ADD CONSTRAINT "tournament_standings_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_standings" ADD CONSTRAINT "tournament_standings_deck_id_decks_id_fk" FOREIGN KEY ("deck_id") REFERENCES "public"."decks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tournament_runs_source_started_idx" ON "tournament_runs" USING btree ("source","started_at");--> statement-breakpoint
CREATE INDEX "tournament_standings_leader_idx" ON "tournament_standings" USING btree ("leader_number");--> statement-breakpoint
CREATE INDEX "tournament_standings_deck_idx" ON "tournament_standings" USING btree ("deck_id");--> statement-breakpoint
CREATE INDEX "tournaments_day_idx" ON "tournaments" USING btree ("day","id");