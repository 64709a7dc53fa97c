-- What each phone last said it holds unsent (issue 24 item 7; src/domain/unsentReport.ts). A
-- browser may clear a site's storage (Safari: not installed, 7 days unused), and the actions
-- queued on that phone go with it. The phone reports its unsent outbox entries whenever they
-- change; the first report of a new phone database is answered with what the account's other
-- phones last reported and never sent (their Idempotency-Keys never committed), once: the driver
-- is told and the office notified (loss_announced_at). One row per account and phone database.
CREATE TABLE device_unsent_reports (
  account_id integer NOT NULL REFERENCES accounts(id),
  device_id uuid NOT NULL,
  company_id integer NOT NULL REFERENCES companies(id),
  unsent integer NOT NULL CHECK (unsent >= 0),
  -- The listed entries (at most 100): [{id, kind, label, order_key, display, created_at, needs_attention}].
  entries jsonb NOT NULL,
  first_reported_at timestamptz(3) NOT NULL DEFAULT now(),
  reported_at timestamptz(3) NOT NULL DEFAULT now(),
  loss_announced_at timestamptz(3),
  PRIMARY KEY (account_id, device_id)
);
-- The reports a new phone's first report looks at.
CREATE INDEX device_unsent_reports_open_idx ON device_unsent_reports (account_id) WHERE unsent > 0 AND loss_announced_at IS NULL;
