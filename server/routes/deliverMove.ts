// POST /secure/driver/deliver_inventory_move_order (SPEC §5, §7): the on-lot call's steps for
// a move order (start and end time required; missing GPS arrives as 0, SPEC §7).
import { DELIVER_MOVE_PATH } from '../../src/domain';
import { route } from '../http/registrar';
import { DELIVER_MOVE } from '../services/deliveries';
import { deliverWith } from './deliverOrder';

export const DELIVER_MOVE_ROUTES = [route(`POST ${DELIVER_MOVE_PATH}`, deliverWith(DELIVER_MOVE))];
