// Per-account settings (account_settings, migration 0005). A missing row means every
// default, so accounts created anywhere else need no settings row to behave.
import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { accountSettings } from '../db/schema';

export interface AccountSettingsRow {
  profileImageGuid: string | null;
  emailNewOrderAssigned: boolean;
  emailOrderReassigned: boolean;
  emailOrderFinishedAtShop: boolean;
  sendEmail: boolean;
}

export const DEFAULT_ACCOUNT_SETTINGS: AccountSettingsRow = {
  profileImageGuid: null,
  emailNewOrderAssigned: true,
  emailOrderReassigned: true,
  emailOrderFinishedAtShop: true,
  sendEmail: true,
};

const columns = {
  accountId: accountSettings.accountId,
  profileImageGuid: accountSettings.profileImageGuid,
  emailNewOrderAssigned: accountSettings.emailNewOrderAssigned,
  emailOrderReassigned: accountSettings.emailOrderReassigned,
  emailOrderFinishedAtShop: accountSettings.emailOrderFinishedAtShop,
  sendEmail: accountSettings.sendEmail,
};

export async function loadAccountSettings(db: Executor, accountId: number): Promise<AccountSettingsRow> {
  const [row] = await db.select(columns).from(accountSettings).where(eq(accountSettings.accountId, accountId));
  return row ?? DEFAULT_ACCOUNT_SETTINGS;
}

/** Settings of several accounts, defaults filled in. */
export async function loadManyAccountSettings(db: Executor, accountIds: number[]): Promise<Map<number, AccountSettingsRow>> {
  const found = accountIds.length === 0 ? [] : await db.select(columns).from(accountSettings).where(inArray(accountSettings.accountId, accountIds));
  const byId = new Map(found.map((row) => [row.accountId, row]));
  return new Map(accountIds.map((id) => [id, byId.get(id) ?? DEFAULT_ACCOUNT_SETTINGS]));
}

/** Writes the given fields, creating the row with defaults for the rest. */
export async function saveAccountSettings(tx: Executor, accountId: number, companyId: number, patch: Partial<AccountSettingsRow>): Promise<void> {
  await tx
    .insert(accountSettings)
    .values({ accountId, companyId, ...patch })
    .onConflictDoUpdate({ target: accountSettings.accountId, set: { ...patch, updatedAt: sql`now()` } });
}
