import { clockIso } from '../clock';
import { environmentOf, featureFlagEnvironment, ORDER_API, PAYMENTS_V2_FLAG, PROFILE_API, type FeatureFlagsSnapshot } from '../domain';
import { CACHE_KEYS, writeCache } from '../db';
import type { PullContext } from './pull';
import { isConnectivity } from './fetchReport';
import { storeSnapshot } from './pullSnapshots';

// What the office tells the driver and how to reach it, kept as `cache` snapshots so the
// notifications and tech-support screens open offline from the last copy.

/** Both tabs of /notifications (active and recently dismissed), newest first. */
export async function pullNotifications(ctx: PullContext): Promise<void> {
  await storeSnapshot(ctx, CACHE_KEYS.notifications, await ctx.http.read(`GET ${PROFILE_API.notifications}`));
}

/**
 * The company's phone and email for tech support. SPEC §8 names no failure text for it, so a
 * failure is logged and keeps the last copy (false); connectivity still ends the run as usual.
 */
export async function pullCompanyContact(ctx: PullContext): Promise<boolean> {
  try {
    await storeSnapshot(ctx, CACHE_KEYS.companyContact, await ctx.http.read(`GET ${PROFILE_API.companyContact}`));
    return true;
  } catch (error) {
    if (isConnectivity(error)) throw error;
    ctx.log?.('pull: company contact failed', error);
    return false;
  }
}

/** The flags the app asks about (SPEC §6 names one). */
export const APP_FLAGS = [PAYMENTS_V2_FLAG] as const;

/**
 * SPEC §7 check-feature-flag for each flag the app knows, with the SPEC §9 environment of the
 * host the app is served on (production, master or branch), kept as the `feature-flags`
 * snapshot (tech support shows it). A failure is logged and keeps the last copy (false).
 */
export async function pullFeatureFlags(ctx: PullContext): Promise<boolean> {
  const environment = featureFlagEnvironment(environmentOf(ctx.appHost ?? 'localhost'));
  try {
    const flags: Record<string, boolean> = {};
    for (const flag of APP_FLAGS) {
      const check = await ctx.http.read(`GET ${ORDER_API.checkFeatureFlag}`, { environment }, { params: { flag } });
      flags[flag] = check.turned_on;
    }
    const snapshot: FeatureFlagsSnapshot = { environment, flags };
    await writeCache(ctx.db, ctx.session, CACHE_KEYS.featureFlags, snapshot, clockIso());
    return true;
  } catch (error) {
    if (isConnectivity(error)) throw error;
    ctx.log?.('pull: feature flags failed', error);
    return false;
  }
}
