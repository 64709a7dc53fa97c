-- A replay under an Idempotency-Key answers the very bytes of the first answer (issue 20 item
-- 9): jsonb stored an answer's value, not its text, and reorders an object's keys (shorter
-- first), so a replayed {"longest_key_first":1,"a":2} came back as {"a":2,"longest_key_first":1}.
-- The body is now the text that was sent, with its content type (services/idempotency.ts).
-- Records from before keep their value: those runIdempotent made (no type) get the type they
-- were sent with (a JSON string was sent as plain text, anything else as JSON); text answers
-- were stored as a JSON string and become that text again. Their key order stays jsonb's.
UPDATE idempotency_keys
  SET response_type = CASE WHEN jsonb_typeof(response_body) = 'string' THEN 'text/plain; charset=utf-8' ELSE 'application/json; charset=utf-8' END
  WHERE response_type IS NULL AND response_body IS NOT NULL;
ALTER TABLE idempotency_keys ALTER COLUMN response_body TYPE text USING (
  CASE WHEN jsonb_typeof(response_body) = 'string' AND response_type !~* 'json' THEN response_body #>> '{}' ELSE response_body::text END
);
