-- The values the server sends as enumerations (issue 25 item 6) are held to the lists in
-- src/domain — ORDER_STATUSES, BUILDING_STAGES (src/domain/order.ts) and NOTIFICATION_TOPIC_TITLES
-- (src/domain/profile/notifications.ts) — so the phone has a text for each in every language.
-- test/integration/serverEnumerations.test.ts compares these checks with the lists; a value added
-- here needs its list entry, and the unit test then asks for its Spanish text.
ALTER TABLE orders ADD CONSTRAINT orders_status_known
  CHECK (status IN ('In Production', 'Ready for Delivery', 'Scheduled for Delivery', 'Delivered'));
ALTER TABLE orders ADD CONSTRAINT orders_stage_known
  CHECK (stage IN ('Not Started', 'Framing', 'Roofing', 'Siding', 'Painting', 'Trim', 'Built'));

-- What a notification the server (or the office's system) wrote itself is about; null for one a
-- person wrote, which the phone shows as written. The title stays, in English, for older builds.
ALTER TABLE notifications ADD COLUMN topic text CONSTRAINT notifications_topic_known
  CHECK (topic IN ('order_assigned', 'order_reassigned', 'order_finished_at_shop', 'order_updated', 'driver_work_lost'));

-- Rows written before the column: the system's own titles name their topic.
UPDATE notifications SET topic = CASE title
    WHEN 'New order assigned' THEN 'order_assigned'
    WHEN 'Order reassigned' THEN 'order_reassigned'
    WHEN 'Order finished at shop' THEN 'order_finished_at_shop'
    WHEN 'Order updated' THEN 'order_updated'
  END
  WHERE created_by IS NULL AND title IN ('New order assigned', 'Order reassigned', 'Order finished at shop', 'Order updated');
