-- Payments belong to a driver, not only to a company (issue 20): a transaction is the
-- caller's when the caller's own authorization made it (account_id, already recorded) and,
-- when it was made for an order, that order is still the caller's (order_id, below; the same
-- rule as the order routes, server/services/access.ts). A card token is the caller's when the
-- caller entered the card (created_by) or it is the token of a card the caller may charge.
-- Rows from before stay order-less / creator-less: a transaction is then its maker's alone,
-- a token only reachable through a card profile.
ALTER TABLE payment_transactions ADD COLUMN order_id integer REFERENCES orders(id);
ALTER TABLE card_tokens ADD COLUMN created_by integer REFERENCES accounts(id);

-- The access checks look payments up by these (a bank token's own debits, a profile's
-- listing, a token's profiles): index scans, not a scan of every company's rows.
CREATE INDEX payment_transactions_token_idx ON payment_transactions (token);
CREATE INDEX customer_saved_cards_profile_idx ON customer_saved_cards (card_profile_id);
CREATE INDEX card_profiles_token_idx ON card_profiles (token);
