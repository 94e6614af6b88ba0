-- Users are looked up by their lower-cased address through a stored column and a plain equality:
-- under row-level security (0013) the planner does not run `lower(email) = $1` (lower() is not
-- leakproof) before the policy, so that lookup could not use its expression index and scanned
-- every user at each sign-in.
ALTER TABLE "users" ADD COLUMN "email_key" text GENERATED ALWAYS AS (lower(email)) STORED NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key_unique" ON "users" USING btree ("email_key");--> statement-breakpoint
DROP INDEX "users_email_lower_unique";
