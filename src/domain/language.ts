// The languages the app speaks (SPEC §9: English and Spanish). Here, not in the UI, because
// texts declared outside it are written in each of them: an outbox kind's label (src/outbox/kinds).

export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/** One text in every language the app speaks. */
export type Texts = Readonly<Record<Language, string>>;

/** A noun in every language, as counted: one ("1 delivery") and more ("2 deliveries"). */
export type CountNoun = Readonly<Record<Language, { one: string; other: string }>>;

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}
