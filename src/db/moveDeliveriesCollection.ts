import type { RxCollection } from 'rxdb';
import type { MoveDeliveryDetails } from '../domain';
import { deliveryDocSchema, draftCommonProperties, type DeliveryDoc } from './deliveryDoc';
import type { InventoryDraft } from './onlotDeliveriesCollection';

/** `move_deliveries`: inventory move order delivery details beside the driver's draft. */
export type MoveDeliveryDoc = DeliveryDoc<MoveDeliveryDetails, InventoryDraft>;

export const moveDeliveriesSchema = deliveryDocSchema<MoveDeliveryDetails, InventoryDraft>('move_deliveries', 0, draftCommonProperties);

// Version 0: no migrations yet. A schema change bumps `version` and adds a strategy here.
export const moveDeliveriesMigrations = {};

export type MoveDeliveriesCollection = RxCollection<MoveDeliveryDoc>;
