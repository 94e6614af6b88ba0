-- Refresh grace (issue 12): a rotated refresh token names its successor, which the grace window
-- answers again when two tabs refresh one token at once (src/auth/sessions.ts).
ALTER TABLE "refresh_tokens" ADD COLUMN "replaced_by_id" uuid;