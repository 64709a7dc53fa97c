-- Payments (the sandbox processor's books): card tokens, saved card profiles, ACH accounts
-- and one ledger of transactions, all scoped by company. PCI DSS 3.3/3.4: no column holds a
-- PAN, a CVV or a full bank account number; tokens keep only the last four digits (plus the
-- first four of a card, which SPEC §3 shows the driver as newCardFirstFourDigits).

CREATE TABLE card_tokens (
  token text PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies(id),
  brand text NOT NULL,
  first_four text,
  last_four text NOT NULL,
  -- Sandbox only: what the test number asked for (approve, decline, insufficient, expired, cvv).
  sandbox_outcome text NOT NULL DEFAULT 'approve',
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX card_tokens_company_idx ON card_tokens (company_id);

CREATE TABLE card_profiles (
  id serial PRIMARY KEY,
  profile_id text NOT NULL UNIQUE,
  company_id integer NOT NULL REFERENCES companies(id),
  customer_order_id integer REFERENCES orders(id),
  token text NOT NULL REFERENCES card_tokens(token),
  expiration text NOT NULL CHECK (expiration ~ '^(0[1-9]|1[0-2])[0-9]{2}$'),
  name text NOT NULL,
  billing_address text,
  billing_city text,
  billing_state text,
  billing_zip text NOT NULL,
  billing_phone text,
  billing_email text,
  created_by integer REFERENCES accounts(id),
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX card_profiles_company_idx ON card_profiles (company_id, customer_order_id);

CREATE TABLE ach_accounts (
  token text PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies(id),
  -- A routing number names a bank, not an account: kept to show "which bank".
  routing_number text NOT NULL,
  account_last_four text NOT NULL,
  name text NOT NULL,
  sandbox_outcome text NOT NULL DEFAULT 'approve',
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX ach_accounts_company_idx ON ach_accounts (company_id);

-- auth: authorized, later captured (or voided); sale: authorized and captured at once;
-- ach: a check debit, captured at once; refund: money back against parent_retref.
CREATE TABLE payment_transactions (
  id serial PRIMARY KEY,
  retref text NOT NULL UNIQUE,
  company_id integer NOT NULL REFERENCES companies(id),
  account_id integer REFERENCES accounts(id),
  kind text NOT NULL CHECK (kind IN ('auth', 'sale', 'ach', 'refund')),
  method text NOT NULL CHECK (method IN ('card', 'ach')),
  status text NOT NULL CHECK (status IN ('authorized', 'captured', 'declined', 'refunded', 'partially_refunded', 'voided')),
  resp_code text NOT NULL,
  message text NOT NULL,
  auth_code text,
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  captured_cents integer NOT NULL DEFAULT 0 CHECK (captured_cents >= 0 AND captured_cents <= amount_cents),
  refunded_cents integer NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0 AND refunded_cents <= captured_cents),
  order_number text,
  profile_id text,
  token text,
  parent_retref text REFERENCES payment_transactions(retref),
  name text,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  updated_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX payment_transactions_company_idx ON payment_transactions (company_id, created_at);
CREATE INDEX payment_transactions_parent_idx ON payment_transactions (parent_retref);
