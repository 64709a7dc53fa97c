// The client's only reading of the wall clock (lint forbids Date.now() and `new Date()`
// elsewhere in src/), so every "now" the app, the worker and the outbox use is one mechanism.
// Code that needs a fake clock takes `now` as a parameter and defaults to these.

/** Milliseconds since the epoch, now. */
export function clockMs(): number {
  return Date.now();
}

/** Now as a Date (a fresh object each call: callers may mutate it). */
export function clockDate(): Date {
  return new Date();
}

/** Now as an ISO-8601 UTC string, the form stored in RxDB documents. */
export function clockIso(): string {
  return new Date().toISOString();
}
