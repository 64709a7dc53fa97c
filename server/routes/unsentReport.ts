// POST /secure/driver/report_unsent (issue 24 item 7; services/unsentReports.ts): what the phone
// holds unsent; a new phone database's first report learns what the account's other phones lost.
import { UNSENT_REPORT_API } from '../../src/domain';
import { route } from '../http/registrar';
import { reportUnsent } from '../services/unsentReports';

export const UNSENT_REPORT_ROUTES = [route(`POST ${UNSENT_REPORT_API.report}`, (input) => reportUnsent(input.ctx.db, input.auth, input.body, input.complete))];
