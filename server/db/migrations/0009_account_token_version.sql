-- Revocation (issue 9): every token carries its account's token_version (claim `tv`), and the
-- auth hook refuses a token whose version is no longer the account's. A change that must end
-- the account's sessions bumps it here, in the database, so it holds whoever makes the change
-- (this server's password change, or the office removing the driver in another system):
-- a new password, removal (removed_at) or its undoing, a move to another company, a new role.
-- A writer that sets token_version itself (e.g. "sign out everywhere") is left alone.
-- kept_session: '<token_version>:<sha256 of a token>', the one older token still accepted at
-- that version, written with the bump (the driver's own password change keeps the phone that
-- made it signed in). Any later bump leaves it naming an old version, so it lapses by itself.
ALTER TABLE accounts ADD COLUMN token_version integer NOT NULL DEFAULT 1;
ALTER TABLE accounts ADD COLUMN kept_session text;

CREATE OR REPLACE FUNCTION accounts_bump_token_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.token_version = OLD.token_version AND (
    NEW.password_hash IS DISTINCT FROM OLD.password_hash
    OR NEW.removed_at IS DISTINCT FROM OLD.removed_at
    OR NEW.company_id IS DISTINCT FROM OLD.company_id
    OR NEW.role IS DISTINCT FROM OLD.role
  ) THEN
    NEW.token_version := OLD.token_version + 1;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER accounts_token_version BEFORE UPDATE ON accounts
  FOR EACH ROW EXECUTE FUNCTION accounts_bump_token_version();
