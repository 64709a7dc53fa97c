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
  unsentWarning_one: '1 entrega aún no se ha enviado. Se queda en este teléfono y se envía cuando vuelva a iniciar sesión.',
  unsentWarning_other: '{{count}} entregas aún no se han enviado. Se quedan en este teléfono y se envían cuando vuelva a iniciar sesión.',
  signOutAnyway: 'Cerrar sesión de todos modos',
  signOut: 'Cerrar sesión',
};
