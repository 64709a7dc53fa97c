-- Who held an order before it went to another driver (issue 23): a deliver call from a former
-- driver answers who has the order now (or who delivered it) instead of a bare 404, while a
-- driver who never held the order still gets the 404 of an unknown id. Filled by a trigger on
-- every change of orders.driver_id, whoever makes it (the reassign call, the office's tools).
CREATE TABLE order_former_drivers (
  order_id integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  account_id integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  released_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (order_id, account_id)
);

CREATE OR REPLACE FUNCTION orders_record_former_driver() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_former_drivers (order_id, account_id) VALUES (OLD.id, OLD.driver_id)
    ON CONFLICT (order_id, account_id) DO UPDATE SET released_at = now();
  RETURN NEW;
END
$$;

CREATE TRIGGER orders_former_driver AFTER UPDATE OF driver_id ON orders
  FOR EACH ROW WHEN (OLD.driver_id IS NOT NULL AND OLD.driver_id IS DISTINCT FROM NEW.driver_id)
  EXECUTE FUNCTION orders_record_former_driver();
