// How long the engine waits before its next timed run (issue 24). While runs find nothing new
// on the server and nothing waits in the outbox, each wait doubles from the sync interval up to
// `idleMaxMs`: an open app left alone costs a few small requests an hour, not 120. Any run that
// pulled something or has work waiting starts again from the interval; the driver's Sync now,
// the app back in front, a reconnection and a new entry still run at once (they call syncNow).
export function idleCadence(intervalMs: number, idleMaxMs: number) {
  let quietRuns = 0;
  return {
    /** The wait after a run: `quiet` when the server had nothing new and nothing is queued. */
    next(quiet: boolean): number {
      quietRuns = quiet ? quietRuns + 1 : 0;
      return Math.max(intervalMs, Math.min(idleMaxMs, intervalMs * 2 ** quietRuns));
    },
  };
}
