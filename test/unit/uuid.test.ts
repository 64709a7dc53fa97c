// The outbox sends one order's entries by (created_at, id); ids made in the same millisecond
// must sort in the order they were made (found by the fault model: two email-switch changes
// queued at one fake-clock instant reached the server in the wrong order).
import { expect, it } from 'vitest';
import { uuidv7 } from '../../src/db/uuid';

it('ids made in one millisecond sort in the order they were made, and stay RFC 9562 v7', () => {
  const ids = Array.from({ length: 200 }, () => uuidv7(1_764_000_000_000));
  expect([...ids].sort()).toEqual(ids);
  expect(new Set(ids).size).toBe(ids.length);
  for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(uuidv7(1_764_000_000_001) > (ids.at(-1) ?? '')).toBe(true);
});
