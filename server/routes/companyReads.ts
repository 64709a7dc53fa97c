// Saved checks of a customer order, the company's drivers (for reassign) and feature flags
// (SPEC §6, §7; DESIGN §6).
import { FEATURE_FLAG_NAME, ORDER_API } from '../../src/domain';
import { invalid } from '../http/errors';
import { route } from '../http/registrar';
import { checkFeatureFlag, companyDrivers, featureFlags, savedChecks } from '../services/companyReads';

export const COMPANY_READ_ROUTES = [
  route(`GET ${ORDER_API.savedChecks}`, ({ ctx, auth, query }) => savedChecks(ctx.db, auth, query['customer-order-id'])),
  route(`GET ${ORDER_API.companyDrivers}`, ({ ctx, auth }) => companyDrivers(ctx.db, auth)),
  route(`GET ${ORDER_API.featureFlags}`, ({ ctx, auth, query }) => featureFlags(ctx.db, auth, query.environment)),
  route(`GET ${ORDER_API.checkFeatureFlag}`, ({ ctx, auth, query, params }) => {
    // The flag is a path parameter: the table types queries and bodies only.
    const flag = params.flag ?? '';
    if (!FEATURE_FLAG_NAME.test(flag)) throw invalid('flag must be 1 to 64 letters, digits, dots, dashes or underscores');
    return checkFeatureFlag(ctx.db, auth, flag, query.environment);
  }),
];
