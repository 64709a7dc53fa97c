import type { Catalog } from '../en';

export const nav: Catalog['nav'] = {
  screens: 'Pantallas',
  orders: 'Pedidos',
  map: 'Mapa',
  scheduled: 'Programados',
  notifications: 'Notificaciones',
  deliveryLog: 'Registro de entregas',
  settings: 'Ajustes',
  support: 'Soporte técnico',
  signedInAs: 'Sesión iniciada como {{email}}',
  syncNow: 'Sincronizar ahora',
  waitingToSend: 'Por enviar ({{count}})',
  unsentWarning_one: 'Aún sin enviar: {{list}}. Se queda en este teléfono y se envía cuando vuelva a iniciar sesión.',
  unsentWarning_other: 'Aún sin enviar: {{list}}. Se quedan en este teléfono y se envían cuando vuelva a iniciar sesión.',
  offlineSignOut: 'Está sin conexión. Para volver a iniciar sesión necesita señal: hasta que la tenga, no podrá usar la app en este teléfono.',
  staySignedIn: 'Seguir con la sesión iniciada',
  signOutAnyway: 'Cerrar sesión de todos modos',
  signOut: 'Cerrar sesión',
};
