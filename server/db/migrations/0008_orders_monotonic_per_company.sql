-- A pull's checkpoint is the newest (updated_at, id) the driver has seen in their company.
-- A bump must land after it even when the database clock is behind a timestamp already
-- stored (a clock stepped back, a failover to a lagging replica, rows written by a process
-- whose clock ran ahead): otherwise a device that is up to date never pulls the change.
-- So an update lands after the company's newest order, not only after the row's own time.
-- Writers hold the company's orders lock, and orders_pull_idx makes the max an index lookup.
CREATE OR REPLACE FUNCTION orders_touch_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := greatest(
    clock_timestamp(),
    OLD.updated_at + interval '1 millisecond',
    (SELECT max(o.updated_at) + interval '1 millisecond' FROM orders o WHERE o.company_id = NEW.company_id)
  );
  RETURN NEW;
END
$$;
