-- Device budgets (issue 12): a code asked for by a known device (device cookie) belongs to that
-- device's own budget; null is the strangers' one (src/auth/codes.ts, src/auth/devices.ts).
ALTER TABLE "one_time_codes" ADD COLUMN "device_id" text;