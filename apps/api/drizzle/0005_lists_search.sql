-- Lists at scale (issue 10): accent- and case-insensitive quick search, the lists' orders and
-- counts, map pins by bounding box. README "Lists at scale" explains the design.
--
-- terres_fold: lower case without French accents (precomposed ones, and combining marks, which
-- translate() deletes as they have no replacement); apostrophes, dashes and punctuation become
-- spaces (word boundaries, where the API cuts a query's words). Plain SQL (the unaccent
-- extension's functions are STABLE and cannot feed a generated column) and IMMUTABLE, so the
-- generated search columns and every query fold text the same way.
CREATE OR REPLACE FUNCTION terres_fold(value text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT lower(translate(
    replace(replace(replace(replace(value, 'œ', 'oe'), 'Œ', 'oe'), 'æ', 'ae'), 'Æ', 'ae'),
    'àáâãäåÀÁÂÃÄÅçÇèéêëÈÉÊËìíîïÌÍÎÏñÑòóôõöøÒÓÔÕÖØùúûüÙÚÛÜýÿÝŸ''’‘`´-–—.,;:!?@/\()[]"«»&+*#_|' || U&'\0300\0301\0302\0303\0308\030A\0327',
    'aaaaaaaaaaaacceeeeeeeeiiiiiiiinnoooooooooooouuuuuuuuyyyy                              '
  ))
$$;--> statement-breakpoint
DROP INDEX "inquiries_status_idx";--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "organization_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "inquiries" SET "organization_name" = o."name" FROM "organizations" o WHERE o."id" = "inquiries"."organization_id";--> statement-breakpoint
-- A listing's copy of its organisation's name is set by the database, never by a client: on
-- insert (and should the organisation or the copy itself be written), and on every rename.
CREATE OR REPLACE FUNCTION inquiries_copy_organization_name() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.organization_name := coalesce((SELECT name FROM organizations WHERE id = NEW.organization_id), '');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER inquiries_organization_name BEFORE INSERT OR UPDATE OF organization_id, organization_name ON inquiries
FOR EACH ROW EXECUTE FUNCTION inquiries_copy_organization_name();--> statement-breakpoint
CREATE OR REPLACE FUNCTION organizations_rename_inquiries() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE inquiries SET organization_name = NEW.name WHERE organization_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER organizations_rename_inquiries AFTER UPDATE OF name ON organizations
FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION organizations_rename_inquiries();--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "search_text" text GENERATED ALWAYS AS (' ' || terres_fold(project_name || ' ' || coalesce(site_address, '') || ' ' || coalesce(project_owner_first_name, '') || ' ' || coalesce(project_owner_last_name, '') || ' ' || organization_name)) STORED;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "search_text" text GENERATED ALWAYS AS (' ' || terres_fold(name || ' ' || coalesce(email, '') || ' ' || registration_number || ' ' || coalesce(representative_first_name, '') || ' ' || coalesce(representative_last_name, ''))) STORED;--> statement-breakpoint
CREATE INDEX "inquiries_status_type_idx" ON "inquiries" USING btree ("status","type") WHERE "inquiries"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "inquiries_created_idx" ON "inquiries" USING btree ("created_at","id","status","type") WHERE "inquiries"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "inquiries_updated_idx" ON "inquiries" USING btree ("updated_at","id","status","type") WHERE "inquiries"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "inquiries_start_date_idx" ON "inquiries" USING btree ("start_date","id","status","type") WHERE "inquiries"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "inquiries_site_point_idx" ON "inquiries" USING gist (point("site_longitude", "site_latitude")) WHERE "inquiries"."deleted_at" is null and "inquiries"."site_latitude" is not null and "inquiries"."site_longitude" is not null;--> statement-breakpoint
CREATE INDEX "organizations_name_idx" ON "organizations" USING btree (terres_fold("name"),"name","id");--> statement-breakpoint
-- Substring search (LIKE '%...%' on search_text) uses a trigram index when the pg_trgm
-- extension can be created (PostgreSQL's contrib; PGlite's contrib bundle, loaded by
-- src/db/index.ts). Without it the search still answers, by scanning: nothing depends on it.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN others THEN
  RAISE NOTICE 'pg_trgm is not available (%): the quick search runs without a trigram index', SQLERRM;
END
$$;--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS inquiries_search_trgm_idx ON inquiries USING gin (search_text gin_trgm_ops) WHERE deleted_at IS NULL;
  END IF;
END
$$;
