// The app's top-level screens (SPEC §2) as one table: the navigation drawer reads it, and
// nothing else lists them. Every entry has its route in App.tsx (the browser suite opens each).

export type NavIcon = 'orders' | 'map' | 'scheduled' | 'notifications' | 'deliveryLog' | 'settings' | 'support';

export interface NavEntry {
  path: string;
  label: string;
  icon: NavIcon;
}

/** The entries the drawer shows, in order. */
export const NAV_MENU: readonly NavEntry[] = [
  { path: '/', label: 'Orders', icon: 'orders' },
  { path: '/map', label: 'Map', icon: 'map' },
  { path: '/scheduled', label: 'Scheduled', icon: 'scheduled' },
  { path: '/notifications', label: 'Notifications', icon: 'notifications' },
  { path: '/delivery-log', label: 'Delivery log', icon: 'deliveryLog' },
  { path: '/settings', label: 'Settings', icon: 'settings' },
  { path: '/tech-support', label: 'Tech support', icon: 'support' },
];

/** True when `pathname` is the entry's screen or one below it (/settings/edit is Settings); Home only at `/`. */
export function isCurrentEntry(entry: Pick<NavEntry, 'path'>, pathname: string): boolean {
  if (entry.path === '/') return pathname === '/';
  return pathname === entry.path || pathname.startsWith(`${entry.path}/`);
}
