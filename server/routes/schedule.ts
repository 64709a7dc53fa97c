// Driver actions of SPEC §7 under /secure/driver/: schedule, reschedule (three kinds each),
// unschedule, reassign and notes. Shape first (strict bodies, 400 naming the field), then
// the work and its Idempotency-Key record in one transaction (DESIGN §6).
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import {
  ORDER_API, orderRefOfBody, requestSchemaOf, scheduledDateProblem,
  type OrderKind, type TokenClaims,
  issuesMessage,
} from '../../src/domain';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { authOf } from '../http/auth';
import { HttpError, invalid } from '../http/errors';
import { canonicalJson, requestHash, runIdempotent } from '../services/idempotency';
import { changeSchedule, createOrderNote, reassignDriver } from '../services/scheduling';

/** One POST action: shape check, then `run` in a transaction committed with its key record. */
function action<S extends v.GenericSchema>(
  app: FastifyInstance, ctx: AppContext, path: string, schema: S,
  run: (tx: Tx, auth: TokenClaims, body: v.InferOutput<S>) => Promise<unknown>,
): void {
  app.post(path, async (request, reply) => {
    const auth = authOf(request);
    const parsed = v.safeParse(schema, request.body);
    if (!parsed.success) throw new HttpError(400, 'InvalidRequest', issuesMessage(parsed.issues));
    return runIdempotent({
      db: ctx.db, request, reply, auth,
      hash: () => requestHash('POST', path, canonicalJson(request.body)),
      work: async (complete) => {
        const body = await ctx.db.transaction(async (tx) => {
          const out = await run(tx, auth, parsed.output);
          await complete(tx, 200, out);
          return out;
        });
        return { status: 200, body };
      },
    });
  });
}

/** The scheduled date as a Date, refused when far outside the scheduling window. */
function scheduleAt(iso: string): Date {
  const problem = scheduledDateProblem(iso, Date.now());
  if (problem) throw invalid(problem);
  return new Date(iso);
}

type ScheduleBody = { scheduled_date: string } & (
  { customer_order_id: number } | { onlot_inventory_order_id: number } | { inventory_move_order_id: number });

const KINDS: { kind: OrderKind; schema: v.GenericSchema<unknown, ScheduleBody>; schedule: string; reschedule: string }[] = [
  { kind: 'customer', schema: requestSchemaOf(`POST ${ORDER_API.scheduleCustomer}`, 'bodySchema'), schedule: ORDER_API.scheduleCustomer, reschedule: ORDER_API.rescheduleCustomer },
  { kind: 'onlot', schema: requestSchemaOf(`POST ${ORDER_API.scheduleOnlot}`, 'bodySchema'), schedule: ORDER_API.scheduleOnlot, reschedule: ORDER_API.rescheduleOnlot },
  { kind: 'move', schema: requestSchemaOf(`POST ${ORDER_API.scheduleMove}`, 'bodySchema'), schedule: ORDER_API.scheduleMove, reschedule: ORDER_API.rescheduleMove },
];

export function scheduleRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const { schema, schedule, reschedule } of KINDS) {
    action(app, ctx, schedule, schema,
      (tx, auth, body) => changeSchedule(tx, auth, orderRefOfBody(body), { action: 'schedule', at: scheduleAt(body.scheduled_date) }));
    action(app, ctx, reschedule, schema,
      (tx, auth, body) => changeSchedule(tx, auth, orderRefOfBody(body), { action: 'reschedule', at: scheduleAt(body.scheduled_date) }));
  }
  action(app, ctx, ORDER_API.unschedule, requestSchemaOf(`POST ${ORDER_API.unschedule}`, 'bodySchema'),
    (tx, auth, body) => changeSchedule(tx, auth, orderRefOfBody(body), { action: 'unschedule' }));
  action(app, ctx, ORDER_API.reassignDriver, requestSchemaOf(`POST ${ORDER_API.reassignDriver}`, 'bodySchema'),
    (tx, auth, body) => reassignDriver(tx, auth, orderRefOfBody(body), body.driver_id));
  action(app, ctx, ORDER_API.createOrderNote, requestSchemaOf(`POST ${ORDER_API.createOrderNote}`, 'bodySchema'),
    (tx, auth, body) => createOrderNote(tx, auth, orderRefOfBody(body), body.note));
}
