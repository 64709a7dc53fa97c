// The outbox sends one order's entries by (created_at, id); ids made in the same millisecond
// must sort in the order they were made (found by the fault model: two email-switch changes
// queued at one fake-clock instant reached the server in the wrong order).
import { expect, it } from 'vitest';
import { uuidv7 } from '../../src/db/uuid';
import { uuidv7Ms } from '../../src/domain';

it('ids made in one millisecond sort in the order they were made, and stay RFC 9562 v7', () => {
  const ids = Array.from({ length: 200 }, () => uuidv7(1_764_000_000_000));
  expect([...ids].sort()).toEqual(ids);
  expect(new Set(ids).size).toBe(ids.length);
  for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(uuidv7(1_764_000_000_001) > (ids.at(-1) ?? '')).toBe(true);
});

it('the server reads back the millisecond an id was made at (a schedule is judged then), and nothing from other ids', () => {
  for (const ms of [0, 1_764_000_000_000, 2 ** 48 - 1]) expect(uuidv7Ms(uuidv7(ms))).toBe(ms);
  for (const other of [crypto.randomUUID(), 'not-a-uuid', '018f3c1e-9a2b-4c3d-8e4f-5a6b7c8d9e0f']) expect(uuidv7Ms(other)).toBeNull();
});
