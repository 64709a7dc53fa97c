// What the office hears when a driver changes its delivery plan (SPEC §7 create_notification,
// §8 "Failed to notify company users"): a schedule, a reschedule or a reassign is followed by
// one notification to the company's office users. SPEC does not say when the app notifies them;
// these three are the changes made on the phone that the office plans around (a delivery already
// emails the office admins). English only, like every text of src/domain: office users read it.
import { formatScheduledEmailDate } from './email';

export const OFFICE_NOTICES = {
  /** SPEC §8's success texts name the first two ("Order scheduled", "Order rescheduled"). */
  scheduled: { title: 'Order scheduled', namesOrder: true },
  rescheduled: { title: 'Order rescheduled', namesOrder: true },
  /** The order is no longer the caller's once reassigned, so the notice names it in its text only. */
  reassigned: { title: 'Order reassigned', namesOrder: false },
} as const;
export type OfficeNotice = keyof typeof OFFICE_NOTICES;

/** What the notice is about, as the phone knows it when the action was committed. */
export interface OfficeNoticeFacts {
  /** How the driver names the order (customer or dealer, model, serial), if known. */
  order: string | null;
  /** The date the server committed (schedule, reschedule), an ISO timestamp. */
  scheduledDate: string | null;
  /** The driver who took the order over (reassign), as the server named them. */
  driverName: string | null;
  /** The phone's IANA zone: the date reads as the driver saw it. */
  zone: string;
}

/** Title and message of a notice (create_notification's body without the order id). */
export function officeNoticeText(notice: OfficeNotice, facts: OfficeNoticeFacts): { title: string; message: string } {
  const date = facts.scheduledDate ? formatScheduledEmailDate(facts.scheduledDate, facts.zone) : null;
  const what = notice === 'reassigned' ? `Reassigned to ${facts.driverName ?? 'another driver'}` : `Delivery ${notice}${date ? ` for ${date}` : ''}`;
  return { title: OFFICE_NOTICES[notice].title, message: facts.order ? `${what}: ${facts.order}` : what };
}
