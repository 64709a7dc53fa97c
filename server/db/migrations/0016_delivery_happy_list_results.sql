-- The happy-list checklist as the driver left it at the customer's door (SPEC §3): one row per
-- item of the order's list at delivery time, ticked or not, so the delivery log and the
-- certificate read it back (before this it lived only in deliveries.payload).
CREATE TABLE delivery_happy_list_results (
  delivery_id integer NOT NULL REFERENCES deliveries(id),
  company_id integer NOT NULL REFERENCES companies(id),
  item text NOT NULL,
  text text NOT NULL,
  value boolean NOT NULL,
  -- The item's position in the order's happy list: reads come back in the order the driver saw.
  position integer NOT NULL,
  PRIMARY KEY (delivery_id, position),
  UNIQUE (delivery_id, item)
);
CREATE INDEX delivery_happy_list_results_company_idx ON delivery_happy_list_results (company_id);
