// What a customer-order delivery writes beside the delivery row (0003): the payment, the
// customer part (call, signature, balances) and the survey answers.
import type { Tx } from '../db/client';
import { customerDeliveries, deliverySurveyAnswers, orderPayments } from '../db/schema';

export type NewPayment = typeof orderPayments.$inferInsert;
export type NewCustomerDelivery = typeof customerDeliveries.$inferInsert;
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
