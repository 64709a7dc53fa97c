// English source texts of the menu (NavDrawer, a lazy chunk: it registers them on load).
export const nav = {
  screens: 'Screens',
  orders: 'Orders',
  map: 'Map',
  scheduled: 'Scheduled',
  notifications: 'Notifications',
  deliveryLog: 'Delivery log',
  settings: 'Settings',
  support: 'Tech support',
  signedInAs: 'Signed in as {{email}}',
  syncNow: 'Sync now',
  waitingToSend: 'Waiting to send ({{count}})',
  // {{list}}: the unsent actions counted by kind, "1 delivery, 1 note" (kindCountText).
  unsentWarning_one: 'Not sent yet: {{list}}. It stays on this phone and is sent after you sign in again.',
  unsentWarning_other: 'Not sent yet: {{list}}. They stay on this phone and are sent after you sign in again.',
  offlineSignOut: 'You are offline. Signing in again needs signal: until you have it, you cannot use the app on this phone.',
  staySignedIn: 'Stay signed in',
  signOutAnyway: 'Sign out anyway',
  signOut: 'Sign out',
};
