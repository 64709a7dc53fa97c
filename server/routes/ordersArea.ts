// The orders area (order list, order details, delivery details, map, schedule, saved checks,
// drivers, feature flags, scheduling actions): one list for the route table.
import { COMPANY_READ_ROUTES } from './companyReads';
import { CUSTOMER_ORDER_ROUTES } from './customerOrders';
import { MOVE_ORDER_ROUTES } from './moveOrders';
import { ONLOT_ROUTES } from './onlot';
import { ORDER_LIST_ROUTES } from './orderList';
import { ORDER_MAP_ROUTES } from './orderMap';
import { SCHEDULE_ROUTES } from './schedule';

export const ORDERS_AREA_ROUTES = [
  ...ORDER_LIST_ROUTES,
  ...ONLOT_ROUTES,
  ...CUSTOMER_ORDER_ROUTES,
  ...MOVE_ORDER_ROUTES,
  ...ORDER_MAP_ROUTES,
  ...COMPANY_READ_ROUTES,
  ...SCHEDULE_ROUTES,
];
