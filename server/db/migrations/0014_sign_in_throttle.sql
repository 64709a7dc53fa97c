-- Sign-in under a distributed spray (issue 20): failures per account slow unknown sources
-- down instead of locking the owner out, and a driver's known devices and addresses are
-- served ahead of unknown ones (server/services/signInThrottle.ts, knownSignIns.ts).
-- One row per account email with failures from unknown sources: each claimed attempt past
-- the free ones moves next_at further (a growing delay); a success deletes the row; a row
-- quiet past expires_at is forgotten (purged with the rate-limit windows).
CREATE TABLE sign_in_throttle (
  email text PRIMARY KEY,
  failures integer NOT NULL,
  next_at timestamptz(3) NOT NULL,
  expires_at timestamptz(3) NOT NULL
);
CREATE INDEX sign_in_throttle_expires_at ON sign_in_throttle (expires_at);

-- Addresses a sign-in succeeded from, per account email, for 30 days after the last one.
CREATE TABLE sign_in_known_addresses (
  email text NOT NULL,
  address text NOT NULL,
  last_success_at timestamptz(3) NOT NULL,
  PRIMARY KEY (email, address)
);
CREATE INDEX sign_in_known_addresses_last_success_at ON sign_in_known_addresses (last_success_at);
