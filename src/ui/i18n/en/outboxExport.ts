/** The outbox drawer's export for support (docs/replay.md). */
export const outboxExport = {
  button: 'Export for support',
  hint: 'Saves what is in this list as a file support can replay. No card details are in it.',
  saved: 'Saved {{filename}}',
};
