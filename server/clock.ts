// The server's only reading of the wall clock (lint forbids Date.now() and `new Date()`
// elsewhere in server/), so every timestamp and expiry check shares one mechanism.
// Code that needs a fake clock takes `now` as a parameter and defaults to these.

/** Milliseconds since the epoch, now. */
export function clockMs(): number {
  return Date.now();
}

/** Now as a Date (a fresh object each call: drizzle timestamp columns take Dates). */
export function clockDate(): Date {
  return new Date();
}
