CREATE TABLE "plan_grants" (
	"user_id" text PRIMARY KEY NOT NULL,
	"plan" text NOT NULL,
	"granted_by" text,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_grants_plan" CHECK ("plan_grants"."plan" in ('hobby', 'family'))
);
--> statement-breakpoint
CREATE TABLE "user_subscriptions" (
	"user_id" text PRIMARY KEY NOT NULL,
	"is_subscribed" boolean DEFAULT false NOT NULL,
	"subscription_status" text,
	"product_id" text,
	"plan" text,
	"subscription_end" timestamp with time zone,
	"customer_id" text,
	"subscription_id" text,
	"provider_updated_at" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_subscriptions_customer_id_unique" UNIQUE("customer_id"),
	CONSTRAINT "user_subscriptions_status" CHECK ("user_subscriptions"."subscription_status" is null or "user_subscriptions"."subscription_status" in ('active', 'trialing', 'past_due', 'canceled')),
	CONSTRAINT "user_subscriptions_plan" CHECK ("user_subscriptions"."plan" is null or "user_subscriptions"."plan" in ('hobby', 'family'))
);
--> statement-breakpoint
ALTER TABLE "plan_grants" ADD CONSTRAINT "plan_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_grants" ADD CONSTRAINT "plan_grants_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD CONSTRAINT "user_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;