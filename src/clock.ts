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

/**
 * Resolves in a later task: the browser paints and handles a tap in between. Start-up work
 * that would hold the main thread for hundreds of ms at once is cut with it (issue 24).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Resolves when the page is next idle, at most `ms` later (Safari has no requestIdleCallback: a
 * task later). Start-up work that can wait for the first screen and a first tap waits for this.
 */
export function whenIdle(ms: number): Promise<void> {
  return new Promise((resolve) => {
    if ('requestIdleCallback' in globalThis) requestIdleCallback(() => resolve(), { timeout: ms });
    else setTimeout(resolve, 0);
  });
}
