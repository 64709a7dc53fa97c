// A simulated phone's report of its unsent work (src/replication/unsentReport.ts, issue 24
// item 7), with what the phone keeps in PWADB (its database's id, whether the server answered
// it, the last report) kept in memory: after each push, when the uncommitted entries differ from
// the last answered report (an idle run sends none), POST report_unsent; a report tried again
// keeps its Idempotency-Key.
import { UNSENT_REPORT_API } from '../../src/domain';
import { uuidv4, uuidv7 } from '../../src/db/uuid';
import { TransportError, type HttpClient } from '../../src/replication';
import { unsentFacts, type ReportedEntry } from '../../src/replication/unsentReport';

export function createUnsentReporter(http: HttpClient, now: () => number) {
  const deviceId = uuidv4();
  let deviceAnswered = false;
  let last: { signature: string; body: string; key: string; answered: boolean } | null = null;
  return async (uncommitted: readonly ReportedEntry[]): Promise<void> => {
    const facts = unsentFacts(deviceId, uncommitted);
    const signature = JSON.stringify(facts);
    if (last?.answered && last.signature === signature) return;
    const body = { ...facts, first: !deviceAnswered };
    const text = JSON.stringify(body);
    const key = last && !last.answered && last.body === text ? last.key : `${uuidv7(now())}:unsent-report`;
    last = { signature, body: text, key, answered: false };
    try {
      await http.call(`POST ${UNSENT_REPORT_API.report}`, body, { idempotencyKey: key });
      last.answered = true;
      deviceAnswered = true;
    } catch (error) {
      // A refusal gets a new key next time; anything else (counted by the transport) is tried again with this one.
      if (error instanceof TransportError && error.kind === 'permanent') last.body = '';
    }
  };
}
