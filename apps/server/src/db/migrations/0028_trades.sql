CREATE TABLE "trade_lines" (
	"trade_id" text NOT NULL,
	"side" text NOT NULL,
	"card_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "trade_lines_trade_id_side_card_id_pk" PRIMARY KEY("trade_id","side","card_id"),
	CONSTRAINT "trade_lines_side" CHECK ("trade_lines"."side" in ('give', 'get')),
	CONSTRAINT "trade_lines_quantity" CHECK ("trade_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "trades" (
	"id" text PRIMARY KEY NOT NULL,
	"proposer_id" text NOT NULL,
	"recipient_id" text NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"note" text,
	"proposer_binder_id" text,
	"recipient_binder_id" text,
	"proposer_received_at" timestamp with time zone,
	"recipient_received_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "trades_status" CHECK ("trades"."status" in ('proposed', 'accepted', 'declined', 'cancelled', 'completed')),
	CONSTRAINT "trades_two_parties" CHECK ("trades"."proposer_id" <> "trades"."recipient_id"),
	CONSTRAINT "trades_note_length" CHECK ("trades"."note" is null or char_length("trades"."note") <= 500)
);
--> statement-breakpoint
CREATE TABLE "trading_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"open" boolean DEFAULT false NOT NULL,
	"note" text,
	"countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trading_settings_note_length" CHECK ("trading_settings"."note" is null or char_length("trading_settings"."note") <= 280)
);
--> statement-breakpoint
ALTER TABLE "binder_cards" ADD COLUMN "any_print" boolean;--> statement-breakpoint
ALTER TABLE "trade_lines" ADD CONSTRAINT "trade_lines_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_lines" ADD CONSTRAINT "trade_lines_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_proposer_id_users_id_fk" FOREIGN KEY ("proposer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_proposer_binder_id_binders_id_fk" FOREIGN KEY ("proposer_binder_id") REFERENCES "public"."binders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_recipient_binder_id_binders_id_fk" FOREIGN KEY ("recipient_binder_id") REFERENCES "public"."binders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_settings" ADD CONSTRAINT "trading_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trades_proposer_idx" ON "trades" USING btree ("proposer_id","updated_at");--> statement-breakpoint
CREATE INDEX "trades_recipient_idx" ON "trades" USING btree ("recipient_id","updated_at");--> statement-breakpoint
CREATE INDEX "trading_settings_open_idx" ON "trading_settings" USING btree ("user_id") WHERE "trading_settings"."open";