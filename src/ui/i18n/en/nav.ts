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
  unsentWarning_one: '1 delivery has not been sent yet. They stay on this device and are sent after you sign in again.',
  unsentWarning_other: '{{count}} deliveries have not been sent yet. They stay on this device and are sent after you sign in again.',
  signOutAnyway: 'Sign out anyway',
  signOut: 'Sign out',
};
