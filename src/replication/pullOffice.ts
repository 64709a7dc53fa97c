import { PROFILE_API } from '../domain';
import { CACHE_KEYS } from '../db';
import type { PullContext } from './pull';
import { isConnectivity } from './fetchReport';
import { pullSnapshot } from './pullSnapshots';

// What the office tells the driver and how to reach it, kept as `cache` snapshots so the
// notifications and tech-support screens open offline from the last copy.

/** Both tabs of /notifications (active and recently dismissed), newest first. */
export async function pullNotifications(ctx: PullContext): Promise<void> {
  await pullSnapshot(ctx, CACHE_KEYS.notifications, `GET ${PROFILE_API.notifications}`);
}

/**
 * The company's phone and email for tech support. SPEC §8 names no failure text for it, so a
 * failure is logged and keeps the last copy; connectivity still ends the run as usual.
 */
export async function pullCompanyContact(ctx: PullContext): Promise<void> {
  try {
    await pullSnapshot(ctx, CACHE_KEYS.companyContact, `GET ${PROFILE_API.companyContact}`);
  } catch (error) {
    if (isConnectivity(error)) throw error;
    ctx.log?.('pull: company contact failed', error);
  }
}
