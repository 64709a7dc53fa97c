-- Every card charge a delivery attempts, approved or declined. Approved attempts commit with
-- the delivery; a declined one is written after the delivery's transaction rolled back, so it
-- survives it. Keyed by the submission's Idempotency-Key: a retry of the same submission (an
-- answer lost on the way, a driver pressing Retry) answers the remembered decline instead of
-- charging the card again. A new submission (new key) is a new attempt.
CREATE TABLE charge_attempts (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies(id),
  account_id integer NOT NULL REFERENCES accounts(id),
  order_id integer NOT NULL REFERENCES orders(id),
  idempotency_key text,
  call text NOT NULL,
  approved boolean NOT NULL,
  error text,
  message text,
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX charge_attempts_submission ON charge_attempts (account_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE INDEX charge_attempts_order ON charge_attempts (order_id);
