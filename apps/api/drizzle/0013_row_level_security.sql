-- Issue 12, defence in depth: row-level security on every organisation's table. The API's
-- connections switch to the role `terres_api` (src/db/index.ts), which owns no table and has no
-- BYPASSRLS; the tables stay owned by the login that migrates. FORCE makes the policies apply to
-- that owner too (only a superuser or a BYPASSRLS role skips them). Each query runs under the
-- scope of the code that issued it, three settings the functions below read:
--   app.all             'on' for an admin's request or a named system path (sign-in, webhook...)
--   app.organization_id the caller's organisation
--   app.user_id         the caller
-- Unset or empty: the policies let nothing through (default deny).

-- 1) The runtime role. Roles belong to the cluster: another database may have created it.
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'terres_api') THEN
    BEGIN
      CREATE ROLE terres_api NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS NOINHERIT;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN
      NULL; -- created meanwhile by a migration of another database
    END;
  END IF;
  -- The migrating login must be able to switch to it (a superuser always can).
  IF NOT pg_has_role(current_user, 'terres_api', 'MEMBER') THEN
    EXECUTE format('GRANT terres_api TO %I', current_user);
  END IF;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO terres_api;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO terres_api;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO terres_api;
--> statement-breakpoint
-- Tables later migrations create get the same rights (a table with an organisation must also get
-- its policy: src/db/rls.integration.test.ts fails until it has one).
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO terres_api;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO terres_api;
--> statement-breakpoint
-- /api/health reads which migrations are applied.
GRANT USAGE ON SCHEMA drizzle TO terres_api;
--> statement-breakpoint
GRANT SELECT ON drizzle.__drizzle_migrations TO terres_api;
--> statement-breakpoint

-- 2) The scope, as the policies read it. Inlined SQL functions: evaluated once per statement.
CREATE OR REPLACE FUNCTION terres_scope_all() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('app.all', true), '') = 'on'
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION terres_scope_organization() RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT nullif(current_setting('app.organization_id', true), '')::uuid
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION terres_scope_user() RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT nullif(current_setting('app.user_id', true), '')::uuid
$$;
--> statement-breakpoint

-- 3) The policies: one per table, for every command (USING and WITH CHECK alike, so a row can
-- neither be read nor written, nor moved, outside the scope).
ALTER TABLE organizations ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY organizations_scope ON organizations
  USING (terres_scope_all() OR id = terres_scope_organization())
  WITH CHECK (terres_scope_all() OR id = terres_scope_organization());
--> statement-breakpoint
-- Users: the caller (an owner before onboarding has no organisation) and its organisation's members.
ALTER TABLE users ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY users_scope ON users
  USING (terres_scope_all() OR id = terres_scope_user() OR organization_id = terres_scope_organization())
  WITH CHECK (terres_scope_all() OR id = terres_scope_user() OR organization_id = terres_scope_organization());
--> statement-breakpoint
-- Sessions and refresh tokens: through their user.
ALTER TABLE session_families ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY session_families_scope ON session_families
  USING (terres_scope_all() OR user_id = terres_scope_user()
    OR user_id IN (SELECT u.id FROM users u WHERE u.organization_id = terres_scope_organization()))
  WITH CHECK (terres_scope_all() OR user_id = terres_scope_user()
    OR user_id IN (SELECT u.id FROM users u WHERE u.organization_id = terres_scope_organization()));
--> statement-breakpoint
ALTER TABLE refresh_tokens ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY refresh_tokens_scope ON refresh_tokens
  USING (terres_scope_all() OR user_id = terres_scope_user()
    OR user_id IN (SELECT u.id FROM users u WHERE u.organization_id = terres_scope_organization()))
  WITH CHECK (terres_scope_all() OR user_id = terres_scope_user()
    OR user_id IN (SELECT u.id FROM users u WHERE u.organization_id = terres_scope_organization()));
--> statement-breakpoint
-- Sign-in codes: the sign-in path only (a system scope), never an organisation's request.
ALTER TABLE one_time_codes ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY one_time_codes_scope ON one_time_codes
  USING (terres_scope_all())
  WITH CHECK (terres_scope_all());
--> statement-breakpoint
-- The tables with an organization_id column.
ALTER TABLE invitations ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY invitations_scope ON invitations
  USING (terres_scope_all() OR organization_id = terres_scope_organization())
  WITH CHECK (terres_scope_all() OR organization_id = terres_scope_organization());
--> statement-breakpoint
ALTER TABLE invitation_emails ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY invitation_emails_scope ON invitation_emails
  USING (terres_scope_all() OR organization_id = terres_scope_organization())
  WITH CHECK (terres_scope_all() OR organization_id = terres_scope_organization());
--> statement-breakpoint
ALTER TABLE credit_ledger ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY credit_ledger_scope ON credit_ledger
  USING (terres_scope_all() OR organization_id = terres_scope_organization())
  WITH CHECK (terres_scope_all() OR organization_id = terres_scope_organization());
--> statement-breakpoint
ALTER TABLE inquiries ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY inquiries_scope ON inquiries
  USING (terres_scope_all() OR organization_id = terres_scope_organization())
  WITH CHECK (terres_scope_all() OR organization_id = terres_scope_organization());
--> statement-breakpoint
ALTER TABLE documents ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY documents_scope ON documents
  USING (terres_scope_all() OR organization_id = terres_scope_organization())
  WITH CHECK (terres_scope_all() OR organization_id = terres_scope_organization());
--> statement-breakpoint
ALTER TABLE purchases ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY purchases_scope ON purchases
  USING (terres_scope_all() OR organization_id = terres_scope_organization())
  WITH CHECK (terres_scope_all() OR organization_id = terres_scope_organization());
--> statement-breakpoint
ALTER TABLE invoices ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY invoices_scope ON invoices
  USING (terres_scope_all() OR organization_id = terres_scope_organization())
  WITH CHECK (terres_scope_all() OR organization_id = terres_scope_organization());
--> statement-breakpoint
-- Matches and matching alerts: through their listings (a match is visible to both parties).
ALTER TABLE matches ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY matches_scope ON matches
  USING (terres_scope_all() OR EXISTS (SELECT 1 FROM inquiries i
    WHERE i.id IN (matches.cut_inquiry_id, matches.fill_inquiry_id) AND i.organization_id = terres_scope_organization()))
  WITH CHECK (terres_scope_all() OR EXISTS (SELECT 1 FROM inquiries i
    WHERE i.id IN (matches.cut_inquiry_id, matches.fill_inquiry_id) AND i.organization_id = terres_scope_organization()));
--> statement-breakpoint
ALTER TABLE match_alerts ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY match_alerts_scope ON match_alerts
  USING (terres_scope_all() OR EXISTS (SELECT 1 FROM inquiries i
    WHERE i.id = match_alerts.inquiry_id AND i.organization_id = terres_scope_organization()))
  WITH CHECK (terres_scope_all() OR EXISTS (SELECT 1 FROM inquiries i
    WHERE i.id = match_alerts.inquiry_id AND i.organization_id = terres_scope_organization()));
