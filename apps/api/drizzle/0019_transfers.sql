CREATE TABLE "carriers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"country_code" text DEFAULT 'FR' NOT NULL,
	"siret" text,
	"identifier" text,
	"name" text NOT NULL,
	"street" text NOT NULL,
	"postcode" text NOT NULL,
	"city" text NOT NULL,
	"transport_mode" text DEFAULT 'ROAD' NOT NULL,
	"receipt_number" text,
	"receipt_department" text,
	"receipt_valid_until" date,
	"exemption" text,
	"idempotency_key" text,
	"archived_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carriers_french_siret" CHECK (("carriers"."country_code" = 'FR') = ("carriers"."siret" is not null)),
	CONSTRAINT "carriers_receipt_or_exemption" CHECK (not ("carriers"."receipt_number" is not null and "carriers"."exemption" is not null)),
	CONSTRAINT "carriers_transport_mode_values" CHECK ("carriers"."transport_mode" in ('ROAD', 'RAIL', 'AIR', 'RIVER', 'SEA'))
);
--> statement-breakpoint
CREATE TABLE "load_number_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "load_versions" (
	"load_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"departed_at" timestamp with time zone NOT NULL,
	"carrier_id" uuid NOT NULL,
	"carrier_snapshot" jsonb NOT NULL,
	"vehicle_plate" text NOT NULL,
	"waste_code" text NOT NULL,
	"volume_m3" double precision NOT NULL,
	"weight_tonnes" double precision,
	"weighbridge_ticket" text,
	"over_remaining" boolean DEFAULT false NOT NULL,
	"corrected_by" uuid,
	"corrected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"note" text,
	CONSTRAINT "load_versions_load_id_version_pk" PRIMARY KEY("load_id","version")
);
--> statement-breakpoint
CREATE TABLE "loads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transfer_id" uuid NOT NULL,
	"number" text NOT NULL,
	"status" text DEFAULT 'IN_TRANSIT' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"over_remaining" boolean DEFAULT false NOT NULL,
	"idempotency_key" text,
	"request_hash" text,
	"departed_at" timestamp with time zone NOT NULL,
	"carrier_id" uuid NOT NULL,
	"carrier_snapshot" jsonb NOT NULL,
	"vehicle_plate" text NOT NULL,
	"waste_code" text NOT NULL,
	"volume_m3" double precision NOT NULL,
	"weight_tonnes" double precision,
	"weighbridge_ticket" text,
	"ticket_document_id" uuid,
	"received_at" timestamp with time zone,
	"received_by" uuid,
	"outcome" text,
	"refusal_reason" text,
	"received_volume_m3" double precision,
	"received_weight_tonnes" double precision,
	"reception_idempotency_key" text,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	"cancel_reason" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loads_status_values" CHECK ("loads"."status" in ('IN_TRANSIT', 'ACCEPTED', 'REFUSED', 'CANCELLED')),
	CONSTRAINT "loads_outcome_values" CHECK ("loads"."outcome" is null or "loads"."outcome" in ('ACCEPTED', 'REFUSED')),
	CONSTRAINT "loads_volume_positive" CHECK ("loads"."volume_m3" > 0),
	CONSTRAINT "loads_version_positive" CHECK ("loads"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"match_id" uuid NOT NULL,
	"cut_organization_id" uuid NOT NULL,
	"fill_organization_id" uuid NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"expected_volume_m3" double precision NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" uuid,
	"digest_due_at" timestamp with time zone,
	"last_digest_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfers_status_values" CHECK ("transfers"."status" in ('OPEN', 'CLOSED', 'WITHDRAWN')),
	CONSTRAINT "transfers_expected_volume_positive" CHECK ("transfers"."expected_volume_m3" > 0)
);
--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "transfer_end_date" date;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "done_source" text;--> statement-breakpoint
ALTER TABLE "carriers" ADD CONSTRAINT "carriers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carriers" ADD CONSTRAINT "carriers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_versions" ADD CONSTRAINT "load_versions_load_id_loads_id_fk" FOREIGN KEY ("load_id") REFERENCES "public"."loads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_versions" ADD CONSTRAINT "load_versions_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_versions" ADD CONSTRAINT "load_versions_corrected_by_users_id_fk" FOREIGN KEY ("corrected_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loads" ADD CONSTRAINT "loads_transfer_id_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loads" ADD CONSTRAINT "loads_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loads" ADD CONSTRAINT "loads_ticket_document_id_documents_id_fk" FOREIGN KEY ("ticket_document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loads" ADD CONSTRAINT "loads_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loads" ADD CONSTRAINT "loads_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loads" ADD CONSTRAINT "loads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_cut_organization_id_organizations_id_fk" FOREIGN KEY ("cut_organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_fill_organization_id_organizations_id_fk" FOREIGN KEY ("fill_organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carriers_organization_idx" ON "carriers" USING btree ("organization_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "carriers_active_identity_unique" ON "carriers" USING btree ("organization_id",coalesce("siret", "identifier")) WHERE "carriers"."archived_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "carriers_idempotency_unique" ON "carriers" USING btree ("organization_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "loads_number_unique" ON "loads" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "loads_idempotency_unique" ON "loads" USING btree ("transfer_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "loads_transfer_idx" ON "loads" USING btree ("transfer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "transfers_match_unique" ON "transfers" USING btree ("match_id");--> statement-breakpoint
CREATE INDEX "transfers_cut_organization_idx" ON "transfers" USING btree ("cut_organization_id");--> statement-breakpoint
CREATE INDEX "transfers_fill_organization_idx" ON "transfers" USING btree ("fill_organization_id");--> statement-breakpoint
CREATE INDEX "transfers_digest_due_idx" ON "transfers" USING btree ("digest_due_at") WHERE "transfers"."digest_due_at" is not null;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_done_source_values" CHECK ("matches"."done_source" is null or "matches"."done_source" in ('PLATFORM_TRANSFER', 'OUTSIDE_PLATFORM'));--> statement-breakpoint
-- Matches accepted before transfers existed get theirs (one per ACCEPTED match), and the DONE
-- ones are marked as run outside the platform (a volume typed by an admin). The migrating login
-- may be an owner without BYPASSRLS: the scope "all" lets it read every match (this transaction only).
SELECT set_config('app.all', 'on', true);
--> statement-breakpoint
INSERT INTO "transfers" ("match_id", "cut_organization_id", "fill_organization_id", "status", "expected_volume_m3", "created_at")
SELECT m.id, c.organization_id, f.organization_id, 'OPEN', m.volume_m3, coalesce(m.accepted_at, m.updated_at)
FROM "matches" m
JOIN "inquiries" c ON c.id = m.cut_inquiry_id
JOIN "inquiries" f ON f.id = m.fill_inquiry_id
WHERE m.status = 'ACCEPTED'
ON CONFLICT ("match_id") DO NOTHING;
--> statement-breakpoint
UPDATE "matches" SET "done_source" = 'OUTSIDE_PLATFORM' WHERE "status" = 'DONE' AND "done_source" IS NULL;
--> statement-breakpoint
-- Row-level security (as 0013 and 0017): members see the carriers of their organisation and the
-- transfers where it is a party (with their loads and load versions); admins and system paths
-- (role terres_admin) see every row.
ALTER TABLE "carriers" ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "carriers_scope" ON "carriers" TO terres_api
  USING (terres_scope_all() OR organization_id = terres_scope_organization())
  WITH CHECK (terres_scope_all() OR organization_id = terres_scope_organization());
--> statement-breakpoint
CREATE POLICY "carriers_all" ON "carriers" TO terres_admin USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "transfers" ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "transfers_scope" ON "transfers" TO terres_api
  USING (terres_scope_all() OR terres_scope_organization() IN (cut_organization_id, fill_organization_id))
  WITH CHECK (terres_scope_all() OR terres_scope_organization() IN (cut_organization_id, fill_organization_id));
--> statement-breakpoint
CREATE POLICY "transfers_all" ON "transfers" TO terres_admin USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "loads" ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "loads_scope" ON "loads" TO terres_api
  USING (terres_scope_all() OR EXISTS (SELECT 1 FROM transfers t WHERE t.id = loads.transfer_id
    AND terres_scope_organization() IN (t.cut_organization_id, t.fill_organization_id)))
  WITH CHECK (terres_scope_all() OR EXISTS (SELECT 1 FROM transfers t WHERE t.id = loads.transfer_id
    AND terres_scope_organization() IN (t.cut_organization_id, t.fill_organization_id)));
--> statement-breakpoint
CREATE POLICY "loads_all" ON "loads" TO terres_admin USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "load_versions" ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "load_versions_scope" ON "load_versions" TO terres_api
  USING (terres_scope_all() OR EXISTS (SELECT 1 FROM loads l JOIN transfers t ON t.id = l.transfer_id WHERE l.id = load_versions.load_id
    AND terres_scope_organization() IN (t.cut_organization_id, t.fill_organization_id)))
  WITH CHECK (terres_scope_all() OR EXISTS (SELECT 1 FROM loads l JOIN transfers t ON t.id = l.transfer_id WHERE l.id = load_versions.load_id
    AND terres_scope_organization() IN (t.cut_organization_id, t.fill_organization_id)));
--> statement-breakpoint
CREATE POLICY "load_versions_all" ON "load_versions" TO terres_admin USING (true) WITH CHECK (true);
--> statement-breakpoint
-- The counters hold no organisation's data; any scoped caller draws a number.
ALTER TABLE "load_number_counters" ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "load_number_counters_scope" ON "load_number_counters" TO terres_api
  USING (terres_scope_all() OR terres_scope_organization() IS NOT NULL)
  WITH CHECK (terres_scope_all() OR terres_scope_organization() IS NOT NULL);
--> statement-breakpoint
CREATE POLICY "load_number_counters_all" ON "load_number_counters" TO terres_admin USING (true) WITH CHECK (true);
--> statement-breakpoint
-- Nothing about a transfer is ever deleted (archived, cancelled, versioned instead); a load's
-- former versions are never rewritten.
REVOKE DELETE ON "carriers", "transfers", "loads", "load_versions" FROM terres_api, terres_admin;
--> statement-breakpoint
REVOKE UPDATE ON "load_versions" FROM terres_api, terres_admin;
