-- Admins and the named system paths see every organisation's rows. Under the policies of 0013
-- they ran as `terres_api` with a per-row `terres_scope_all() OR organization_id = ...`, which cost
-- the admin lists their indexes at scale (issue 10, found by bench:lists at 100 000 listings):
-- - a policy is a security barrier: PostgreSQL evaluates it before any condition that is not
--   leakproof, so the quick search's `search_text LIKE ...` (textlike is not leakproof) could no
--   longer use its trigram index: 2 ms became 89 ms (a scan of every listing);
-- - the lists' index-only counts need every column they test in the index, and organization_id
--   is in none of them: the count of a page went from 8 to 69 ms.
-- They now run as a role of their own, `terres_admin` (src/db/index.ts picks it when the scope
-- is admin or system), whose policies are `USING (true)`: PostgreSQL drops a constant-true
-- barrier, so their plans are the plans without row-level security. Organisation members keep
-- `terres_api` and its policies, unchanged. Nothing else differs between the two roles: same
-- rights, no BYPASSRLS (creating one would need a superuser), FORCE still applies.
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'terres_admin') THEN
    BEGIN
      CREATE ROLE terres_admin NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS NOINHERIT;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN
      NULL; -- created meanwhile by a migration of another database
    END;
  END IF;
  -- The migrating login must be able to switch to it (a superuser always can).
  IF NOT pg_has_role(current_user, 'terres_admin', 'MEMBER') THEN
    EXECUTE format('GRANT terres_admin TO %I', current_user);
  END IF;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO terres_admin;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO terres_admin;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO terres_admin;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO terres_admin;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO terres_admin;
--> statement-breakpoint
GRANT USAGE ON SCHEMA drizzle TO terres_admin;
--> statement-breakpoint
GRANT SELECT ON drizzle.__drizzle_migrations TO terres_admin;
--> statement-breakpoint
-- Each table: its scope policy for the members' role only, and every row for the admins' role.
--> statement-breakpoint
ALTER POLICY "organizations_scope" ON "organizations" TO terres_api;
--> statement-breakpoint
CREATE POLICY "organizations_all" ON "organizations" TO terres_admin USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER POLICY "users_scope" ON "users" TO terres_api;
--> statement-breakpoint
CREATE POLICY "users_all" ON "users" TO terres_admin USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER POLICY "session_families_scope" ON "session_families" TO terres_api;
--> statement-breakpoint
CREATE POLICY "session_families_all" ON "session_families" TO terres_admin USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER POLICY "refresh_tokens_scope" ON "refresh_tokens" TO terres_api;
--> statement-breakpoint
CREATE POLICY "refresh_tokens_all" ON "refresh_tokens" TO terres_admin USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER POLICY "one_time_codes_scope" ON "one_time_codes" TO terres_api;
--> statement-breakpoint
CREATE POLICY "one_time_codes_all" ON "one_time_codes" TO terres_admin USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER POLICY "invitations_scope" ON "invitations" TO terres_api;
--> statement-breakpoint
CREATE POLICY "invitations_all" ON "invitations" TO terres_admin USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER POLICY "invitation_emails_scope" ON "invitation_emails" TO terres_api;
--> statement-breakpoint
CREATE POLICY "invitation_emails_all" ON "invitation_emails" TO terres_admin USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER POLICY "credit_ledger_scope" ON "credit_ledger" TO terres_api;
--> statement-breakpoint
CREATE POLICY "credit_ledger_all" ON "credit_ledger" TO terres_admin USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER POLICY "inquiries_scope" ON "inquiries" TO terres_api;
--> statement-breakpoint
CREATE POLICY "inquiries_all" ON "inquiries" TO terres_admin USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER POLICY "documents_scope" ON "documents" TO terres_api;
--> statement-breakpoint
CREATE POLICY "documents_all" ON "documents" TO terres_admin USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER POLICY "purchases_scope" ON "purchases" TO terres_api;
--> statement-breakpoint
CREATE POLICY "purchases_all" ON "purchases" TO terres_admin USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER POLICY "invoices_scope" ON "invoices" TO terres_api;
--> statement-breakpoint
CREATE POLICY "invoices_all" ON "invoices" TO terres_admin USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER POLICY "matches_scope" ON "matches" TO terres_api;
--> statement-breakpoint
CREATE POLICY "matches_all" ON "matches" TO terres_admin USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER POLICY "match_alerts_scope" ON "match_alerts" TO terres_api;
--> statement-breakpoint
CREATE POLICY "match_alerts_all" ON "match_alerts" TO terres_admin USING (true) WITH CHECK (true);
