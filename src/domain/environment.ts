// SPEC §9 environment naming, from the address the app is served on and (for builds) the
// branch name. Pure: callers pass location.hostname or the branch.
import type { FeatureFlagEnvironment } from './orderReads';

export type EnvironmentName = 'Production' | 'Master' | 'Development';

/**
 * The environment of a host (or a branch name): a first label `driver-app` is Production,
 * `master` is Master, anything else Development; and a host whose last label is `com` is
 * production whatever its first label (e.g. driver.summitsheds.com).
 */
export function environmentOf(hostOrBranch: string): EnvironmentName {
  const labels = hostOrBranch.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '').split('.');
  if (labels.length > 1 && labels.at(-1) === 'com') return 'Production';
  const first = labels[0] ?? '';
  if (first === 'driver-app') return 'Production';
  if (first === 'master') return 'Master';
  return 'Development';
}

/** The `environment` query of feature-flag calls (SPEC §7: production, master or branch). */
export function featureFlagEnvironment(name: EnvironmentName): FeatureFlagEnvironment {
  return name === 'Production' ? 'production' : name === 'Master' ? 'master' : 'branch';
}
