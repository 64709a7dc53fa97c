// The app's top-level screens (SPEC §2) as one table: the navigation drawer reads it, and
// nothing else lists them. An entry whose screen is not built yet stays here with
// `available: false` and is not shown, so the menu never leads to a dead end; when its
// route is added to App.tsx, flip the flag in the same change.

export type NavIcon = 'orders' | 'map' | 'scheduled' | 'notifications' | 'deliveryLog' | 'settings' | 'support';

export interface NavEntry {
  path: string;
  label: string;
  icon: NavIcon;
  /** false: the screen has no route yet; the entry is hidden. */
  available: boolean;
}

export const NAV_ENTRIES: readonly NavEntry[] = [
  { path: '/', label: 'Orders', icon: 'orders', available: true },
  // /map and /scheduled are being built on their own branches; they exist once this merges.
  { path: '/map', label: 'Map', icon: 'map', available: true },
  { path: '/scheduled', label: 'Scheduled', icon: 'scheduled', available: true },
  // A later issue builds these (SPEC §2 driver screens).
  { path: '/notifications', label: 'Notifications', icon: 'notifications', available: false },
  { path: '/delivery-log', label: 'Delivery log', icon: 'deliveryLog', available: true },
  { path: '/settings', label: 'Settings', icon: 'settings', available: true },
  { path: '/tech-support', label: 'Tech support', icon: 'support', available: false },
];

/** The entries the drawer shows, in order. */
export const NAV_MENU: readonly NavEntry[] = NAV_ENTRIES.filter((entry) => entry.available);

/** True when `pathname` is the entry's screen or one below it (/settings/edit is Settings); Home only at `/`. */
export function isCurrentEntry(entry: Pick<NavEntry, 'path'>, pathname: string): boolean {
  if (entry.path === '/') return pathname === '/';
  return pathname === entry.path || pathname.startsWith(`${entry.path}/`);
}
