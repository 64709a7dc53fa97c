-- Fair limits (issue 9): request counters shared by every server instance on this database.
-- One row per limit key and fixed window (server/services/rateLimits.ts): `login-ip:<address>`,
-- `login-account:<email>`, `card-entry:<account id>`. A hit is one atomic upsert
-- (INSERT … ON CONFLICT DO UPDATE SET count = count + 1 RETURNING count), so two instances
-- never lose a count. Windows are stamped by the server's clock (injectable in tests);
-- rows past expires_at are purged by a background job.
CREATE TABLE rate_limits (
  key text NOT NULL,
  window_start timestamptz(3) NOT NULL,
  count integer NOT NULL DEFAULT 1,
  expires_at timestamptz(3) NOT NULL,
  PRIMARY KEY (key, window_start)
);

CREATE INDEX rate_limits_expires_at ON rate_limits (expires_at);
