ALTER TABLE "cards" ADD COLUMN "flavor_text" text;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "artist" text;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "legality_text" text;