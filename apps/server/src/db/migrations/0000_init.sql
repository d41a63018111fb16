CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "game_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"hidden" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_sets" (
	"id" serial PRIMARY KEY NOT NULL,
	"game_category" text NOT NULL,
	"source_key" text NOT NULL,
	"code" text,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"kind" text NOT NULL,
	"release_year" integer,
	"size" integer DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_sets_source_key_unique" UNIQUE("source_key"),
	CONSTRAINT "card_sets_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"game_category" text NOT NULL,
	"source_key" text NOT NULL,
	"source_hash" text NOT NULL,
	"card_number" text NOT NULL,
	"set_id" integer,
	"name" text NOT NULL,
	"card_type" text NOT NULL,
	"cost" integer,
	"power" integer,
	"counter" integer,
	"life" integer,
	"colors" text[] DEFAULT '{}'::text[] NOT NULL,
	"attributes" text[] DEFAULT '{}'::text[] NOT NULL,
	"subtypes" text[] DEFAULT '{}'::text[] NOT NULL,
	"keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"card_text" text,
	"rarity" text NOT NULL,
	"block_icon" text,
	"is_variation" boolean DEFAULT false NOT NULL,
	"variant" text,
	"print_order" integer DEFAULT 0 NOT NULL,
	"artwork_url" text,
	"search_text" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cards_source_key_unique" UNIQUE("source_key")
);
--> statement-breakpoint
CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_sets" ADD CONSTRAINT "card_sets_game_category_game_categories_id_fk" FOREIGN KEY ("game_category") REFERENCES "public"."game_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_game_category_game_categories_id_fk" FOREIGN KEY ("game_category") REFERENCES "public"."game_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_set_id_card_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."card_sets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_sets_game_idx" ON "card_sets" USING btree ("game_category","sort_order");--> statement-breakpoint
CREATE INDEX "cards_number_idx" ON "cards" USING btree ("game_category","card_number","print_order");--> statement-breakpoint
CREATE INDEX "cards_set_idx" ON "cards" USING btree ("set_id");--> statement-breakpoint
CREATE INDEX "cards_search_trgm_idx" ON "cards" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cards_colors_idx" ON "cards" USING gin ("colors");