import { describe, expect, it } from 'vitest';
import { emptySteps, type OutboxDoc, type UploadProgress } from '../../src/db';
import { outboxEntry } from '../support/outboxEntry';
import { entryState, queueCounts, waitingState, type Connectivity } from '../../src/outbox';

// The outbox's one status vocabulary (issue 23 item 4): every combination of the stored entry,
// what the app knows of the link, and the upload under way that the screens can meet.

const NOW = 1_700_000_000_000;
const online: Connectivity = { online: true, reachable: true, authPaused: false, clientTooOld: false };
const offline: Connectivity = { ...online, online: false };
const unreachable: Connectivity = { ...online, reachable: false };

const entry = outboxEntry;
const committed = (patch: Partial<OutboxDoc> = {}, followups: OutboxDoc['steps']['followups'] = {}): OutboxDoc =>
  entry({ ...patch, steps: { ...emptySteps(), response: { id: 1 }, followups } });
const upload: UploadProgress = { entryId: 'e1', slot: 'photos', photo: 1, photos: 2, sent: 40, total: 100 };
const networkError = { code: 'NetworkError' as const, message: 'The server could not be reached (Failed to fetch)', status: null };
const serverError = { code: 'GeneralError' as const, message: 'There was an error', status: 503 };
const name = (doc: OutboxDoc, sync: Connectivity = online, progress: UploadProgress | null = null) => entryState(doc, sync, progress, NOW).name;

describe('entryState', () => {
  it('queued, online: its turn, or a back-off after the server answered with its next try', () => {
    expect(entryState(entry(), online, null, NOW)).toMatchObject({ name: 'queued', reason: 'turn', delivery: true });
    expect(entryState(entry({ next_attempt_at: NOW + 60_000, last_error: serverError }), online, null, NOW)).toMatchObject({
      name: 'queued',
      reason: 'retry',
      nextTryAt: NOW + 60_000,
    });
    expect(entryState(entry({ kind: 'create_order_note' }), online, null, NOW).delivery).toBe(false);
  });

  it('waiting for signal: the app is offline or cannot reach the server, whatever the stored status says', () => {
    for (const sync of [offline, unreachable]) {
      expect(name(entry(), sync)).toBe('waiting_signal');
      // A try the worker was killed in (or one in flight when the link dropped) is not "Sending".
      expect(name(entry({ status: 'sending' }), sync, upload)).toBe('waiting_signal');
    }
  });

  it('"Failed to fetch" is waiting for signal, not an error; a server answer is a retry', () => {
    expect(name(entry({ last_error: networkError, next_attempt_at: NOW + 5_000 }))).toBe('waiting_signal');
    expect(name(entry({ last_error: { ...networkError, code: 'Timeout' } }))).toBe('waiting_signal');
    expect(name(entry({ last_error: serverError, next_attempt_at: NOW + 5_000 }))).toBe('queued');
  });

  it('sending: with the upload of this entry only', () => {
    expect(entryState(entry({ status: 'sending' }), online, upload, NOW)).toMatchObject({ name: 'sending', upload });
    expect(entryState(entry({ status: 'sending' }), online, { ...upload, entryId: 'other' }, NOW)).toMatchObject({ name: 'sending', upload: null });
  });

  it('paused for a sign-in or an app update: queued, saying why', () => {
    expect(entryState(entry(), { ...online, authPaused: true }, null, NOW)).toMatchObject({ name: 'queued', reason: 'sign_in' });
    expect(entryState(entry({ status: 'sending' }), { ...online, clientTooOld: true }, null, NOW)).toMatchObject({ name: 'queued', reason: 'update' });
  });

  it('committed: delivered while follow-ups remain (never "Queued" beside "Delivered"), whatever the stored status', () => {
    for (const status of ['queued', 'sending'] as const) {
      expect(entryState(committed({ status, next_attempt_at: NOW + 7_000 }), online, null, NOW)).toMatchObject({
        name: 'delivered',
        followupsWaitForSignal: false,
      });
      expect(entryState(committed({ status }), offline, null, NOW)).toMatchObject({ name: 'delivered', followupsWaitForSignal: true });
    }
  });

  it('committed and finished: follow-ups done, or failed (final) naming which', () => {
    const at = '2026-11-20T14:06:00.000Z';
    expect(name(committed({ status: 'done' }, { 'email:office-admin-onlot': { status: 'done', message: null, at } }))).toBe('followups_done');
    // A setting that is off is a warning, not a failure.
    expect(name(committed({ status: 'done' }, { 'email:customer-delivered': { status: 'skipped', message: 'off', at } }))).toBe('followups_done');
    const failed = committed(
      { status: 'done' },
      { certificate: { status: 'failed', message: 'x', at }, 'email:customer-delivered': { status: 'done', message: null, at } },
    );
    expect(entryState(failed, offline, null, NOW)).toMatchObject({ name: 'followups_failed', failedFollowups: ['certificate'] });
    // One failed while the others still go: still delivered, the failure listed.
    const running = committed({ status: 'queued' }, { certificate: { status: 'failed', message: 'x', at } });
    expect(entryState(running, online, null, NOW)).toMatchObject({ name: 'delivered', failedFollowups: ['certificate'] });
  });

  it('needs attention: the server refused it, online or not', () => {
    for (const sync of [online, offline])
      expect(name(entry({ status: 'needs_attention', last_error: { ...serverError, status: 400 } }), sync)).toBe('needs_attention');
  });
});

describe('waitingState and queueCounts', () => {
  it("a dismissal's badge: queued online, waiting for signal offline", () => {
    expect(waitingState(online).name).toBe('queued');
    expect(waitingState(offline).name).toBe('waiting_signal');
    expect(waitingState(unreachable).name).toBe('waiting_signal');
  });

  it("the app bar's count: refused entries apart from the rest", () => {
    const docs = [entry(), entry({ status: 'sending' }), entry({ status: 'needs_attention' })];
    expect(queueCounts(docs)).toEqual({ attention: 1, waiting: 2 });
  });
});
