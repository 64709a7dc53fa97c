-- Driver profile, notifications, the delivery log's indexes and email (issue 3, area d).
-- Settings live beside accounts (not in it) so the accounts table keeps one owner.

-- One row per account, created on first write; a missing row means every default.
CREATE TABLE account_settings (
  account_id integer PRIMARY KEY REFERENCES accounts(id),
  company_id integer NOT NULL REFERENCES companies(id),
  profile_image_guid uuid REFERENCES uploads(guid),
  email_notifications_new_order_assigned boolean NOT NULL DEFAULT true,
  email_notifications_order_reassigned boolean NOT NULL DEFAULT true,
  email_notifications_order_finished_at_shop boolean NOT NULL DEFAULT true,
  -- Office admins (and any other recipient account): SPEC §5 "send_email flag".
  send_email boolean NOT NULL DEFAULT true,
  updated_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX account_settings_company_idx ON account_settings (company_id);

CREATE TABLE notifications (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies(id),
  account_id integer NOT NULL REFERENCES accounts(id), -- the recipient
  created_by integer REFERENCES accounts(id),         -- null: written by the system
  type text NOT NULL CHECK (type IN ('order', 'system')),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  message text NOT NULL CHECK (length(message) BETWEEN 1 AND 2000),
  order_id integer REFERENCES orders(id),
  dismissed_at timestamptz(3),
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX notifications_account_idx ON notifications (account_id, created_at DESC);

-- The customer's email preferences per customer order (SPEC §5, §8). No row = both on.
CREATE TABLE customer_email_settings (
  order_id integer PRIMARY KEY REFERENCES orders(id),
  company_id integer NOT NULL REFERENCES companies(id),
  order_delivered boolean NOT NULL DEFAULT true,
  order_scheduled boolean NOT NULL DEFAULT true
);

-- The dealer's salesperson a customer may call (customer delivered email: dealer_user_*).
CREATE TABLE dealer_contacts (
  dealer_id integer PRIMARY KEY REFERENCES dealers(id),
  company_id integer NOT NULL REFERENCES companies(id),
  name text NOT NULL,
  email text,
  phone text
);

-- Rent-to-own partners; customer_order_billing.rto_company_name (0002) names one of them.
CREATE TABLE rto_companies (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies(id),
  name text NOT NULL,
  email text,
  phone text,
  address text,
  admin_first_name text NOT NULL,
  admin_last_name text NOT NULL,
  admin_email text NOT NULL,
  send_email boolean NOT NULL DEFAULT true,
  UNIQUE (company_id, name)
);

-- Every message the server sent, failed to send or skipped by a recipient's setting.
-- batch_key lets a retried batch skip the recipients it already reached.
CREATE TABLE email_log (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies(id),
  account_id integer NOT NULL REFERENCES accounts(id), -- who asked for it
  template text,
  recipient text NOT NULL,
  subject text NOT NULL,
  order_id integer REFERENCES orders(id),
  status text NOT NULL CHECK (status IN ('sent', 'failed', 'skipped')),
  error text,
  message_id text,
  transport text NOT NULL CHECK (transport IN ('smtp', 'capture', 'none')),
  batch_key text,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX email_log_company_idx ON email_log (company_id, created_at);
CREATE INDEX email_log_batch_idx ON email_log (batch_key) WHERE batch_key IS NOT NULL;

-- The delivery log and stats read a driver's deliveries by date.
CREATE INDEX deliveries_driver_date_idx ON deliveries (driver_id, date_delivered);
