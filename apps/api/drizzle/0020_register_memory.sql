-- The register's memory (issue 19): what each export wrote per register, declaring SIRET and
-- line id, so that a later export says MODIFIER for a changed line and ANNULER for a line gone.
CREATE TABLE "register_exported_lines" (
	"register" text NOT NULL,
	"declarant_siret" text NOT NULL,
	"public_id" text NOT NULL,
	"organization_id" uuid NOT NULL,
	"day" date NOT NULL,
	"hash" text NOT NULL,
	"modified" boolean DEFAULT false NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	"row" jsonb NOT NULL,
	"first_exported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_exported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "register_exported_lines_register_declarant_siret_public_id_pk" PRIMARY KEY("register","declarant_siret","public_id"),
	CONSTRAINT "register_exported_lines_register_values" CHECK ("register_exported_lines"."register" in ('outgoing', 'incoming'))
);
--> statement-breakpoint
ALTER TABLE "register_exported_lines" ADD CONSTRAINT "register_exported_lines_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "register_exported_lines_day_idx" ON "register_exported_lines" USING btree ("register","declarant_siret","day");--> statement-breakpoint
-- Row-level security (as 0013, 0017 and 0019): only the register export reads and writes it,
-- under the system scope `register` or an admin's (role terres_admin); members see no row.
ALTER TABLE "register_exported_lines" ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "register_exported_lines_scope" ON "register_exported_lines" TO terres_api
  USING (terres_scope_all()) WITH CHECK (terres_scope_all());
--> statement-breakpoint
CREATE POLICY "register_exported_lines_all" ON "register_exported_lines" TO terres_admin USING (true) WITH CHECK (true);
--> statement-breakpoint
-- A memory is never forgotten: no line is deleted.
REVOKE DELETE ON "register_exported_lines" FROM terres_api, terres_admin;
