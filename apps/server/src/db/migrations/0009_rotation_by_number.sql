ALTER TABLE "cards" ADD COLUMN "rotation_block" text;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "rotation_set" text;