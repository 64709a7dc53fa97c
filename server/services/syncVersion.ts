// What a sync run pulls, as one version (issue 24): a phone with nothing new asks this alone
// and gets 304 with no body, instead of ten reads every 30 s. The version is a digest of what
// the run's reads would answer now, so it moves with anything they show (a time window such as
// "dismissed in the last 30 days" included):
// - the driver's live orders as a set of (id, updated_at) (repositories/orders.ts
//   callersLiveOrdersDigest): a new, changed or departed order moves it, and with it the order
//   map, the schedule list and the checkpointed streams (order list, delivery details, notes,
//   saved checks), which move only with an order's updated_at; and what the order map joins to
//   them: the company's dealers and shops, the basemap's style. Not the order map's answer
//   itself: at 10,000 orders building it took ~0.9 s of the server on every run (and PGlite
//   serves one query at a time, so the list's first page waited behind it);
// - the notifications, the company's contact and drivers, the feature flags of the environment
//   the phone names: their answers, which are small.
import { createHash } from 'node:crypto';
import type { FeatureFlagEnvironment, SyncVersion, TokenClaims } from '../../src/domain';
import type { Executor } from '../db/client';
import { dealersOf, shopsOf } from '../repositories/companyReads';
import { callersLiveOrdersDigest } from '../repositories/orders';
import { companyContact } from './companyContact';
import { companyDrivers, featureFlags } from './companyReads';
import { listNotifications } from './notifications';

export async function syncVersion(
  db: Executor,
  auth: TokenClaims,
  environment: FeatureFlagEnvironment,
  basemap: { styleUrl: string | null },
): Promise<SyncVersion> {
  const answers = [
    await callersLiveOrdersDigest(db, auth),
    await dealersOf(db, auth.company_id),
    await shopsOf(db, auth.company_id),
    basemap.styleUrl,
    await listNotifications(db, auth),
    await companyContact(db, auth),
    await companyDrivers(db, auth),
    await featureFlags(db, auth, environment),
  ];
  // 128 bits: a collision would hide a change from one phone until the next one.
  return { version: createHash('sha256').update(JSON.stringify(answers)).digest('base64url').slice(0, 22) };
}

/** True when an If-None-Match header names this version's ETag (`"v"`, `W/"v"`, a list, or `*`). */
export function matchesETag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}
