-- A weighed load's weighbridge ticket (issue 18): its photo or PDF is stored as a document of the
-- CUT listing under the kind WEIGHBRIDGE_TICKET, referenced by loads.ticket_document_id (0019).
-- It is never listed with the listing's documents (services/documents.ts leaves the kind out).
ALTER TABLE "documents" DROP CONSTRAINT "documents_kind_values";--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_kind_values" CHECK ("documents"."kind" in ('PERMISSION', 'SOIL_STUDY', 'OTHER', 'DOUBT_CLEARING_LETTER', 'PRE_CONTRACT', 'TRANSFER_CONTRACT', 'WEIGHBRIDGE_TICKET'));
