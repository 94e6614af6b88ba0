-- Why an admin granted credits (issue 21): every ADMIN_GRANT line written from now on carries the
-- admin's reason; earlier lines, and purchases and validations, have none (null).
ALTER TABLE "credit_ledger" ADD COLUMN "reason" text;
