CREATE TABLE "binder_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"binder_id" text NOT NULL,
	"card_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"condition" text DEFAULT '' NOT NULL,
	"language" text DEFAULT '' NOT NULL,
	"purchase_price" numeric(12, 2),
	"purchase_currency" text,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "binder_cards_quantity_positive" CHECK ("binder_cards"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "binders" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"category" text NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"cover_card_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "binders_category" CHECK ("binders"."category" in ('personal', 'trade', 'wishlist'))
);
--> statement-breakpoint
ALTER TABLE "binder_cards" ADD CONSTRAINT "binder_cards_binder_id_binders_id_fk" FOREIGN KEY ("binder_id") REFERENCES "public"."binders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "binder_cards" ADD CONSTRAINT "binder_cards_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "binders" ADD CONSTRAINT "binders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "binders" ADD CONSTRAINT "binders_cover_card_id_cards_id_fk" FOREIGN KEY ("cover_card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "binder_cards_print_idx" ON "binder_cards" USING btree ("binder_id","card_id","condition","language");--> statement-breakpoint
CREATE INDEX "binders_user_updated_idx" ON "binders" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "binders_one_wishlist_idx" ON "binders" USING btree ("user_id") WHERE "binders"."category" = 'wishlist';