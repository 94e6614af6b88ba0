-- Matching (issue 11): soil quality on material lines, a FILL listing's acceptance, matches
-- proposed by admins, matching alerts sent, generated documents, and the matching indexes.
-- README "Matching" explains the design.
CREATE TABLE "match_alerts" (
	"inquiry_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"compatible_count" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "match_alerts_inquiry_id_kind_day_pk" PRIMARY KEY("inquiry_id","kind","day"),
	CONSTRAINT "match_alerts_kind_values" CHECK ("match_alerts"."kind" in ('VALIDATED', 'NEW_COMPATIBLE'))
);
--> statement-breakpoint
CREATE TABLE "matches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cut_inquiry_id" uuid NOT NULL,
	"fill_inquiry_id" uuid NOT NULL,
	"status" text DEFAULT 'PROPOSED' NOT NULL,
	"proposed_by_user_id" uuid,
	"volume_m3" double precision NOT NULL,
	"figures" jsonb NOT NULL,
	"moved_volume_m3" double precision,
	"transfer_date" date,
	"accepted_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "matches_status_values" CHECK ("matches"."status" in ('PROPOSED', 'ACCEPTED', 'DECLINED', 'DONE')),
	CONSTRAINT "matches_distinct_listings" CHECK ("matches"."cut_inquiry_id" <> "matches"."fill_inquiry_id"),
	CONSTRAINT "matches_volume_positive" CHECK ("matches"."volume_m3" > 0),
	CONSTRAINT "matches_moved_volume_positive" CHECK ("matches"."moved_volume_m3" is null or "matches"."moved_volume_m3" > 0),
	CONSTRAINT "matches_done_recorded" CHECK ("matches"."status" <> 'DONE' or ("matches"."moved_volume_m3" is not null and "matches"."transfer_date" is not null))
);
--> statement-breakpoint
ALTER TABLE "documents" DROP CONSTRAINT "documents_kind_values";--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "match_id" uuid;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "receiving_use" text;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "accepted_quality_classes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "accepted_waste_codes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Material lines saved before carry no quality: they read as 'UNKNOWN' (domain
-- `qualityClassOf`) without a code. Written out here so every stored line has a class. An
-- unknown class matches only a FILL accepting UNKNOWN soil (the legacy acceptance of FILL
-- listings saved before, or one that lists it), under a non-hazardous code, flagged « à
-- vérifier » (README "Matching", domain `qualityVerdict`). FILL listings keep an empty
-- acceptance: they read as the domain's LEGACY_FILL_ACCEPTANCE.
UPDATE "inquiries" SET "materials" = (
  SELECT coalesce(jsonb_agg(CASE WHEN line ? 'qualityClass' THEN line ELSE line || '{"qualityClass": "UNKNOWN", "wasteCode": null}'::jsonb END ORDER BY position), '[]'::jsonb)
  FROM jsonb_array_elements("materials") WITH ORDINALITY AS lines(line, position)
) WHERE jsonb_typeof("materials") = 'array' AND jsonb_array_length("materials") > 0;--> statement-breakpoint
ALTER TABLE "match_alerts" ADD CONSTRAINT "match_alerts_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_cut_inquiry_id_inquiries_id_fk" FOREIGN KEY ("cut_inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_fill_inquiry_id_inquiries_id_fk" FOREIGN KEY ("fill_inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_proposed_by_user_id_users_id_fk" FOREIGN KEY ("proposed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "matches_open_pair_unique" ON "matches" USING btree ("cut_inquiry_id","fill_inquiry_id") WHERE "matches"."status" in ('PROPOSED', 'ACCEPTED');--> statement-breakpoint
CREATE INDEX "matches_cut_idx" ON "matches" USING btree ("cut_inquiry_id");--> statement-breakpoint
CREATE INDEX "matches_fill_idx" ON "matches" USING btree ("fill_inquiry_id");--> statement-breakpoint
CREATE INDEX "matches_done_idx" ON "matches" USING btree ("transfer_date") WHERE "matches"."status" = 'DONE';--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "documents_generated_unique" ON "documents" USING btree ("inquiry_id","kind",coalesce("match_id", '00000000-0000-0000-0000-000000000000'::uuid)) WHERE "documents"."deleted_at" is null and "documents"."kind" in ('DOUBT_CLEARING_LETTER', 'PRE_CONTRACT', 'TRANSFER_CONTRACT');--> statement-breakpoint
CREATE INDEX "inquiries_match_cut_idx" ON "inquiries" USING gist (point("site_longitude", "site_latitude"),daterange("start_date", "end_date", '[]')) WHERE "inquiries"."type" = 'CUT' and "inquiries"."deleted_at" is null and "inquiries"."status" in ('APPROVED', 'DOUBT_CLEARED', 'SITE_FOUND', 'PRE_CONTRACT_SIGNED') and "inquiries"."site_latitude" is not null and "inquiries"."site_longitude" is not null and "inquiries"."start_date" <= "inquiries"."end_date" and jsonb_array_length("inquiries"."materials") > 0;--> statement-breakpoint
CREATE INDEX "inquiries_match_fill_idx" ON "inquiries" USING gist (point("site_longitude", "site_latitude"),daterange("start_date", "end_date", '[]')) WHERE "inquiries"."type" = 'FILL' and "inquiries"."deleted_at" is null and "inquiries"."status" in ('APPROVED', 'DOUBT_CLEARED', 'SITE_FOUND', 'PRE_CONTRACT_SIGNED') and "inquiries"."site_latitude" is not null and "inquiries"."site_longitude" is not null and "inquiries"."start_date" <= "inquiries"."end_date" and jsonb_array_length("inquiries"."materials") > 0;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_kind_values" CHECK ("documents"."kind" in ('PERMISSION', 'SOIL_STUDY', 'OTHER', 'DOUBT_CLEARING_LETTER', 'PRE_CONTRACT', 'TRANSFER_CONTRACT'));--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_receiving_use_values" CHECK ("inquiries"."receiving_use" is null or "inquiries"."receiving_use" in ('UNDER_BUILDING', 'COVERED_GREEN_SPACE', 'UNCOVERED_GREEN_SPACE', 'FOOD_GROWING', 'ROAD_WORKS', 'QUARRY_BACKFILL'));