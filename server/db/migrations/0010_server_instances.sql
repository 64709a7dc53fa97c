-- Crash-clean idempotency (issue 9). Every server process registers itself here at boot under
-- a random id and refreshes heartbeat_at while it runs (server/services/instances.ts); an
-- Idempotency-Key claim records the instance that made it. A claim whose instance has no
-- fresh heartbeat (killed, crashed, or shut down) is taken over at once instead of answering
-- 409 IdempotencyKeyInFlight until the 2-minute takeover; a live instance's claim is respected.
CREATE TABLE server_instances (
  id text PRIMARY KEY,
  started_at timestamptz(3) NOT NULL DEFAULT now(),
  heartbeat_at timestamptz(3) NOT NULL DEFAULT now()
);

-- NULL for claims made before this migration: those keep the 2-minute rule.
ALTER TABLE idempotency_keys ADD COLUMN instance_id text;
