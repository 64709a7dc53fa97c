// customer_saved_cards (0002) as the payments area uses it: a card the driver authorized for an
// order joins the order's card list, and the processor adopts a listed card on first use (the
// orders area's reads are repositories/customerOrders.ts).
import { and, eq } from 'drizzle-orm';
import type { Executor, Tx } from '../db/client';
import { customerSavedCards } from '../db/schema';

export type NewSavedCard = Omit<typeof customerSavedCards.$inferInsert, 'id'>;
export type ListedCardRow = typeof customerSavedCards.$inferSelect;

export async function insertSavedCard(tx: Tx, card: NewSavedCard): Promise<void> {
  await tx.insert(customerSavedCards).values(card);
}

/** A card one of the company's orders lists under this profile id, if any. */
export async function listedCardByProfile(ex: Executor, companyId: number, profileId: string): Promise<ListedCardRow | undefined> {
  const [row] = await ex
    .select()
    .from(customerSavedCards)
    .where(and(eq(customerSavedCards.cardProfileId, profileId), eq(customerSavedCards.companyId, companyId)))
    .limit(1);
  return row;
}
