// What a sync run pulls, as one version (issue 24): a phone with nothing new asks this alone
// and gets 304 with no body, instead of ten reads every 30 s. The version is a digest of the
// answers the run's reads would give now, computed with the same services, so it moves with
// anything they show (a time window such as "dismissed in the last 30 days" included):
// - the order map (every live order of the driver with its updated_at, the company's dealers and
//   shops, the basemap's style): a new, changed or departed order moves it, and with it the checkpointed streams
//   (order list, delivery details, notes, saved checks), which move only with an order's updated_at;
// - the schedule list, the notifications, the company's contact and drivers, the feature flags
//   of the environment the phone names.
import { createHash } from 'node:crypto';
import type { FeatureFlagEnvironment, SyncVersion, TokenClaims } from '../../src/domain';
import type { Executor } from '../db/client';
import { companyContact } from './companyContact';
import { companyDrivers, featureFlags } from './companyReads';
import { listNotifications } from './notifications';
import { orderMap, scheduleList } from './orderMap';

export async function syncVersion(
  db: Executor,
  auth: TokenClaims,
  environment: FeatureFlagEnvironment,
  basemap: { styleUrl: string | null },
): Promise<SyncVersion> {
  const answers = [
    await orderMap(db, auth, basemap),
    await scheduleList(db, auth),
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
