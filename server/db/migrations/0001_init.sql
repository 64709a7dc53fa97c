-- Walking-skeleton schema. Timestamps are timestamptz(3): milliseconds, so an ISO string
-- sent to a client round-trips exactly into a pull checkpoint.

CREATE TABLE companies (
  id serial PRIMARY KEY,
  name text NOT NULL,
  email text,
  phone text,
  address text,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);

CREATE TABLE accounts (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies(id),
  email text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  role text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  phone text,
  removed_at timestamptz(3),
  created_at timestamptz(3) NOT NULL DEFAULT now()
);

CREATE TABLE dealers (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies(id),
  name text NOT NULL,
  address text NOT NULL,
  city text NOT NULL,
  state text NOT NULL,
  zip text NOT NULL,
  phone text,
  lat double precision NOT NULL,
  lon double precision NOT NULL
);
CREATE INDEX dealers_company_idx ON dealers (company_id);

CREATE TABLE shops (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies(id),
  name text NOT NULL,
  address text NOT NULL,
  lat double precision NOT NULL,
  lon double precision NOT NULL
);
CREATE INDEX shops_company_idx ON shops (company_id);

-- One table for the three order kinds; ids are unique across kinds, keys are co-/oio-/mo-{id}.
CREATE TABLE orders (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies(id),
  kind text NOT NULL CHECK (kind IN ('customer', 'onlot', 'move')),
  order_type text NOT NULL CHECK (order_type IN ('new build', 'off-lot inventory', 'on-lot inventory', 'move order')),
  order_number text NOT NULL,
  status text NOT NULL,
  stage text NOT NULL,
  location text NOT NULL,
  is_built boolean NOT NULL DEFAULT false,
  is_rush_order boolean NOT NULL DEFAULT false,
  is_scheduled_for_delivery boolean NOT NULL DEFAULT false,
  scheduled_date timestamptz(3),
  driver_id integer REFERENCES accounts(id),
  dealer_id integer NOT NULL REFERENCES dealers(id),
  shop_id integer REFERENCES shops(id),
  customer_first_name text,
  customer_last_name text,
  customer_phone text,
  customer_email text,
  delivery_address text,
  delivery_lat double precision,
  delivery_lon double precision,
  serial_number text NOT NULL,
  building_model text NOT NULL,
  building_size text NOT NULL DEFAULT '',
  delivered_at timestamptz(3),
  cancelled_at timestamptz(3),
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  updated_at timestamptz(3) NOT NULL DEFAULT now()
);
-- Pulls page through a company's orders by (updated_at, id).
CREATE INDEX orders_pull_idx ON orders (company_id, updated_at, id);
CREATE INDEX orders_driver_idx ON orders (driver_id);

-- Every update bumps updated_at, so no write path can forget it and a pull always sees the
-- change (an order delivered, reassigned or cancelled becomes a tombstone).
CREATE FUNCTION orders_touch_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := greatest(clock_timestamp(), OLD.updated_at + interval '1 millisecond');
  RETURN NEW;
END
$$;
CREATE TRIGGER orders_touch_updated_at BEFORE UPDATE ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_touch_updated_at();

CREATE TABLE deliveries (
  id serial PRIMARY KEY,
  -- UNIQUE: an order is delivered exactly once, whatever the client retries.
  order_id integer NOT NULL UNIQUE REFERENCES orders(id),
  company_id integer NOT NULL REFERENCES companies(id),
  driver_id integer NOT NULL REFERENCES accounts(id),
  kind text NOT NULL,
  payload jsonb NOT NULL,
  miles_driven double precision,
  began_at timestamptz(3),
  ended_at timestamptz(3),
  gps_lat double precision,
  gps_lon double precision,
  note text NOT NULL DEFAULT '',
  date_delivered timestamptz(3) NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX deliveries_company_idx ON deliveries (company_id, driver_id);

CREATE TABLE uploads (
  guid uuid PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies(id),
  account_id integer NOT NULL REFERENCES accounts(id),
  folder text NOT NULL,
  mime text NOT NULL,
  extension text NOT NULL,
  bytes bytea NOT NULL,
  byte_size integer NOT NULL,
  sha256 text NOT NULL,
  width integer,
  height integer,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX uploads_company_idx ON uploads (company_id);

CREATE TABLE delivery_images (
  delivery_id integer NOT NULL REFERENCES deliveries(id),
  upload_guid uuid NOT NULL REFERENCES uploads(guid),
  position integer NOT NULL,
  PRIMARY KEY (delivery_id, upload_guid)
);

CREATE TABLE idempotency_keys (
  id serial PRIMARY KEY,
  key text NOT NULL,
  account_id integer NOT NULL REFERENCES accounts(id),
  company_id integer NOT NULL REFERENCES companies(id),
  method text NOT NULL,
  path text NOT NULL,
  request_hash text NOT NULL,
  state text NOT NULL CHECK (state IN ('running', 'done')),
  response_status integer,
  response_body jsonb,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  started_at timestamptz(3) NOT NULL DEFAULT now(),
  completed_at timestamptz(3),
  UNIQUE (account_id, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);
