-- The content type of a response remembered under an Idempotency-Key by the generic hook
-- (server/http/idempotency.ts), so a replay answers text as text and JSON as JSON.
-- NULL: recorded by runIdempotent, the body is a value to send as JSON.
ALTER TABLE idempotency_keys ADD COLUMN response_type text;
