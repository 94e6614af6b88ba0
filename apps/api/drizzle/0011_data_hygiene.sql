-- Issue 12, data hygiene. 1) Two active organisations cannot share a SIRET: a partial unique
-- index (an archived organisation frees its number). Rows stored before it may already share
-- one; the index would then fail with PostgreSQL's own message, so say first which numbers and
-- what to do (archive or correct one organisation of each pair, then start again).
DO $$
DECLARE
  shared text;
BEGIN
  SELECT string_agg(registration_number, ', ' ORDER BY registration_number) INTO shared
  FROM (
    SELECT registration_number FROM organizations
    WHERE archived_at IS NULL
    GROUP BY registration_number
    HAVING count(*) > 1
  ) AS duplicates;
  IF shared IS NOT NULL THEN
    RAISE EXCEPTION 'migration 0011: active organisations share these SIRET numbers: %. Archive or correct one organisation of each pair, then start the API again.', shared;
  END IF;
END $$;
--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_siret_active_unique" ON "organizations" USING btree ("registration_number") WHERE "organizations"."archived_at" is null;
--> statement-breakpoint
-- 2) Stored file names lose control and bidirectional-formatting characters, as new uploads do
-- (src/files/names.ts, same set): C0, DEL, C1, U+061C, U+200E-U+200F, U+2028-U+202E, U+2066-U+2069.
UPDATE "documents"
SET "file_name" = regexp_replace("file_name", '[\x01-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]', '', 'g')
WHERE "file_name" ~ '[\x01-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]';
