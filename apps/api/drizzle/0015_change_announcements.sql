-- Change announcements (issue 13): every update or deletion of a row that an API process may keep
-- in memory is announced at commit on the channel `terres_changes` as '<table>:<id>', to every
-- process listening (src/db/change-feed.ts), whichever process, script or psql session made it.
-- Rows created need no announcement: nothing can be kept of a row before it exists.
-- A trigger rather than the API's own code: no path that changes these rows can forget it.
CREATE FUNCTION "terres_announce_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('terres_changes', TG_ARGV[0] || ':' || (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END)::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "session_families_announce" AFTER UPDATE OR DELETE ON "session_families" FOR EACH ROW EXECUTE FUNCTION "terres_announce_change"('session');--> statement-breakpoint
CREATE TRIGGER "users_announce" AFTER UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "terres_announce_change"('user');--> statement-breakpoint
CREATE TRIGGER "organizations_announce" AFTER UPDATE OR DELETE ON "organizations" FOR EACH ROW EXECUTE FUNCTION "terres_announce_change"('organization');--> statement-breakpoint
CREATE TRIGGER "inquiries_announce" AFTER UPDATE OR DELETE ON "inquiries" FOR EACH ROW EXECUTE FUNCTION "terres_announce_change"('inquiry');
