-- The project owner's raison sociale (maître d'ouvrage, issue 17): optional, one line, at most
-- 200 characters (the domain's fields table checks it). drizzle-kit also proposed to drop and
-- recreate the two matching indexes (0016 wrote them by hand, the snapshots did not follow): they
-- are unchanged, so only the column is added.
ALTER TABLE "inquiries" ADD COLUMN "project_owner_company_name" text;
