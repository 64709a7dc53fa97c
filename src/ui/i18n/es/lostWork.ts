import type { Catalog } from '../en';

export const lostWork: Catalog['lostWork'] = {
  label: 'Trabajo que nunca llegó a la oficina',
  title_one: '{{count}} acción nunca llegó a la oficina',
  title_other: '{{count}} acciones nunca llegaron a la oficina',
  why: 'Se borró la app en un teléfono que usó (el teléfono o el navegador eliminó sus datos guardados), o cambió de teléfono. La última vez que ese teléfono informó, el {{when}}, aún tenía estas sin enviar:',
  entry: '{{action}} — {{order}}',
  noOrder: 'no es de un pedido',
  orderId: 'pedido n.º {{id}}',
  unlisted_one: 'y {{count}} acción más',
  unlisted_other: 'y {{count}} acciones más',
  officeTold: 'Ya se avisó a la oficina.',
  tellOffice: 'Avise a la oficina, por favor.',
  redo: 'Vuelva a hacerlas si aún hacen falta. Si todavía tiene ese teléfono y la app allí aún las muestra, ábrala primero con señal: se enviarán desde allí.',
  close: 'Entendido',
};
