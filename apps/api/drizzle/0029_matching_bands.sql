-- Matching's prefilter in two dimensions (issue 23, docs/matching.md "Matching at scale"). The
-- B-tree indexes of 0016, on (latitude, longitude, start, end), had the radius box's latitude
-- band as their only range: a search walked every matchable listing of the other type between
-- the box's two latitudes, whatever its longitude (tens of thousands of index tuples at
-- 1 000 000 listings, most of them hundreds of kilometres east or west). `match_band` is the
-- site's latitude cut into bands of 0.1° (about 11 km), kept by PostgreSQL itself; the same
-- two partial indexes now lead with it, then the longitude: a search names the box's bands
-- (`match_band = any(...)`, one index descent per band, about ten) and each descent reads the
-- box's longitudes only. Every condition stays a leakproof comparison (smallint, double
-- precision, date), so row-level security leaves them all in the index scan, on PostgreSQL and
-- on PGlite alike (core B-tree, no extension). The archived organisations get a small index of
-- their own: the prefilter's `not exists` on them is then one probe of it per candidate, the
-- organisations' rows not read (it was a third of a search's buffer reads).
ALTER TABLE "inquiries" ADD COLUMN "match_band" smallint GENERATED ALWAYS AS (floor("site_latitude" * 10)::smallint) STORED;--> statement-breakpoint
DROP INDEX IF EXISTS "inquiries_match_cut_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "inquiries_match_fill_idx";--> statement-breakpoint
CREATE INDEX "inquiries_match_cut_idx" ON "inquiries" USING btree ("match_band","site_longitude","site_latitude","start_date","end_date") WHERE "inquiries"."type" = 'CUT' and "inquiries"."deleted_at" is null and "inquiries"."status" in ('APPROVED', 'DOUBT_CLEARED', 'SITE_FOUND', 'PRE_CONTRACT_SIGNED') and "inquiries"."site_latitude" is not null and "inquiries"."site_longitude" is not null and "inquiries"."start_date" <= "inquiries"."end_date" and jsonb_array_length("inquiries"."materials") > 0;--> statement-breakpoint
CREATE INDEX "inquiries_match_fill_idx" ON "inquiries" USING btree ("match_band","site_longitude","site_latitude","start_date","end_date") WHERE "inquiries"."type" = 'FILL' and "inquiries"."deleted_at" is null and "inquiries"."status" in ('APPROVED', 'DOUBT_CLEARED', 'SITE_FOUND', 'PRE_CONTRACT_SIGNED') and "inquiries"."site_latitude" is not null and "inquiries"."site_longitude" is not null and "inquiries"."start_date" <= "inquiries"."end_date" and jsonb_array_length("inquiries"."materials") > 0;--> statement-breakpoint
CREATE INDEX "organizations_archived_idx" ON "organizations" USING btree ("id") WHERE "organizations"."archived_at" is not null;
