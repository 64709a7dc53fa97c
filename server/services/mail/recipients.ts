// Who may receive mail, and whether they want this one (SPEC §5). A recipient is an account
// of the caller's company, one of its RTO partners' admins, or the customer of one of the
// caller's own orders (the one access rule: another driver's customers are not this phone's
// to write to); anything else is refused, so send-email is never an open relay.
import type { EmailTemplate, EmailVariables, ErrorCode, TokenClaims } from '../../../src/domain';
import type { Db } from '../../db/client';
import { accountByEmail } from '../../repositories/accounts';
import { loadAccountSettings, type AccountSettingsRow } from '../../repositories/accountSettings';
import { customerOrdersEmailed, rtoPartnerByAdminEmail } from '../../repositories/emailData';

export type Recipient =
  | { kind: 'account'; accountId: number; role: string; firstName: string; settings: AccountSettingsRow }
  | { kind: 'rto'; rtoCompanyId: number; sendEmail: boolean }
  | { kind: 'customer'; orders: CustomerOrderPrefs[] };

export interface CustomerOrderPrefs {
  orderId: number;
  orderNumber: string;
  delivered: boolean;
  scheduled: boolean;
}

export async function resolveRecipient(db: Db, auth: TokenClaims, email: string): Promise<Recipient | null> {
  const address = email.trim().toLowerCase();
  const account = await accountByEmail(db, auth.company_id, address);
  if (account) {
    return { kind: 'account', accountId: account.id, role: account.role, firstName: account.firstName, settings: await loadAccountSettings(db, account.id) };
  }
  const rto = await rtoPartnerByAdminEmail(db, auth.company_id, address);
  if (rto) return { kind: 'rto', rtoCompanyId: rto.id, sendEmail: rto.sendEmail };
  const customerOrders = await customerOrdersEmailed(db, auth, address);
  return customerOrders.length > 0 ? { kind: 'customer', orders: customerOrders } : null;
}

export type SendVerdict = { send: true; orderId: number | null } | { send: false; code: ErrorCode; orderId: number | null } | { refused: string };

const refused = (why: string): SendVerdict => ({ refused: why });

/** SPEC §5's rules for one recipient and template (or a free message when template is undefined). */
export function judgeSend(recipient: Recipient, template: EmailTemplate | undefined, vars: EmailVariables): SendVerdict {
  switch (template) {
    case 'customer-order-delivered':
    case 'customer-order-scheduled': {
      if (recipient.kind !== 'customer') return refused("Customer emails go to the customer of one of your company's orders");
      // The order the email is about: the one named in the variables, else every order of this customer.
      const number = typeof vars.order_number === 'string' ? vars.order_number : null;
      const about = number === null ? recipient.orders : recipient.orders.filter((o) => o.orderNumber === number);
      const first = about[0];
      if (!first) return refused('order_number does not name an order of this customer');
      const orderId = about.length === 1 ? first.orderId : null;
      if (template === 'customer-order-delivered') {
        return about.every((o) => o.delivered) ? { send: true, orderId } : { send: false, code: 'CustomerEmailSettingOff', orderId };
      }
      return about.every((o) => o.scheduled) ? { send: true, orderId } : { send: false, code: 'CustomerScheduledEmailSettingOff', orderId };
    }
    case 'driver-assigned':
    case 'driver-reassigned': {
      if (recipient.kind !== 'account' || recipient.role !== 'driver') return refused('Driver emails go to a driver of your company');
      const on = template === 'driver-assigned' ? recipient.settings.emailNewOrderAssigned : recipient.settings.emailOrderReassigned;
      return on ? { send: true, orderId: null } : { send: false, code: 'DriverEmailSettingOff', orderId: null };
    }
    case 'office-admin-order-delivered':
      if (recipient.kind !== 'account' || recipient.role !== 'office_admin') return refused('Office admin emails go to an office admin of your company');
      return recipient.settings.sendEmail ? { send: true, orderId: null } : { send: false, code: 'OfficeAdminEmailSettingOff', orderId: null };
    case 'rto-order-delivered':
      if (recipient.kind !== 'rto') return refused("RTO emails go to the admin of one of your company's RTO partners");
      return recipient.sendEmail ? { send: true, orderId: null } : { send: false, code: 'RtoEmailSettingOff', orderId: null };
    case undefined:
      // A free message: office and RTO recipients still honour their send_email flag, and a
      // customer who turned either of their emails off gets no free one either.
      if (recipient.kind === 'customer' && !recipient.orders.every((o) => o.delivered && o.scheduled)) {
        return { send: false, code: 'CustomerEmailSettingOff', orderId: null };
      }
      if (recipient.kind === 'rto' && !recipient.sendEmail) return { send: false, code: 'RtoEmailSettingOff', orderId: null };
      if (recipient.kind === 'account' && recipient.role === 'office_admin' && !recipient.settings.sendEmail) {
        return { send: false, code: 'OfficeAdminEmailSettingOff', orderId: null };
      }
      return { send: true, orderId: null };
  }
}
