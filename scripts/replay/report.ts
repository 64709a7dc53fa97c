// What reached the server for each replayed action, read from the server's own books: the
// idempotency keys it recorded (the main call's key is the entry id, each upload's the image
// id, each follow-up's `${entry}:${step}`) and the rows the commit wrote. The verdict compares
// that with the phone's last word on the entry.
import type { OutboxDoc } from '../../src/db';
import type { Verdict } from '../../src/outbox/scenario/schema';
import type { World } from './world';

export interface KeyRow {
  key: string;
  method: string;
  path: string;
  state: string;
  response_status: number | null;
  request_hash: string;
}

export interface ActionReport {
  /** 1-based step number in the scenario. */
  step: number;
  at: string;
  kind: string;
  order: string | null;
  entryId: string | null;
  main: KeyRow | null;
  /** The images the entry sends: taken on the phone, stored by the server, stored more than once. */
  uploads: { images: number; stored: number; storedTwice: number };
  followups: KeyRow[];
  /** Other keys that committed the same body on the same path: a second submission. */
  duplicates: number;
  rows: Record<string, number | string | null>;
  phone: { status: string; attempts: number; message: string | null } | null;
  verdict: Verdict;
  expected: Verdict;
  /** The expected needs-attention text, when the scenario names one. */
  expectedMessage: string | null;
  ok: boolean;
}

export interface Report {
  description: string;
  actions: ActionReport[];
  requests: { sent: number; reached: number };
  ok: boolean;
}

export interface ActionRecord {
  step: number;
  at: string;
  kind: string;
  order: { kind: string; id: number; key: string } | null;
  entryId: string | null;
  expected: Verdict;
  expectedMessage: string | null;
  /** The intent refused it before queueing (a rule of SPEC §5, a schedule outside its window). */
  refusal: string | null;
}

const committed = (row: KeyRow | null): boolean =>
  row !== null && row.state === 'done' && (row.response_status ?? 0) >= 200 && (row.response_status ?? 0) < 300;

/** exactly-once: committed by its one key, no second body; needs-attention: not committed, waiting for the driver; lost: neither. */
export function verdictOf(a: { main: KeyRow | null; duplicates: number; rowsDuplicated: boolean; phoneStatus: string | null }): Verdict {
  if (committed(a.main)) return a.duplicates > 0 || a.rowsDuplicated ? 'duplicated' : 'exactly-once';
  if (a.phoneStatus === 'needs_attention') return 'needs-attention';
  return 'lost';
}

async function keyRows(world: World, where: string, params: unknown[]): Promise<KeyRow[]> {
  return world.server.query<KeyRow>(
    `SELECT key, method, path, state, response_status, request_hash FROM idempotency_keys WHERE account_id = $1 AND ${where} ORDER BY id`,
    [world.driver.id, ...params],
  );
}

/** The entry's images on the server: the phone's records name their stored guids; the same bytes stored twice is a repeat. */
async function uploadRows(world: World, entry: OutboxDoc | null): Promise<ActionReport['uploads']> {
  if (!entry) return { images: 0, stored: 0, storedTwice: 0 };
  const images = [...entry.attachments.photos, entry.attachments.signature, entry.attachments.check].filter((p) => p !== null).length;
  const guids = Object.values(entry.steps.uploads).map((r) => r.guid);
  if (!guids.length) return { images, stored: 0, storedTwice: 0 };
  const [row] = await world.server.query<{ stored: number; twice: number }>(
    `SELECT (SELECT count(*) FROM uploads WHERE guid = ANY($1::uuid[]))::int stored,
       (SELECT count(*) - count(DISTINCT sha256) FROM uploads
         WHERE account_id = $2 AND sha256 IN (SELECT sha256 FROM uploads WHERE guid = ANY($1::uuid[])))::int twice`,
    [guids, world.driver.id],
  );
  return { images, stored: Number(row?.stored ?? 0), storedTwice: Number(row?.twice ?? 0) };
}

async function orderRows(world: World, orderId: number, note: string | null): Promise<Record<string, number | string | null>> {
  const [row] = await world.server.query<Record<string, number | string | null>>(
    `SELECT (SELECT count(*) FROM deliveries d WHERE d.order_id = o.id)::int deliveries,
       (SELECT count(*) FROM delivery_images i JOIN deliveries d ON d.id = i.delivery_id WHERE d.order_id = o.id)::int images,
       (SELECT count(*) FROM order_payments p WHERE p.order_id = o.id)::int payments,
       (SELECT count(*) FROM order_notes n WHERE n.order_id = o.id AND n.account_id = $2 AND n.created_at >= $3)::int notes,
       (SELECT count(*) FROM order_notes n WHERE n.order_id = o.id AND n.account_id = $2 AND n.note = $4)::int this_note,
       (SELECT email FROM accounts a WHERE a.id = o.driver_id) driver,
       to_char(o.scheduled_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') scheduled
     FROM orders o WHERE o.id = $1`,
    [orderId, world.driver.id, world.startedAt, note],
  );
  if (row && note === null) delete row.this_note;
  return row ?? {};
}

async function driverRows(world: World): Promise<Record<string, number | string | null>> {
  const [row] = await world.server.query<Record<string, number | string | null>>(
    `SELECT (SELECT count(*) FROM notifications n WHERE n.account_id = $1 AND n.dismissed_at >= $2)::int dismissed`,
    [world.driver.id, world.startedAt],
  );
  return row ?? {};
}

/** A second commit shows in the rows too: two deliveries of one order, the same note twice. */
function rowsDuplicated(rows: Record<string, number | string | null>): boolean {
  return Number(rows.deliveries ?? 0) > 1 || Number(rows.this_note ?? 0) > 1;
}

const noteOf = (entry: OutboxDoc | null): string | null => (typeof entry?.payload.note === 'string' ? entry.payload.note : null);

export async function actionReport(world: World, record: ActionRecord, entry: OutboxDoc | null): Promise<ActionReport> {
  const id = record.entryId;
  const [main] = id ? await keyRows(world, 'key = $2', [id]) : [];
  const uploads = await uploadRows(world, entry);
  const followups = id ? await keyRows(world, "key LIKE $2 || ':%'", [id]) : [];
  const [dup] = main
    ? await world.server.query<{ n: number }>(
        `SELECT count(*)::int n FROM idempotency_keys WHERE path = $1 AND request_hash = $2 AND key <> $3 AND state = 'done' AND response_status BETWEEN 200 AND 299`,
        [main.path, main.request_hash, main.key],
      )
    : [];
  const rows = record.order ? await orderRows(world, record.order.id, noteOf(entry)) : await driverRows(world);
  const phone = entry ? { status: entry.status, attempts: entry.attempts, message: entry.last_error?.message ?? null } : null;
  const duplicates = Number(dup?.n ?? 0);
  const verdict = record.refusal
    ? 'lost'
    : verdictOf({ main: main ?? null, duplicates, rowsDuplicated: rowsDuplicated(rows), phoneStatus: phone?.status ?? null });
  const messageOk = verdict !== 'needs-attention' || !record.expectedMessage || (phone?.message ?? '').includes(record.expectedMessage);
  return {
    step: record.step,
    at: record.at,
    kind: record.kind,
    order: record.order ? `${record.order.key}` : null,
    entryId: id,
    main: main ?? null,
    uploads,
    followups,
    duplicates,
    rows,
    phone: phone ?? (record.refusal ? { status: 'refused before queueing', attempts: 0, message: record.refusal } : null),
    verdict,
    expected: record.expected,
    expectedMessage: record.expectedMessage,
    ok: verdict === record.expected && messageOk,
  };
}

const keyLine = (row: KeyRow) => `${row.method} ${row.path} → ${row.response_status ?? row.state}`;

/** The report as a tester reads it: each action, what reached the server, the verdict. */
export function formatReport(report: Report): string {
  const lines = [`Scenario: ${report.description}`, ''];
  for (const a of report.actions) {
    lines.push(`#${a.step} at ${a.at}  ${a.kind}${a.order ? ` ${a.order}` : ''}${a.entryId ? `  (entry ${a.entryId})` : ''}`);
    lines.push(`   main call:  ${a.main ? `${keyLine(a.main)}  key ${a.main.key}` : 'never committed'}`);
    const up = a.uploads;
    if (up.images)
      lines.push(`   uploads:    ${up.images} image(s), ${up.stored} stored on the server${up.storedTwice ? `, ${up.storedTwice} STORED TWICE` : ''}`);
    for (const f of a.followups) lines.push(`   follow-up:  ${keyLine(f)}  key …${f.key.slice(f.key.indexOf(':'))}`);
    if (a.duplicates) lines.push(`   DUPLICATES: ${a.duplicates} other key(s) committed the same body`);
    lines.push(
      `   rows:       ${Object.entries(a.rows)
        .map(([k, v]) => `${k} ${v ?? '-'}`)
        .join(', ')}`,
    );
    if (a.phone) lines.push(`   phone:      ${a.phone.status}, ${a.phone.attempts} attempt(s)${a.phone.message ? `: ${a.phone.message}` : ''}`);
    const expected = a.expected === a.verdict ? '' : ` — expected ${a.expected}`;
    const message = a.expectedMessage ? ` (message containing "${a.expectedMessage}")` : '';
    lines.push(`   verdict:    ${a.verdict}${expected}${message}  ${a.ok ? 'OK' : 'MISMATCH'}`, '');
  }
  const counts = new Map<string, number>();
  for (const a of report.actions) counts.set(a.verdict, (counts.get(a.verdict) ?? 0) + 1);
  lines.push(`Requests: ${report.requests.sent} sent by the phone, ${report.requests.reached} reached the server`);
  lines.push(
    `Overall: ${report.ok ? 'GREEN' : 'RED'} — ${report.actions.length} action(s): ${[...counts].map(([v, n]) => `${n} ${v}`).join(', ')}${report.ok ? ', each as expected' : ''}`,
  );
  return lines.join('\n');
}
