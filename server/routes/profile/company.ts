// How the driver reaches the office (tech support): the caller's company's contact details.
import { PROFILE_API } from '../../../src/domain';
import { route } from '../../http/registrar';
import { companyContact } from '../../services/companyContact';

export const COMPANY_ROUTES = [route(`GET ${PROFILE_API.companyContact}`, (input) => companyContact(input.ctx.db, input.auth))];
