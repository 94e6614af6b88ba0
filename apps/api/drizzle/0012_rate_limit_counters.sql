-- Per-IP limits shared by every API process (issue 13): one counter per key and fixed window,
-- incremented by one atomic upsert (src/auth/rate-limit.ts); rows past `expires_at` are pruned.
CREATE TABLE "rate_limit_counters" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limit_counters_key_window_start_pk" PRIMARY KEY("key","window_start"),
	CONSTRAINT "rate_limit_counters_hits_positive" CHECK ("rate_limit_counters"."hits" > 0)
);
--> statement-breakpoint
CREATE INDEX "rate_limit_counters_expires_idx" ON "rate_limit_counters" USING btree ("expires_at");