// The app's top-level screens (SPEC §2) as one table: the navigation drawer reads it, and
// nothing else lists them. Every entry has its route in App.tsx (the browser suite opens each).

export type NavLabelKey = `nav.${'orders' | 'map' | 'scheduled' | 'notifications' | 'deliveryLog' | 'settings' | 'support'}`;

export type NavIcon = 'orders' | 'map' | 'scheduled' | 'notifications' | 'deliveryLog' | 'settings' | 'support';

export interface NavEntry {
  path: string;
  /** The catalog key of its label (src/ui/i18n). */
  label: NavLabelKey;
  icon: NavIcon;
}

/** The entries the drawer shows, in order. */
export const NAV_MENU: readonly NavEntry[] = [
  { path: '/', label: 'nav.orders', icon: 'orders' },
  { path: '/map', label: 'nav.map', icon: 'map' },
  { path: '/scheduled', label: 'nav.scheduled', icon: 'scheduled' },
  { path: '/notifications', label: 'nav.notifications', icon: 'notifications' },
  { path: '/delivery-log', label: 'nav.deliveryLog', icon: 'deliveryLog' },
  { path: '/settings', label: 'nav.settings', icon: 'settings' },
  { path: '/tech-support', label: 'nav.support', icon: 'support' },
];

/** True when `pathname` is the entry's screen or one below it (/settings/edit is Settings); Home only at `/`. */
export function isCurrentEntry(entry: Pick<NavEntry, 'path'>, pathname: string): boolean {
  if (entry.path === '/') return pathname === '/';
  return pathname === entry.path || pathname.startsWith(`${entry.path}/`);
}
