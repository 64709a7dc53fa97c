// Texts that live in src/domain (SPEC §8 error texts, filter chips, the signed-out note),
// shown in the active language. src/domain stays pure and English: its tables are the
// English source; the Spanish ones are keyed by the same identifiers in `es/domain.ts` (the
// `domain` namespace, loaded with the Spanish catalog). Server errors `{error, message}` are
// translated by identifier here, falling back to the server's message.
import { ERROR_TEXT, FILTER_LABELS, isErrorCode, isNotificationTopic, type DriverNotification, type ErrorCode, type FilterKey } from '../../domain';
import { i18next, t } from './index';
import { activeLanguage } from './language';

function domainResource(key: string): string | null {
  const language = activeLanguage();
  if (language === 'en') return null;
  const value: unknown = i18next.getResource(language, 'domain', key);
  return typeof value === 'string' ? value : null;
}

/** The driver's text for an error identifier (SPEC §8), e.g. 'FailedToFetchOrderMap'. */
export function errorText(code: string | null | undefined): string {
  const english = isErrorCode(code) ? ERROR_TEXT[code] : ERROR_TEXT.GeneralError;
  return domainResource(`errors.${isErrorCode(code) ? code : 'GeneralError'}`) ?? english;
}

/**
 * A server's or the worker's `{error, message}` in the active language: the identifier's text,
 * keeping a reason the message adds after it ("Failed to add note: Order not found" keeps
 * ": Order not found"); a message the identifier does not explain is shown as sent.
 */
export function serverErrorText(code: string | null | undefined, message: string | null | undefined): string {
  if (!isErrorCode(code)) return message || errorText('GeneralError');
  const english = ERROR_TEXT[code];
  if (!message || message === english) return errorText(code);
  if (message.startsWith(`${english}: `)) return `${errorText(code)}${message.slice(english.length)}`;
  return message;
}

/** A SPEC §4 filter chip's label. */
export function filterLabel(key: FilterKey): string {
  return domainResource(`filters.${key}`) ?? FILTER_LABELS[key];
}

/**
 * The order values the server sends from src/domain's enumerations (ORDER_TYPES, ORDER_STATUSES,
 * BUILDING_STAGES), each the key of its Spanish text in `es/domain.ts`.
 */
export type OrderValueList = 'orderTypes' | 'orderStatuses' | 'buildingStages';

/** An order's type, status or stage in the active language; a value this build does not know is shown as sent. */
export function orderValueText(list: OrderValueList, value: string): string {
  return domainResource(`${list}.${value}`) ?? value;
}

/** A notification's title: by its topic when the server wrote it (NOTIFICATION_TOPICS), else as the office wrote it. */
export function notificationTitle(n: Pick<DriverNotification, 'topic' | 'title'>): string {
  return (isNotificationTopic(n.topic) ? domainResource(`notificationTopics.${n.topic}`) : null) ?? n.title;
}

/** One of src/domain's English texts by a key of the `domain` namespace ('payment.required'). */
export function domainText(key: string, english: string): string {
  return domainResource(key) ?? english;
}

export { t };

let byText: Map<string, ErrorCode> | null = null;

/**
 * A SPEC §8 text the worker answered as text (an RPC failure's `message` is `ERROR_TEXT[code]`),
 * in the active language: found by its English text, else shown as it is.
 */
export function knownText(message: string): string {
  if (activeLanguage() === 'en') return message;
  byText ??= new Map(Object.entries(ERROR_TEXT).map(([code, text]) => [text, code as ErrorCode]));
  const code = byText.get(message);
  return code ? errorText(code) : message;
}
