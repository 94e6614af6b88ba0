-- Matching's prefilter under row-level security (README "Matching at scale"). Since migration
-- 0013 every read of inquiries carries its policy's condition, and PostgreSQL evaluates a
-- query's own conditions before it only when their functions are LEAKPROOF: the GiST operators
-- of 0007 (point <@ box, daterange && daterange) are not, so they left the index for a filter and
-- each search walked every matchable listing of the other type (21 ms at p50 over 100 000
-- listings instead of 1.5). B-tree comparisons of double precision and date are leakproof: the
-- same two partial indexes, now B-tree on (latitude, longitude, start, end), keep the radius box
-- and the period overlap inside the index scan (latitude as its range, the rest checked on the
-- index tuples), on PostgreSQL and on PGlite alike (core B-tree, no extension).
DROP INDEX IF EXISTS "inquiries_match_cut_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "inquiries_match_fill_idx";--> statement-breakpoint
CREATE INDEX "inquiries_match_cut_idx" ON "inquiries" USING btree ("site_latitude","site_longitude","start_date","end_date") WHERE "inquiries"."type" = 'CUT' and "inquiries"."deleted_at" is null and "inquiries"."status" in ('APPROVED', 'DOUBT_CLEARED', 'SITE_FOUND', 'PRE_CONTRACT_SIGNED') and "inquiries"."site_latitude" is not null and "inquiries"."site_longitude" is not null and "inquiries"."start_date" <= "inquiries"."end_date" and jsonb_array_length("inquiries"."materials") > 0;--> statement-breakpoint
CREATE INDEX "inquiries_match_fill_idx" ON "inquiries" USING btree ("site_latitude","site_longitude","start_date","end_date") WHERE "inquiries"."type" = 'FILL' and "inquiries"."deleted_at" is null and "inquiries"."status" in ('APPROVED', 'DOUBT_CLEARED', 'SITE_FOUND', 'PRE_CONTRACT_SIGNED') and "inquiries"."site_latitude" is not null and "inquiries"."site_longitude" is not null and "inquiries"."start_date" <= "inquiries"."end_date" and jsonb_array_length("inquiries"."materials") > 0;
