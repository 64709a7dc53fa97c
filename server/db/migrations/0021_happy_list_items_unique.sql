-- An order's happy list names each item once. The driver ticks items by name and a delivery
-- records one result per name (delivery_happy_list_results: UNIQUE (delivery_id, item)), so a
-- list naming an item twice could not be delivered at all: the phone accepted the delivery and
-- the server refused it after the driver had left. The first of each name (by position) stays.
DELETE FROM happy_list_items later USING happy_list_items first
  WHERE first.order_id = later.order_id AND first.item = later.item AND first.position < later.position;
ALTER TABLE happy_list_items ADD CONSTRAINT happy_list_items_order_item_key UNIQUE (order_id, item);
