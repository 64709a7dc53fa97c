// The one per-driver scope of local data (src/db/driverScope.ts).
import { describe, expect, it } from 'vitest';
import { driverKey, driverScope, inDriverScope, ownsDoc, UNCLAIMED_ACCOUNT } from '../../src/db';

const driver = { company_id: 3, account_id: 11 };

describe('the driver scope', () => {
  it('selects and tests the same owner: company and account', () => {
    const claims = { ...driver, name: 'Dee' };
    expect(driverScope(claims)).toEqual(driver); // only the owner fields
    expect(inDriverScope(driver, driver)).toBe(true);
    expect(inDriverScope({ company_id: 3, account_id: 12 }, driver)).toBe(false);
    expect(inDriverScope({ company_id: 4, account_id: 11 }, driver)).toBe(false);
    expect(inDriverScope({ company_id: 3, account_id: UNCLAIMED_ACCOUNT }, driver)).toBe(false);
    expect(driverKey(driver)).toBe('3:11');
  });

  it('a delivery draft from before per-driver scoping is claimable by its company only', () => {
    const session = { claims: driver };
    expect(ownsDoc(driver, session)).toBe(true);
    expect(ownsDoc({ company_id: 3, account_id: UNCLAIMED_ACCOUNT }, session)).toBe(true);
    expect(ownsDoc({ company_id: 4, account_id: UNCLAIMED_ACCOUNT }, session)).toBe(false);
    expect(ownsDoc({ company_id: 3, account_id: 12 }, session)).toBe(false);
  });
});
