import type { RxCollection } from 'rxdb';
import type * as v from 'valibot';
import { MoveDeliveryDetailsSchema } from '../domain';
import { deliveryDocShape, DraftCommonEntries } from './deliveryDoc';

/** `move_deliveries`: inventory move order delivery details beside the driver's draft. */
const moveDeliveries = deliveryDocShape('move_deliveries', 0, { server: MoveDeliveryDetailsSchema, draft: DraftCommonEntries, extra: {} });
export type MoveDeliveryDoc = v.InferOutput<typeof moveDeliveries.document>;
export const moveDeliveriesSchema = moveDeliveries.schema;

// Version 0: no migrations yet. A schema change bumps `version` and adds a strategy here.
export const moveDeliveriesMigrations = {};

export type MoveDeliveriesCollection = RxCollection<MoveDeliveryDoc>;
