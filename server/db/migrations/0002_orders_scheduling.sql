-- Orders area: what customer-order delivery details need beyond the order row (billing,
-- balance, RTO, happy list, saved cards and checks, survey questions, payment processor),
-- order notes and feature flags. Money is numeric(12,2) and travels as a decimal string.
-- Card and check rows hold only what may be shown: never a PAN, CVV or full account number.

-- One row per customer order. Writers must also touch the order row (any UPDATE bumps
-- orders.updated_at) so checkpoint pulls of delivery details see the change.
CREATE TABLE customer_order_billing (
  order_id integer PRIMARY KEY REFERENCES orders(id),
  company_id integer NOT NULL REFERENCES companies(id),
  name_on_order text NOT NULL,
  is_rto boolean NOT NULL DEFAULT false,
  rto_company_name text,
  remaining_balance numeric(12,2) NOT NULL DEFAULT 0 CHECK (remaining_balance >= 0),
  street_address_one text NOT NULL,
  street_address_two text,
  city text NOT NULL,
  state text NOT NULL CHECK (state ~ '^[A-Z]{2}$'),
  zip text NOT NULL
);
CREATE INDEX customer_order_billing_company_idx ON customer_order_billing (company_id);

-- The checklist the driver walks with the customer (SPEC §3 happy_list_results).
CREATE TABLE happy_list_items (
  id serial PRIMARY KEY,
  order_id integer NOT NULL REFERENCES orders(id),
  company_id integer NOT NULL REFERENCES companies(id),
  item text NOT NULL,
  text text NOT NULL,
  position integer NOT NULL,
  UNIQUE (order_id, position)
);

-- Cards saved with the payment processor: its profile id and display fields only.
CREATE TABLE customer_saved_cards (
  id serial PRIMARY KEY,
  order_id integer NOT NULL REFERENCES orders(id),
  company_id integer NOT NULL REFERENCES companies(id),
  card_profile_id text NOT NULL,
  last_four text NOT NULL CHECK (last_four ~ '^[0-9]{4}$'),
  brand text NOT NULL,
  exp_month integer NOT NULL CHECK (exp_month BETWEEN 1 AND 12),
  exp_year integer NOT NULL CHECK (exp_year BETWEEN 2000 AND 2100),
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  UNIQUE (order_id, card_profile_id)
);
CREATE INDEX customer_saved_cards_order_idx ON customer_saved_cards (order_id);

-- Checks on file for an order (deliver_customer_order_with_saved_check's customer_order_check_id).
CREATE TABLE customer_order_checks (
  id serial PRIMARY KEY,
  order_id integer NOT NULL REFERENCES orders(id),
  company_id integer NOT NULL REFERENCES companies(id),
  name_on_check text NOT NULL,
  bank_name text NOT NULL,
  account_last_four text NOT NULL CHECK (account_last_four ~ '^[0-9]{4}$'),
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX customer_order_checks_order_idx ON customer_order_checks (order_id);

CREATE TABLE driver_delivery_survey_questions (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies(id),
  question text NOT NULL,
  type text NOT NULL CHECK (type IN ('YESNO', 'TEXT')),
  position integer NOT NULL,
  active boolean NOT NULL DEFAULT true
);
CREATE INDEX driver_delivery_survey_questions_company_idx ON driver_delivery_survey_questions (company_id);

CREATE TABLE payment_processor_configs (
  company_id integer PRIMARY KEY REFERENCES companies(id),
  payment_processing_account_id text NOT NULL
);

CREATE TABLE feature_flags (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies(id),
  name text NOT NULL,
  environment text NOT NULL CHECK (environment IN ('production', 'master', 'branch')),
  turned_on boolean NOT NULL,
  UNIQUE (company_id, name, environment)
);

CREATE TABLE order_notes (
  id serial PRIMARY KEY,
  order_id integer NOT NULL REFERENCES orders(id),
  company_id integer NOT NULL REFERENCES companies(id),
  account_id integer NOT NULL REFERENCES accounts(id),
  note text NOT NULL CHECK (length(note) BETWEEN 1 AND 2000),
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX order_notes_order_idx ON order_notes (order_id, created_at);
