-- Recording a load without serialising everyone (issue 18, "Performance"; docs/transfers.md).
--
-- 1. The transfer's running balance: what its loads commit of the expected volume (received:
--    accepted loads at their received volume when given, else their departed one; in transit:
--    loads on their way), kept on the transfer's row by a trigger on `loads` (every insert and
--    every change of status or volume, whichever path makes it: the API, the demo seed, a
--    script), so that the over-remaining check reads one row instead of summing every load.
--    `numeric`: sums and differences of the loads' volumes stay exact (no drift over 5 000 loads).
--    The trigger runs as the caller (row-level security applies: a party updates its transfer).
ALTER TABLE "transfers" ADD COLUMN "received_volume_m3" numeric DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "in_transit_volume_m3" numeric DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The migrating login may be an owner without BYPASSRLS: the scope "all" lets it read every row (this transaction only).
SELECT set_config('app.all', 'on', true);
--> statement-breakpoint
UPDATE "transfers" t SET
  "received_volume_m3" = s.received,
  "in_transit_volume_m3" = s.in_transit
FROM (
  SELECT l.transfer_id,
    coalesce(sum(CASE WHEN l.received_volume_m3 > 0 THEN l.received_volume_m3 ELSE l.volume_m3 END::numeric) FILTER (WHERE l.status = 'ACCEPTED'), 0) AS received,
    coalesce(sum(l.volume_m3::numeric) FILTER (WHERE l.status = 'IN_TRANSIT'), 0) AS in_transit
  FROM "loads" l GROUP BY l.transfer_id
) s
WHERE s.transfer_id = t.id;
--> statement-breakpoint
CREATE FUNCTION "terres_load_balance"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_received numeric := 0;
  old_in_transit numeric := 0;
  new_received numeric := 0;
  new_in_transit numeric := 0;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD.status = 'ACCEPTED' THEN
      old_received := (CASE WHEN OLD.received_volume_m3 > 0 THEN OLD.received_volume_m3 ELSE OLD.volume_m3 END)::numeric;
    ELSIF OLD.status = 'IN_TRANSIT' THEN
      old_in_transit := OLD.volume_m3::numeric;
    END IF;
  END IF;
  IF NEW.status = 'ACCEPTED' THEN
    new_received := (CASE WHEN NEW.received_volume_m3 > 0 THEN NEW.received_volume_m3 ELSE NEW.volume_m3 END)::numeric;
  ELSIF NEW.status = 'IN_TRANSIT' THEN
    new_in_transit := NEW.volume_m3::numeric;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.transfer_id <> NEW.transfer_id THEN
    UPDATE "transfers" SET "received_volume_m3" = "received_volume_m3" - old_received, "in_transit_volume_m3" = "in_transit_volume_m3" - old_in_transit
      WHERE "id" = OLD.transfer_id;
    old_received := 0;
    old_in_transit := 0;
  END IF;
  IF new_received <> old_received OR new_in_transit <> old_in_transit THEN
    UPDATE "transfers" SET
      "received_volume_m3" = "received_volume_m3" + new_received - old_received,
      "in_transit_volume_m3" = "in_transit_volume_m3" + new_in_transit - old_in_transit
      WHERE "id" = NEW.transfer_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "loads_balance" AFTER INSERT OR UPDATE OF "status", "volume_m3", "received_volume_m3", "transfer_id" ON "loads"
  FOR EACH ROW EXECUTE FUNCTION "terres_load_balance"();--> statement-breakpoint
-- 2. Load numbers from one sequence per year (`load_numbers_2026`), created by the year's first
--    load: `nextval` takes no lock that lasts, where the counter row of 0019 was held by every
--    recording transaction until its commit (every site manager of the platform queued on it).
--    `terres_next_load_number(year)` answers the printable number ('BT-2026-000123', the domain's
--    `formatLoadNumber`, pinned equal by a test); a rolled-back insert leaves a gap, never a
--    duplicate (UNIQUE on loads.number stays). SECURITY DEFINER: the runtime roles may draw a
--    number, not create objects.
CREATE FUNCTION "terres_next_load_number"(p_year integer) RETURNS text
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  seq text := 'public.load_numbers_' || p_year;
  n bigint;
  digits text;
BEGIN
  IF p_year IS NULL OR p_year < 2000 OR p_year > 9999 THEN
    RAISE EXCEPTION 'load number year out of range: %', p_year;
  END IF;
  IF to_regclass(seq) IS NULL THEN
    BEGIN
      EXECUTE format('CREATE SEQUENCE IF NOT EXISTS public.%I', 'load_numbers_' || p_year);
    EXCEPTION WHEN unique_violation OR duplicate_table THEN
      NULL; -- another transaction created it at the same instant
    END;
  END IF;
  n := nextval(seq::regclass);
  digits := n::text;
  RETURN 'BT-' || p_year::text || '-' || CASE WHEN length(digits) >= 6 THEN digits ELSE lpad(digits, 6, '0') END;
END
$$;--> statement-breakpoint
-- The years already numbered continue after their counter's last number.
DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT "year", "last" FROM "load_number_counters" WHERE "last" > 0 LOOP
    EXECUTE format('CREATE SEQUENCE IF NOT EXISTS public.%I START WITH %s', 'load_numbers_' || r.year, r.last + 1);
  END LOOP;
END
$$;--> statement-breakpoint
DROP TABLE "load_number_counters";
