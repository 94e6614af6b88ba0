-- Invitation e-mails (issue 12): each invitation or resend e-mail, counted in the database so
-- every API process shares the limits (src/services/invitation-emails.ts).
CREATE TABLE "invitation_emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"email" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invitation_emails" ADD CONSTRAINT "invitation_emails_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invitation_emails_organization_idx" ON "invitation_emails" USING btree ("organization_id","email","sent_at");