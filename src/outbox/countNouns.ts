import type { CountNoun } from '../domain';

// The nouns several kinds share when the driver's unsent work is counted (the kinds' `counted`):
// the driver thinks of a delivery, not of which of the nine deliver calls it takes.

export const DELIVERIES: CountNoun = {
  en: { one: 'delivery', other: 'deliveries' },
  es: { one: 'entrega', other: 'entregas' },
};

/** Schedule, reschedule and unschedule. */
export const SCHEDULE_CHANGES: CountNoun = {
  en: { one: 'schedule change', other: 'schedule changes' },
  es: { one: 'cambio de programación', other: 'cambios de programación' },
};

/** Dismiss one, and Clear all. */
export const NOTIFICATION_DISMISSALS: CountNoun = {
  en: { one: 'notification dismissal', other: 'notification dismissals' },
  es: { one: 'descarte de notificaciones', other: 'descartes de notificaciones' },
};
