// The sandbox processor's books (0004, 0013): card tokens, saved card profiles, bank (ACH)
// accounts and the transactions, every row scoped by company. The processor's rules are
// services/payments/sandbox.ts; who may use a row is repositories/paymentAccess.ts.
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { achAccounts, cardProfiles, cardTokens, paymentTransactions, type PaymentKindColumn } from '../db/schemaPayments';

export type {
  PaymentKindColumn,
  PaymentMethodColumn,
  PaymentStatusColumn,
  SandboxOutcome,
} from '../db/schemaPayments';

export type TxnRow = typeof paymentTransactions.$inferSelect;
export type NewTxnRow = Omit<typeof paymentTransactions.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type CardTokenRow = typeof cardTokens.$inferSelect;
export type CardProfileRow = typeof cardProfiles.$inferSelect;
export type AchAccountRow = typeof achAccounts.$inferSelect;

export async function insertCardToken(ex: Executor, row: typeof cardTokens.$inferInsert): Promise<void> {
  await ex.insert(cardTokens).values(row);
}

export async function findCardToken(ex: Executor, companyId: number, token: string): Promise<CardTokenRow | undefined> {
  const [row] = await ex
    .select()
    .from(cardTokens)
    .where(and(eq(cardTokens.token, token), eq(cardTokens.companyId, companyId)));
  return row;
}

/** Saves a profile; `keepExisting`: a profile already saved under this id stays as it was. */
export async function insertCardProfile(ex: Executor, row: typeof cardProfiles.$inferInsert, keepExisting = false): Promise<void> {
  const insert = ex.insert(cardProfiles).values(row);
  await (keepExisting ? insert.onConflictDoNothing({ target: cardProfiles.profileId }) : insert);
}

/** The company's profile with its card token. */
export async function findProfileWithToken(ex: Executor, companyId: number, profileId: string): Promise<{ p: CardProfileRow; t: CardTokenRow } | undefined> {
  const [row] = await ex
    .select({ p: cardProfiles, t: cardTokens })
    .from(cardProfiles)
    .innerJoin(cardTokens, eq(cardTokens.token, cardProfiles.token))
    .where(and(eq(cardProfiles.profileId, profileId), eq(cardProfiles.companyId, companyId)));
  return row;
}

export async function insertTransaction(ex: Executor, row: NewTxnRow): Promise<TxnRow> {
  const [inserted] = await ex.insert(paymentTransactions).values(row).returning();
  if (!inserted) throw new Error('payment_transactions insert returned nothing');
  return inserted;
}

/** The company's transaction with this retref of one of these kinds (and method), row-locked in the caller's transaction. */
export async function lockTransaction(
  ex: Executor,
  companyId: number,
  retref: string,
  kinds: PaymentKindColumn[],
  method?: TxnRow['method'],
): Promise<TxnRow | undefined> {
  const [row] = await ex
    .select()
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.retref, retref),
        eq(paymentTransactions.companyId, companyId),
        method === undefined ? undefined : eq(paymentTransactions.method, method),
        inArray(paymentTransactions.kind, kinds),
      ),
    )
    .for('update');
  return row;
}

export async function updateTransaction(
  ex: Executor,
  id: number,
  change: Partial<Pick<TxnRow, 'status' | 'capturedCents' | 'refundedCents' | 'updatedAt'>>,
): Promise<TxnRow | undefined> {
  const [updated] = await ex.update(paymentTransactions).set(change).where(eq(paymentTransactions.id, id)).returning();
  return updated;
}

export async function insertAchAccount(ex: Executor, row: typeof achAccounts.$inferInsert): Promise<void> {
  await ex.insert(achAccounts).values(row);
}

export async function findAchAccount(ex: Executor, companyId: number, token: string): Promise<AchAccountRow | undefined> {
  const [row] = await ex
    .select()
    .from(achAccounts)
    .where(and(eq(achAccounts.token, token), eq(achAccounts.companyId, companyId)));
  return row;
}
