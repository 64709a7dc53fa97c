import { clockMs } from '../clock';

// UUID v7 (RFC 9562): time-ordered, so outbox ids sort by creation and double as
// Idempotency-Keys the server can index cheaply. The outbox sends one order's entries by
// (created_at, id): two made in the same millisecond (a fast second tap, a fake clock) must
// still sort in the order they were made, so within a millisecond the 12-bit rand_a field is
// a counter (RFC 9562 §6.2, method 1), started at a random value in its lower half.
let last = { ms: -1, counter: 0 };

export function uuidv7(nowMs: number = clockMs()): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  const counter = nowMs === last.ms && last.counter < 0xfff ? last.counter + 1 : (((bytes[6] ?? 0) << 8) | (bytes[7] ?? 0)) & 0x7ff;
  last = { ms: nowMs, counter };
  let ms = nowMs;
  for (let i = 5; i >= 0; i--) {
    bytes[i] = ms % 256;
    ms = Math.floor(ms / 256);
  }
  bytes[6] = 0x70 | (counter >> 8);
  bytes[7] = counter & 0xff;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function uuidv4(): string {
  return crypto.randomUUID();
}
