// The three order kinds (SPEC §2, §3, §7) and everything that differs between them: the id
// field of bodies and answers, the order-list key's prefix, the address flag and screens, the
// main app's name, the server paths, the delivery collection and its pull stream, the labels.
// Code that treats the kinds differently reads this table instead of comparing kind names.
// Pure data with no imports, so every module of src/domain (and the server) may build on it.

export const ORDER_KIND_SPECS = {
  onlot: {
    /** The field naming the order in bodies and answers. */
    idField: 'onlot_inventory_order_id',
    /** The order-list key: oio-{id} (SPEC §3). */
    keyPrefix: 'oio',
    /** The address flag (SPEC §2: ?onlotInventoryOrder=true), also in main-app links' parsing. */
    addressFlag: 'onlotInventoryOrder',
    /** The camelCase id: an OrderRef's field and the order-details query. */
    idParam: 'onlotInventoryOrderId',
    /** The id query of one order's delivery details (SPEC §7's table: customer orders name it customer_order_id). */
    deliveryDetailsParam: 'onlotInventoryOrderId',
    /** The kebab-case id of the lookups' queries (email information). */
    idQuery: 'onlot-inventory-order-id',
    /** orderType of links into the main app. */
    mainAppType: 'onlot-inventory-order',
    /** SPEC §3 order_type values of this kind. */
    orderTypes: ['on-lot inventory'],
    /** The app's screens of one order (SPEC §2). */
    screens: { details: 'onlot-inventory-order-details', scheduleDetails: 'onlot-inventory-order-schedule-details' },
    /** The server's paths (DESIGN §6) of this kind's reads and schedule actions. */
    paths: {
      details: '/api/driver/onlot-inventory-order-details',
      deliveryDetails: '/api/driver/onlot-inventory-order-delivery-details',
      scheduleDetails: '/api/driver/onlot-inventory-order-schedule-details',
      schedule: '/secure/driver/schedule_my_onlot_inventory_order_delivery',
      reschedule: '/secure/driver/update_onlot_inventory_order_scheduled_date_and_time',
    },
    /** The PWADB collection of its delivery documents and that collection's pull stream (a version bump restarts it). */
    collection: 'onlot_deliveries',
    stream: 'onlot_deliveries@1',
    /**
     * The delivery takes a payment (customer orders): payment and signature rules, saved checks
     * to pick, the certificate. Without one, the delivery's times are what the rules ask.
     */
    payment: false,
    /**
     * UI text keys: the order's title ("On-lot inventory #12"), its schedule title, the details
     * card naming where it goes, and the label of the name its delivery details carry.
     */
    labels: { title: 'order.onlotOrder', scheduleTitle: 'schedule.kind_onlot', destination: 'order.delivery', namedBy: 'order.nameOnOrder' },
  },
  move: {
    idField: 'inventory_move_order_id',
    keyPrefix: 'mo',
    addressFlag: 'inventoryMoveOrder',
    idParam: 'inventoryMoveOrderId',
    deliveryDetailsParam: 'inventoryMoveOrderId',
    idQuery: 'inventory-move-order-id',
    mainAppType: 'inventory-move-order',
    orderTypes: ['move order'],
    screens: { details: 'inventory-move-order-details', scheduleDetails: 'inventory-move-order-schedule-details' },
    paths: {
      details: '/api/driver/inventory-move-order-details',
      deliveryDetails: '/api/driver/inventory-move-order-delivery-details',
      scheduleDetails: '/api/driver/inventory-move-order-schedule-details',
      schedule: '/secure/driver/schedule_my_inventory_move_order_delivery',
      reschedule: '/secure/driver/update_inventory_move_order_scheduled_date_and_time',
    },
    collection: 'move_deliveries',
    stream: 'move_deliveries@0',
    payment: false,
    labels: { title: 'order.moveOrder', scheduleTitle: 'schedule.kind_move', destination: 'order.moveTo', namedBy: 'order.dealership' },
  },
  customer: {
    idField: 'customer_order_id',
    keyPrefix: 'co',
    addressFlag: 'customerOrder',
    idParam: 'customerOrderId',
    deliveryDetailsParam: 'customer_order_id',
    idQuery: 'customer-order-id',
    mainAppType: 'customer-order',
    orderTypes: ['new build', 'off-lot inventory'],
    screens: { details: 'customer-order-details', scheduleDetails: 'customer-order-schedule-details' },
    paths: {
      details: '/api/driver/customer-order-details',
      deliveryDetails: '/api/driver/customer-order-delivery-details',
      scheduleDetails: '/api/driver/customer-order-schedule-details',
      schedule: '/secure/driver/schedule_my_customer_order_delivery',
      reschedule: '/secure/driver/update_customer_order_scheduled_date_and_time',
    },
    collection: 'customer_deliveries',
    stream: 'customer_deliveries@0',
    payment: true,
    labels: { title: 'order.customerOrder', scheduleTitle: 'schedule.kind_customer', destination: 'order.delivery', namedBy: 'order.nameOnOrder' },
  },
} as const;

export type OrderKind = keyof typeof ORDER_KIND_SPECS;
export type OrderKindSpec<K extends OrderKind = OrderKind> = (typeof ORDER_KIND_SPECS)[K];

/**
 * Every kind, in the order the worker pulls them: customer orders last, their per-order
 * prefetch (notes and saved checks) being the longest.
 */
export const ORDER_KINDS: readonly OrderKind[] = ['onlot', 'move', 'customer'];

/** SPEC §2: the address flags pick the kind in this priority (move → on-lot → customer)… */
export const ADDRESS_KIND_PRIORITY: readonly OrderKind[] = ['move', 'onlot', 'customer'];
/** …and an address with none names a customer order. */
export const ADDRESS_DEFAULT_KIND: OrderKind = 'customer';

/** The kinds whose delivery takes no payment (on-lot and move): the inventory delivery form and rules. */
export type InventoryKind = { [K in OrderKind]: OrderKindSpec<K>['payment'] extends false ? K : never }[OrderKind];

/** On-lot and move orders: delivered without a payment, on the inventory form and rules. */
export function isInventoryKind(kind: OrderKind): kind is InventoryKind {
  return !ORDER_KIND_SPECS[kind].payment;
}

export function orderKindSpec<K extends OrderKind>(kind: K): OrderKindSpec<K> {
  return ORDER_KIND_SPECS[kind];
}

/** One value per kind, read off each kind's spec: `byKind((spec) => spec.idField)`. */
export function byKind<T>(pick: (spec: OrderKindSpec, kind: OrderKind) => T): Record<OrderKind, T> {
  return Object.fromEntries(ORDER_KINDS.map((kind) => [kind, pick(ORDER_KIND_SPECS[kind], kind)])) as Record<OrderKind, T>;
}

/** The kind whose spec `test` accepts (key prefix, address flag, screen, order type), or null. */
export function kindWhere(test: (spec: OrderKindSpec) => boolean): OrderKind | null {
  return ORDER_KINDS.find((kind) => test(ORDER_KIND_SPECS[kind])) ?? null;
}

/** The id fields an answer or a body carries: the one of its kind holds the id. */
export type OrderIdFieldValues = Partial<Record<OrderKindSpec['idField'], number | null | undefined>>;

/** Which order a row or body names by its id fields (the first kind whose field holds an id), or null. */
export function orderRefOfFields(fields: OrderIdFieldValues): { kind: OrderKind; id: number } | null {
  for (const kind of ORDER_KINDS) {
    const id = fields[ORDER_KIND_SPECS[kind].idField];
    if (typeof id === 'number') return { kind, id };
  }
  return null;
}
