// Free text a driver types (a delivery note, a survey answer, an order note) as the phone
// queues it and the server stores it. PostgreSQL cannot hold U+0000, and half of a UTF-16
// surrogate pair (an emoji cut in the middle by a paste or a keyboard) has no UTF-8 form:
// jsonb refuses it and text turns it into U+FFFD. The phone queues the text already made
// storable (the driver sees the same: a NUL shows as nothing, a half emoji as �), so what was
// accepted at the customer's door is what the server commits; the server refuses any such
// string from anyone else with a 400 (server/http/jsonBody.ts), never a 500 after the fact.
import * as v from 'valibot';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Whether PostgreSQL stores this string as it is (no NUL, no unpaired surrogate). */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && text.search(LONE_SURROGATE) === -1;
}

/** The string as PostgreSQL would keep it: NUL dropped, an unpaired surrogate as U+FFFD. */
export function toStorableText(text: string): string {
  return isStorableText(text) ? text : text.replaceAll('\u0000', '').replace(LONE_SURROGATE, '\uFFFD');
}

/** The pipe step that makes a string storable (toStorableText). */
export const storable = v.transform(toStorableText);

/** A driver's free text of at most `max` characters, made storable before it is measured. */
export const storableText = (max: number) => v.pipe(v.string(), storable, v.maxLength(max));
