-- Lists at scale, measured (README "Lists at scale"): the organisations' order reads a stored
-- folded name instead of folding 2 000 names per request, and the soil-study table's rows
-- ("a delegation or a study file") become an index instead of a per-row EXISTS; the newest
-- deletion is read from a small index (the map pins' version).
DROP INDEX "organizations_name_idx";--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "has_soil_study_file" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "inquiries" SET "has_soil_study_file" = true WHERE EXISTS (SELECT 1 FROM "documents" d WHERE d."inquiry_id" = "inquiries"."id" AND d."kind" = 'SOIL_STUDY' AND d."deleted_at" IS NULL);--> statement-breakpoint
-- Kept by the database: any insert, update or delete of a document recomputes its listing's flag.
CREATE OR REPLACE FUNCTION documents_soil_study_flag() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  target uuid;
BEGIN
  FOREACH target IN ARRAY (CASE TG_OP
    WHEN 'INSERT' THEN ARRAY[NEW.inquiry_id]
    WHEN 'DELETE' THEN ARRAY[OLD.inquiry_id]
    ELSE ARRAY[OLD.inquiry_id, NEW.inquiry_id] END)
  LOOP
    UPDATE inquiries SET has_soil_study_file = EXISTS (
      SELECT 1 FROM documents d WHERE d.inquiry_id = target AND d.kind = 'SOIL_STUDY' AND d.deleted_at IS NULL
    ) WHERE id = target;
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER documents_soil_study_flag AFTER INSERT OR UPDATE OF inquiry_id, kind, deleted_at OR DELETE ON documents
FOR EACH ROW EXECUTE FUNCTION documents_soil_study_flag();--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "name_key" text GENERATED ALWAYS AS (terres_fold(name)) STORED;--> statement-breakpoint
CREATE INDEX "inquiries_deleted_idx" ON "inquiries" USING btree ("deleted_at") WHERE "inquiries"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "inquiries_soil_studies_idx" ON "inquiries" USING btree ("created_at","id") WHERE "inquiries"."deleted_at" is null and ("inquiries"."soil_study_delegation" or "inquiries"."has_soil_study_file");--> statement-breakpoint
CREATE INDEX "organizations_name_idx" ON "organizations" USING btree ("name_key","name","id");
