// What a customer-order delivery writes beside the delivery row (0003, 0016): the payment, the
// customer part (call, signature, balances), the survey answers and the happy-list results.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor, Tx } from '../db/client';
import { customerDeliveries, deliveryHappyListResults, deliverySurveyAnswers, orderPayments } from '../db/schema';

export type NewPayment = typeof orderPayments.$inferInsert;
export type NewCustomerDelivery = typeof customerDeliveries.$inferInsert;
export type NewHappyListResult = Omit<typeof deliveryHappyListResults.$inferInsert, 'deliveryId' | 'companyId'>;
export type { PaymentSource } from '../db/schema';

export async function insertPayment(tx: Tx, payment: NewPayment): Promise<void> {
  await tx.insert(orderPayments).values(payment);
}

export async function insertCustomerDelivery(tx: Tx, delivery: NewCustomerDelivery): Promise<void> {
  await tx.insert(customerDeliveries).values(delivery);
}

export async function insertSurveyAnswers(tx: Tx, deliveryId: number, answers: readonly { questionId: number; answer: string }[]): Promise<void> {
  if (answers.length === 0) return;
  await tx.insert(deliverySurveyAnswers).values(answers.map((a) => ({ deliveryId, ...a })));
}

export async function insertHappyListResults(tx: Tx, deliveryId: number, companyId: number, results: readonly NewHappyListResult[]): Promise<void> {
  if (results.length === 0) return;
  await tx.insert(deliveryHappyListResults).values(results.map((r) => ({ deliveryId, companyId, ...r })));
}

export type HappyListResultRow = typeof deliveryHappyListResults.$inferSelect;

/** The happy-list results of these deliveries of the company, each delivery's in list order. */
export function happyListResultsOf(db: Executor, companyId: number, deliveryIds: readonly number[]): Promise<HappyListResultRow[]> {
  if (deliveryIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(deliveryHappyListResults)
    .where(and(eq(deliveryHappyListResults.companyId, companyId), inArray(deliveryHappyListResults.deliveryId, [...deliveryIds])))
    .orderBy(asc(deliveryHappyListResults.deliveryId), asc(deliveryHappyListResults.position));
}
