CREATE TABLE "card_price_latest" (
	"card_id" integer NOT NULL,
	"market" smallint NOT NULL,
	"day" date NOT NULL,
	"source" smallint NOT NULL,
	"currency" text NOT NULL,
	"min" integer,
	"avg" integer,
	"max" integer,
	"trend" integer,
	"demo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "card_price_latest_card_id_market_pk" PRIMARY KEY("card_id","market")
);
--> statement-breakpoint
CREATE TABLE "card_prices" (
	"card_id" integer NOT NULL,
	"market" smallint NOT NULL,
	"day" date NOT NULL,
	"source" smallint NOT NULL,
	"currency" text NOT NULL,
	"min" integer,
	"avg" integer,
	"max" integer,
	"trend" integer,
	CONSTRAINT "card_prices_card_id_market_day_pk" PRIMARY KEY("card_id","market","day")
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"rate" double precision NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "exchange_rates_day_currency_pk" PRIMARY KEY("day","currency"),
	CONSTRAINT "exchange_rates_positive" CHECK ("exchange_rates"."rate" > 0)
);
--> statement-breakpoint
CREATE TABLE "price_pins" (
	"source" smallint NOT NULL,
	"product_id" text NOT NULL,
	"card_id" integer NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_pins_source_product_id_pk" PRIMARY KEY("source","product_id")
);
--> statement-breakpoint
CREATE TABLE "price_products" (
	"source" smallint NOT NULL,
	"product_id" text NOT NULL,
	"card_id" integer,
	"market" smallint NOT NULL,
	"name" text NOT NULL,
	"number" text,
	"set_name" text,
	"url" text,
	"reason" text,
	"cross_ids" text[],
	"seen_on" date NOT NULL,
	CONSTRAINT "price_products_source_product_id_pk" PRIMARY KEY("source","product_id")
);
--> statement-breakpoint
CREATE TABLE "price_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"market" text,
	"day" date NOT NULL,
	"trigger" text NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"rows" integer DEFAULT 0 NOT NULL,
	"matched" integer DEFAULT 0 NOT NULL,
	"unmatched" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"details" jsonb,
	"error" text,
	CONSTRAINT "price_runs_status" CHECK ("price_runs"."status" in ('running', 'succeeded', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "card_price_latest" ADD CONSTRAINT "card_price_latest_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_prices" ADD CONSTRAINT "card_prices_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_pins" ADD CONSTRAINT "price_pins_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_products" ADD CONSTRAINT "price_products_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_price_latest_market_idx" ON "card_price_latest" USING btree ("market","card_id");--> statement-breakpoint
CREATE INDEX "card_prices_market_day_idx" ON "card_prices" USING btree ("market","day");--> statement-breakpoint
CREATE UNIQUE INDEX "price_pins_card_idx" ON "price_pins" USING btree ("source","card_id");--> statement-breakpoint
CREATE UNIQUE INDEX "price_products_card_idx" ON "price_products" USING btree ("source","card_id") WHERE "price_products"."card_id" is not null;--> statement-breakpoint
CREATE INDEX "price_runs_source_idx" ON "price_runs" USING btree ("source","started_at");