// The refusals several endpoints share, for their table entries' `errors` (one text per limit,
// so the document says the same thing on every route a limit covers). The limits themselves
// are the server's (server/http/limits.ts and its users).
const tooMany = (limit: string) => `TooManyRequests: ${limit}; Retry-After says when to try again`;

/** The card-entry routes: one budget per account shared by all of them. */
export const CARD_ENTRY_LIMITED = { 429: tooMany("past the account's card-entry limit (shared by every route where a card number is entered)") } as const;

/** Sign-in: the limits per address and per account (or device), and the busy hash gate. */
export const SIGN_IN_REFUSALS = {
  403: 'NotAuthorized: the account is not a driver (an office admin signs in elsewhere)',
  429: tooMany("past the address's sign-in limit, the account's failure delay or the device's failures, or too many sign-ins at once"),
} as const;

/** A settings change with the current password: its wrong guesses are limited per account. */
export const CURRENT_PASSWORD_REFUSALS = {
  403: 'NotAuthorized, or CurrentPasswordRequired / CurrentPasswordIncorrect (a new password or email without the right current password)',
  429: tooMany("past the account's limit of wrong current passwords, or too many password checks at once"),
} as const;

/** Uploads: a few requests of one account at once per server instance. */
export const UPLOADS_LIMITED = { 429: tooMany('too many uploads of this account at once') } as const;
