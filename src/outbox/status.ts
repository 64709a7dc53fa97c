import type { OutboxDoc, SyncStatus, UploadProgress } from '../db';
import { isCommitted } from './entries';
import { isDeliveryEntry } from './queue';

// Where an entry stands, in the one vocabulary every screen uses (issue 23 item 4): the badge,
// the entry card, the drawer, the order, scheduled and notification cards and the app bar's
// count all read it from here, so no two of them can contradict each other. The stored
// `status` is the processor's bookkeeping (a committed entry waiting out a follow-up's 7 s is
// 'queued'; a try the worker was killed in stays 'sending'); what the driver is told also
// depends on whether the app can reach the server now and on the upload under way.

export type EntryStateName =
  /** Waits its turn, a back-off after the server's answer, a sign-in or an app update. */
  | 'queued'
  /** The app knows it cannot reach the server now, or the last try got no answer. */
  | 'waiting_signal'
  /** A try is under way (with the image going up, when one is). */
  | 'sending'
  /** The server has it; its certificate, emails or office notice are still to go. */
  | 'delivered'
  | 'followups_done'
  /** The server has it; every follow-up ended, and at least one was not sent (final). */
  | 'followups_failed'
  /** The server refused it: the driver decides. */
  | 'needs_attention';

/** Why a queued entry waits. */
export type QueuedReason = 'turn' | 'retry' | 'sign_in' | 'update';

export interface EntryState {
  name: EntryStateName;
  /** A delivery ("Delivered") or another action ("Sent"). */
  delivery: boolean;
  /** queued: why; null otherwise. */
  reason: QueuedReason | null;
  /** queued after a server's answer: when it is tried again (ms). */
  nextTryAt: number | null;
  /** sending: the image of this entry going up now, if any. */
  upload: UploadProgress | null;
  /** delivered (follow-ups remain): they wait for signal. */
  followupsWaitForSignal: boolean;
  /** Follow-up ids recorded as failed (the certificate, emails, the office notice). */
  failedFollowups: string[];
}

/** What of the sync status the vocabulary needs; `online` is the app's (browser and reachability) view. */
export type Connectivity = Pick<SyncStatus, 'online' | 'reachable' | 'authPaused' | 'clientTooOld'>;

const NETWORK_CODES: readonly string[] = ['NetworkError', 'Timeout'];

/** The last try got no answer at all (no signal, a time-out): not the server's refusal, not an error to show. */
export function failedForSignal(entry: Pick<OutboxDoc, 'last_error'>): boolean {
  return !!entry.last_error && NETWORK_CODES.includes(entry.last_error.code);
}

export function entryState(entry: OutboxDoc, sync: Connectivity, upload: UploadProgress | null, now: number): EntryState {
  const failedFollowups = Object.entries(entry.steps.followups)
    .filter(([, r]) => r.status === 'failed')
    .map(([id]) => id);
  const base: EntryState = {
    name: 'queued',
    delivery: isDeliveryEntry(entry),
    reason: null,
    nextTryAt: null,
    upload: null,
    followupsWaitForSignal: false,
    failedFollowups,
  };
  const reachable = sync.online && sync.reachable;
  if (isCommitted(entry)) {
    if (entry.status === 'done') return { ...base, name: failedFollowups.length ? 'followups_failed' : 'followups_done' };
    return { ...base, name: 'delivered', followupsWaitForSignal: !reachable };
  }
  if (entry.status === 'needs_attention') return { ...base, name: 'needs_attention' };
  if (!reachable) return { ...base, name: 'waiting_signal' };
  if (sync.authPaused) return { ...base, reason: 'sign_in' };
  if (sync.clientTooOld) return { ...base, reason: 'update' };
  if (entry.status === 'sending') return { ...base, name: 'sending', upload: upload?.entryId === entry.id ? upload : null };
  if (failedForSignal(entry)) return { ...base, name: 'waiting_signal' };
  if (entry.next_attempt_at > now) return { ...base, reason: 'retry', nextTryAt: entry.next_attempt_at };
  return { ...base, reason: 'turn' };
}

/** A dismissal this phone keeps until it is sent (no entry at hand): queued, or waiting for signal. */
export function waitingState(sync: Connectivity): EntryState {
  const name: EntryStateName = sync.online && sync.reachable ? 'queued' : 'waiting_signal';
  return {
    name,
    delivery: false,
    reason: name === 'queued' ? 'turn' : null,
    nextTryAt: null,
    upload: null,
    followupsWaitForSignal: false,
    failedFollowups: [],
  };
}

/** The app bar's count: entries the server refused, and the rest still to send. */
export function queueCounts(entries: readonly OutboxDoc[]): { attention: number; waiting: number } {
  const attention = entries.filter((e) => !isCommitted(e) && e.status === 'needs_attention').length;
  return { attention, waiting: entries.length - attention };
}
