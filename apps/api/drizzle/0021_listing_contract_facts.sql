-- The soil facts the transfer contract states (issue 19): the site's SIS identifier, the soil
-- analyses' references, the person preparing the soil, the planning permission's reference and
-- day. All optional, single-line texts checked by the domain's fields table. Written by hand
-- (drizzle-kit proposes the matching indexes again, as for 0018): only the columns are added.
ALTER TABLE "inquiries" ADD COLUMN "sis_identifier" text;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "analysis_references" text;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "soil_preparer" text;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "permit_reference" text;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "permit_date" date;
