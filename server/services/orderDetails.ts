// Order details and delivery details of the three kinds (SPEC §3, §7): one of the caller's
// orders by id, or the delivery details as a checkpoint pull of the caller's orders (DESIGN §6).
import type {
  CustomerDeliveryDetails,
  CustomerOrderDetails,
  MoveDeliveryDetails,
  MoveOrderDetails,
  OnlotDeliveryDetails,
  OnlotOrderDetailsWithNotes,
  OrderKind,
  PullResponse,
  TokenClaims,
} from '../../src/domain';
import type { Db, Executor } from '../db/client';
import { billingOf } from '../repositories/customerOrders';
import { requireOrder } from './access';
import { pullOrders, type DecodedPull, type DocumentMaker } from './orderPull';
import { notesOf, toCustomerDeliveryDetails } from './orderReads';
import { coordinatesOf, customerNameOf, orderCoreOf, toMoveDeliveryDetails, toOnlotDeliveryDetails, toOnlotOrderDetails } from './orderViews';

export async function onlotOrderDetails(db: Executor, auth: TokenClaims, id: number): Promise<OnlotOrderDetailsWithNotes> {
  const row = await requireOrder(db, auth, { kind: 'onlot', id });
  const notes = await notesOf(db, auth.company_id, [row]);
  return { ...toOnlotOrderDetails(row), notes: notes.get(row.id) ?? [] };
}

export async function customerOrderDetails(db: Executor, auth: TokenClaims, id: number): Promise<CustomerOrderDetails> {
  const row = await requireOrder(db, auth, { kind: 'customer', id });
  const billing = await billingOf(db, auth.company_id, row.id);
  const notes = await notesOf(db, auth.company_id, [row]);
  return {
    ...orderCoreOf(row),
    customer_order_id: row.id,
    order_type: row.orderType === 'off-lot inventory' ? 'off-lot inventory' : 'new build',
    is_rto: billing?.isRto ?? false,
    customer: { first_name: row.customerFirstName, last_name: row.customerLastName, phone: row.customerPhone, email: row.customerEmail },
    name_on_order: billing?.nameOnOrder ?? customerNameOf(row) ?? row.dealerName,
    delivery_address: row.deliveryAddress,
    delivery_address_coordinates: coordinatesOf(row),
    remaining_balance: billing?.remainingBalance ?? '0.00',
    notes: notes.get(row.id) ?? [],
  };
}

export async function moveOrderDetails(db: Executor, auth: TokenClaims, id: number): Promise<MoveOrderDetails> {
  const row = await requireOrder(db, auth, { kind: 'move', id });
  const notes = await notesOf(db, auth.company_id, [row]);
  return {
    ...orderCoreOf(row), // dealer: the destination
    inventory_move_order_id: row.id,
    order_type: 'move order',
    notes: notes.get(row.id) ?? [],
  };
}

/** The delivery details document of each kind. */
export interface DeliveryDetailsOf {
  customer: CustomerDeliveryDetails;
  onlot: OnlotDeliveryDetails;
  move: MoveDeliveryDetails;
}

/** How each kind makes its documents: inventory from the order row, customer per page (billing, cards, survey…). */
function documentsOf<K extends OrderKind>(db: Executor, auth: TokenClaims, kind: K): DocumentMaker<DeliveryDetailsOf[K]> {
  const makers: { [P in OrderKind]: DocumentMaker<DeliveryDetailsOf[P]> } = {
    customer: { toDocuments: (rows) => toCustomerDeliveryDetails(db, auth.company_id, rows) },
    onlot: { toDocument: toOnlotDeliveryDetails },
    move: { toDocument: toMoveDeliveryDetails },
  };
  return makers[kind];
}

/** The delivery details of one of the caller's orders of this kind; 404 for anything else. */
export async function deliveryDetails<K extends OrderKind>(db: Executor, auth: TokenClaims, kind: K, id: number): Promise<DeliveryDetailsOf[K]> {
  const row = await requireOrder(db, auth, { kind, id });
  const maker = documentsOf(db, auth, kind);
  const [details] = 'toDocuments' in maker ? await maker.toDocuments([row]) : [maker.toDocument(row)];
  if (details === undefined) throw new Error('delivery details made no document');
  return details;
}

/** A page of the delivery details of the caller's orders of this kind. */
export function pullDeliveryDetails<K extends OrderKind>(
  db: Db,
  auth: TokenClaims,
  kind: K,
  pull: DecodedPull,
  serialized: boolean,
): Promise<PullResponse<DeliveryDetailsOf[K]>> {
  return pullOrders(db, auth, { kind, pull, serialized, ...documentsOf(db, auth, kind) });
}
