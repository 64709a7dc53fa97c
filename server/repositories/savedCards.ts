// customer_saved_cards writes (0002): a card the driver authorized for an order joins the
// order's card list (the reads are repositories/customerOrders.ts).
import type { Tx } from '../db/client';
import { customerSavedCards } from '../db/schema';

export type NewSavedCard = Omit<typeof customerSavedCards.$inferInsert, 'id'>;

export async function insertSavedCard(tx: Tx, card: NewSavedCard): Promise<void> {
  await tx.insert(customerSavedCards).values(card);
}
