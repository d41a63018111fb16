CREATE TABLE "family_invites" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "family_members" (
	"member_id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "family_members_not_self" CHECK ("family_members"."member_id" <> "family_members"."owner_id")
);
--> statement-breakpoint
ALTER TABLE "binders" ADD COLUMN "family_shared" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "family_invites" ADD CONSTRAINT "family_invites_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_members" ADD CONSTRAINT "family_members_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_members" ADD CONSTRAINT "family_members_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "family_invites_owner_email_idx" ON "family_invites" USING btree ("owner_id","email");--> statement-breakpoint
CREATE INDEX "family_invites_email_idx" ON "family_invites" USING btree ("email");--> statement-breakpoint
CREATE INDEX "family_members_owner_idx" ON "family_members" USING btree ("owner_id");