-- Issue 20: a deleted document's file is removed once nothing refers to it, and an organisation's
-- uploads count against a storage quota.
-- documents.file_released_at: the file no longer belongs to anything (the document was deleted and
-- no load's ticket names it); set in the deletion's transaction together with its line in
-- file_removals; such a document no longer counts against the quota.
ALTER TABLE "documents" ADD COLUMN "file_released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_released_deleted" CHECK ("file_released_at" is null or "deleted_at" is not null);--> statement-breakpoint
-- What the quota sums: the organisation's own uploads whose file is kept.
CREATE INDEX "documents_storage_use_idx" ON "documents" USING btree ("organization_id") WHERE "file_released_at" is null and "source" = 'ADVERTISER';--> statement-breakpoint
-- Files to remove from storage (local disk or the bucket) once `due_at` has passed:
-- - a released document's file (due at once; removed right after the deletion commits, else by the sweep);
-- - an upload's key reserved before its file is stored (due an hour later): the upload's transaction
--   deletes the line when it records the document, so a crash between storage and database leaves
--   a line the sweep uses to remove the orphan file. The sweep never removes a file an unreleased
--   document names. No organisation column: only the system's sweep and the uploads touch it.
CREATE TABLE "file_removals" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "file_removals_due_idx" ON "file_removals" USING btree ("due_at");--> statement-breakpoint
-- A load's weighbridge ticket may only name a document whose file is kept: the document's row is
-- read FOR SHARE, so a racing release (which locks it FOR UPDATE) is waited for and then seen.
CREATE OR REPLACE FUNCTION loads_ticket_document_kept() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  released timestamp with time zone;
BEGIN
  IF NEW.ticket_document_id IS NOT NULL THEN
    SELECT d.file_released_at INTO released FROM documents d WHERE d.id = NEW.ticket_document_id FOR SHARE;
    IF released IS NOT NULL THEN
      RAISE EXCEPTION 'ticket document % was deleted', NEW.ticket_document_id USING ERRCODE = '23503';
    END IF;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER loads_ticket_document_kept BEFORE INSERT OR UPDATE OF ticket_document_id ON loads
FOR EACH ROW EXECUTE FUNCTION loads_ticket_document_kept();--> statement-breakpoint
-- Documents deleted before this migration: their files are released and queued for the sweep.
UPDATE "documents" SET "file_released_at" = now()
WHERE "deleted_at" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "loads" l WHERE l."ticket_document_id" = "documents"."id");--> statement-breakpoint
INSERT INTO "file_removals" ("storage_key") SELECT "storage_key" FROM "documents" WHERE "file_released_at" IS NOT NULL ON CONFLICT DO NOTHING;
