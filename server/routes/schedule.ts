// Driver actions of SPEC §7 under /secure/driver/: schedule, reschedule (three kinds each),
// unschedule, reassign and notes. The registrar checks the body against the table; each
// action's work and its Idempotency-Key record commit in one transaction (DESIGN §6).
import { IDEMPOTENCY_HEADER, ORDER_API, orderRefOfBody, scheduledAtActionMs, scheduledDateProblem, type EndpointKey } from '../../src/domain';
import { clockMs } from '../clock';
import { invalid } from '../http/errors';
import { committed, route, type RouteInput } from '../http/registrar';
import { changeSchedule, createOrderNote, reassignDriver } from '../services/scheduling';

/** The scheduled date as a Date, refused when far outside the window at the driver's action. */
function scheduleAt(iso: string, idempotencyKey: string | string[] | undefined): Date {
  const problem = scheduledDateProblem(iso, scheduledAtActionMs(typeof idempotencyKey === 'string' ? idempotencyKey : undefined, clockMs()));
  if (problem) throw invalid(problem);
  return new Date(iso);
}

type ScheduleBody = { scheduled_date: string } & ({ customer_order_id: number } | { onlot_inventory_order_id: number } | { inventory_move_order_id: number });

/** Schedule or reschedule, the same for the three kinds (the body names which order). */
const scheduling = (action: 'schedule' | 'reschedule') => (input: Omit<RouteInput<EndpointKey>, 'body'> & { body: ScheduleBody }) =>
  committed(input, (tx) =>
    changeSchedule(tx, input.auth, orderRefOfBody(input.body), {
      action,
      at: scheduleAt(input.body.scheduled_date, input.request.headers[IDEMPOTENCY_HEADER]),
    }),
  );

export const SCHEDULE_ROUTES = [
  route(`POST ${ORDER_API.scheduleCustomer}`, scheduling('schedule')),
  route(`POST ${ORDER_API.scheduleOnlot}`, scheduling('schedule')),
  route(`POST ${ORDER_API.scheduleMove}`, scheduling('schedule')),
  route(`POST ${ORDER_API.rescheduleCustomer}`, scheduling('reschedule')),
  route(`POST ${ORDER_API.rescheduleOnlot}`, scheduling('reschedule')),
  route(`POST ${ORDER_API.rescheduleMove}`, scheduling('reschedule')),
  route(`POST ${ORDER_API.unschedule}`, (input) =>
    committed(input, (tx) => changeSchedule(tx, input.auth, orderRefOfBody(input.body), { action: 'unschedule' })),
  ),
  route(`POST ${ORDER_API.reassignDriver}`, (input) =>
    committed(input, (tx) => reassignDriver(tx, input.auth, orderRefOfBody(input.body), input.body.driver_id)),
  ),
  route(`POST ${ORDER_API.createOrderNote}`, (input) => committed(input, (tx) => createOrderNote(tx, input.auth, orderRefOfBody(input.body), input.body.note))),
];
