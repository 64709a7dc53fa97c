import type { Session } from '../../src/db';
import type { DriverSettings } from '../../src/domain';
import type { TokenClaims } from '../../src/domain';

/** An unsigned token with the given claims: enough for client-side code that only decodes. */
export function makeSession(opts: { role?: string; expInSeconds?: number; companyId?: number; accountId?: number } = {}): Session {
  const claims: TokenClaims = {
    company_id: opts.companyId ?? 1,
    role: opts.role ?? 'driver',
    exp: Math.floor(Date.now() / 1000) + (opts.expInSeconds ?? 7 * 24 * 3600),
    account_id: opts.accountId ?? 1,
    company: 'Summit Sheds',
    name: 'Dale Driver',
    email: 'driver@summit.test',
  };
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return { token: `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}.sig`, claims };
}

/** The signed-in driver of the screens' component tests (a token that never expires there). */
export const UI_SESSION: Session = {
  token: 'test-token',
  claims: { company_id: 1, account_id: 7, role: 'driver', exp: 4_102_444_800, company: 'Summit Barns', name: 'Dan Driver', email: 'dan@example.com' },
};

/** UI_SESSION's driver settings as the phone stores them; `patch` changes any field. */
export function uiDriverSettings(patch: Partial<DriverSettings> = {}): DriverSettings {
  return {
    first_name: 'Dan',
    last_name: 'Driver',
    phone_number: null,
    email: 'dan@example.com',
    profile_image_attributes: null,
    email_notifications_new_order_assigned: true,
    email_notifications_order_reassigned: true,
    email_notifications_order_finished_at_shop: false,
    ...patch,
  };
}
