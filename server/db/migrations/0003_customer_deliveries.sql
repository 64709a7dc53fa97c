-- Deliveries area: what a customer-order delivery adds to its deliveries row (call, signature,
-- survey answers), the payments taken at delivery, and the delivery certificates (PDF).
-- Money is numeric(12,2). Card rows hold the processor's profile id, last four digits and
-- authorization references only: never a PAN or a CVV (PCI DSS 3.3).

CREATE TABLE customer_deliveries (
  delivery_id integer PRIMARY KEY REFERENCES deliveries(id),
  order_id integer NOT NULL UNIQUE REFERENCES orders(id),
  company_id integer NOT NULL REFERENCES companies(id),
  call text NOT NULL CHECK (call IN ('rto', 'new_check', 'saved_check', 'no_payment', 'cash', 'existing_card', 'new_card')),
  -- NULL for an RTO delivery: the RTO company collects, the driver takes no payment.
  payment_method text CHECK (payment_method IN ('Cash', 'Check', 'CreditCard', 'NoPayment')),
  signature_guid uuid REFERENCES uploads(guid),
  signature_from text CHECK (signature_from IN ('customer', 'driver')),
  balance_before numeric(12,2) NOT NULL DEFAULT 0,
  balance_after numeric(12,2) NOT NULL DEFAULT 0
);
CREATE INDEX customer_deliveries_company_idx ON customer_deliveries (company_id);

CREATE TABLE delivery_survey_answers (
  delivery_id integer NOT NULL REFERENCES deliveries(id),
  question_id integer NOT NULL REFERENCES driver_delivery_survey_questions(id),
  answer text NOT NULL,
  PRIMARY KEY (delivery_id, question_id)
);

-- One payment per customer delivery that took one (cash, check, card).
CREATE TABLE order_payments (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies(id),
  order_id integer NOT NULL REFERENCES orders(id),
  delivery_id integer NOT NULL UNIQUE REFERENCES deliveries(id),
  method text NOT NULL CHECK (method IN ('Cash', 'Check', 'CreditCard')),
  source text NOT NULL CHECK (source IN ('new_check', 'saved_check', 'cash', 'existing_card', 'new_card')),
  amount numeric(12,2) NOT NULL CHECK (amount >= 0),
  check_image_guid uuid REFERENCES uploads(guid),
  saved_check_id integer REFERENCES customer_order_checks(id),
  card_profile_id text,
  card_last_four text CHECK (card_last_four ~ '^[0-9]{4}$'),
  authorization_code text,
  retref text,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX order_payments_order_idx ON order_payments (company_id, order_id);

CREATE TABLE delivery_certificates (
  guid uuid PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies(id),
  order_id integer NOT NULL REFERENCES orders(id),
  delivery_id integer NOT NULL REFERENCES deliveries(id),
  layout text NOT NULL CHECK (layout IN ('report1', 'report2')),
  bytes bytea NOT NULL,
  byte_size integer NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  -- Deliveries never change, so one certificate per layout is rendered once and reused.
  UNIQUE (delivery_id, layout)
);
CREATE INDEX delivery_certificates_company_idx ON delivery_certificates (company_id);
