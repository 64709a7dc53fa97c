-- A counter per company that moves whenever any of its orders or dealers change, by any
-- writer (this server, another instance, the office's tools, a hand-run UPDATE): the answer
-- cache of the order-list reads (server/http/answerCache.ts) keys on it, so a remembered
-- answer is never served after a change, on any instance. Statement-level triggers with
-- transition tables: a bulk insert of 10,000 orders bumps each company once.
ALTER TABLE companies ADD COLUMN orders_version bigint NOT NULL DEFAULT 0;

CREATE FUNCTION companies_bump_orders_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE companies SET orders_version = orders_version + 1 WHERE id IN (SELECT company_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE companies SET orders_version = orders_version + 1 WHERE id IN (SELECT company_id FROM old_rows);
  ELSE
    UPDATE companies SET orders_version = orders_version + 1
     WHERE id IN (SELECT company_id FROM new_rows UNION SELECT company_id FROM old_rows);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER orders_version_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION companies_bump_orders_version();
CREATE TRIGGER orders_version_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION companies_bump_orders_version();
CREATE TRIGGER orders_version_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION companies_bump_orders_version();

CREATE TRIGGER dealers_version_insert AFTER INSERT ON dealers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION companies_bump_orders_version();
CREATE TRIGGER dealers_version_update AFTER UPDATE ON dealers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION companies_bump_orders_version();
CREATE TRIGGER dealers_version_delete AFTER DELETE ON dealers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION companies_bump_orders_version();
