import type { OutboxDoc } from '../../db';

/** What an order action's commit answered that its follow-ups name (the server's truth at the commit). */
export interface CommittedFacts {
  /** The date a schedule or reschedule set. */
  scheduledDate: string | null;
  /** The driver a reassign handed the order to, and their name. */
  driverId: number | null;
  driverName: string | null;
}

/** Read from the recorded answer (`steps.response`, validated by the call's answer schema when it arrived). */
export function committedFacts(entry: Pick<OutboxDoc, 'steps'>): CommittedFacts {
  const answer = entry.steps.response ?? {};
  const text = (field: string): string | null => {
    const value = answer[field];
    return typeof value === 'string' ? value : null;
  };
  const driverId = answer.driver_id;
  return {
    scheduledDate: text('scheduled_date'),
    driverId: typeof driverId === 'number' ? driverId : null,
    driverName: text('driver_name'),
  };
}
