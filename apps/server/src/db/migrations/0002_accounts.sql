CREATE TABLE "legal_versions" (
	"doc_type" text NOT NULL,
	"version" text NOT NULL,
	"effective_date" date NOT NULL,
	CONSTRAINT "legal_versions_doc_type_version_pk" PRIMARY KEY("doc_type","version")
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"username" text,
	"country_code" text,
	"display_name" text,
	"bio" text,
	"avatar_url" text,
	"onboarding_completed" boolean DEFAULT false NOT NULL,
	"plan_selection_completed" boolean DEFAULT false NOT NULL,
	"language" text,
	"currency" text,
	"theme" text,
	"animations" boolean,
	"marketplace" text,
	"price_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"consent_type" text NOT NULL,
	"given" boolean NOT NULL,
	"version" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locale" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "user_cookie_preferences" (
	"user_id" text NOT NULL,
	"cookie_type" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_cookie_preferences_user_id_cookie_type_pk" PRIMARY KEY("user_id","cookie_type")
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_id_users_id_fk" FOREIGN KEY ("id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_consents" ADD CONSTRAINT "user_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_cookie_preferences" ADD CONSTRAINT "user_cookie_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_username_lower_idx" ON "profiles" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "user_consents_unique_idx" ON "user_consents" USING btree ("user_id","consent_type","version");--> statement-breakpoint
CREATE INDEX "user_consents_user_type_idx" ON "user_consents" USING btree ("user_id","consent_type","created_at");--> statement-breakpoint
INSERT INTO "legal_versions" ("doc_type", "version", "effective_date") VALUES ('terms_of_service', '1.0', '2025-09-24'), ('privacy_policy', '1.0', '2025-09-24') ON CONFLICT DO NOTHING;
