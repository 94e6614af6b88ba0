-- Notifications (issue 21, "Notifications people can live with"; docs/notifications.md): every
-- notice the platform gives a user is one row here, listed in the apps' header and e-mailed
-- either at once or in the user's daily summary, as the user's preference for its kind says.
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	-- A path inside the recipient's app (the portal for members, the console for admins).
	"link" text NOT NULL,
	"needs_action" boolean DEFAULT false NOT NULL,
	-- How its e-mail goes: IMMEDIATE (sent with the event) or DIGEST (the next daily summary).
	"delivery" text NOT NULL,
	-- When its e-mail left (alone or in a summary); null while queued, or when sending failed.
	"emailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notifications_kind_values" CHECK ("notifications"."kind" in ('STATUS', 'MATCH', 'DOCUMENT', 'TRANSFER')),
	CONSTRAINT "notifications_delivery_values" CHECK ("notifications"."delivery" in ('IMMEDIATE', 'DIGEST'))
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- The header's list (newest first) and its unread count.
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE "read_at" IS NULL;
--> statement-breakpoint
-- The summary job: what waits for a summary.
CREATE INDEX "notifications_digest_queue_idx" ON "notifications" USING btree ("created_at") WHERE "delivery" = 'DIGEST' AND "emailed_at" IS NULL;
--> statement-breakpoint
-- Each user's choice per kind; a kind without a row follows the domain's default.
CREATE TABLE "notification_preferences" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"mode" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "notification_preferences_kind_values" CHECK ("notification_preferences"."kind" in ('STATUS', 'MATCH', 'DOCUMENT', 'TRANSFER')),
	CONSTRAINT "notification_preferences_mode_values" CHECK ("notification_preferences"."mode" in ('IMMEDIATE', 'DIGEST'))
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- One summary per user per Paris day: the row is claimed (insert, in the transaction that sends)
-- before the e-mail leaves, so two processes never both send it.
CREATE TABLE "notification_digests" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"item_count" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_digests_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "notification_digests" ADD CONSTRAINT "notification_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- Row-level security (as 0013, 0017 and 0019): a member reads and changes only its own rows;
-- recording and sending run under the system scope `notifications`, admins (role terres_admin)
-- under theirs, and the API names the caller in every query of the header's list.
ALTER TABLE "notifications" ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "notifications_scope" ON "notifications" TO terres_api
  USING (terres_scope_all() OR user_id = terres_scope_user())
  WITH CHECK (terres_scope_all() OR user_id = terres_scope_user());
--> statement-breakpoint
CREATE POLICY "notifications_all" ON "notifications" TO terres_admin USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "notification_preferences_scope" ON "notification_preferences" TO terres_api
  USING (terres_scope_all() OR user_id = terres_scope_user())
  WITH CHECK (terres_scope_all() OR user_id = terres_scope_user());
--> statement-breakpoint
CREATE POLICY "notification_preferences_all" ON "notification_preferences" TO terres_admin USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "notification_digests" ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "notification_digests_scope" ON "notification_digests" TO terres_api
  USING (terres_scope_all()) WITH CHECK (terres_scope_all());
--> statement-breakpoint
CREATE POLICY "notification_digests_all" ON "notification_digests" TO terres_admin USING (true) WITH CHECK (true);
