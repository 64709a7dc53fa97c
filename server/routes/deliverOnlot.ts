// POST /secure/driver/deliver_onlot_inventory_order (SPEC §5, §7). The shared deliver steps
// (server/services/deliveries.ts) do the work: rules → photos → one transaction.
import { API } from '../../src/domain';
import { route } from '../http/registrar';
import { DELIVER_ONLOT } from '../services/deliveries';
import { deliverWith } from './deliverOrder';

export const DELIVER_ONLOT_ROUTES = [route(`POST ${API.deliverOnlot}`, deliverWith(DELIVER_ONLOT))];
