// GET /api/driver/company-contact: how the driver reaches the office (tech support), the
// caller's company only.
import { describe, expect, it } from 'vitest';
import { PROFILE_API, type CompanyContact } from '../../src/domain';
import type { TestServer } from '../support/server';
import { RIDGE_DRIVER, SUMMIT_DRIVER, call, useTestServer } from './helpers';

let server: TestServer;
let summit: string;
let ridge: string;

useTestServer({ summit: SUMMIT_DRIVER, ridge: RIDGE_DRIVER }, (s) => ({ server, summit, ridge } = s));

describe('GET /api/driver/company-contact', () => {
  it("answers the caller's company's name, phone, email and address", async () => {
    for (const [token, email] of [
      [summit, SUMMIT_DRIVER.email],
      [ridge, RIDGE_DRIVER.email],
    ] as const) {
      const res = await call<CompanyContact>(server, PROFILE_API.companyContact, { token });
      expect(res.status).toBe(200);
      const [row] = await server.query<CompanyContact>(
        'SELECT c.name, c.phone, c.email, c.address FROM companies c JOIN accounts a ON a.company_id = c.id WHERE a.email = $1',
        [email],
      );
      expect(res.body).toEqual(row);
      expect(res.body.phone).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/);
      expect(res.body.email).toContain('@');
    }
  });

  it('a field not on file is null; no token is 401', async () => {
    await server.query(`UPDATE companies SET email = NULL, address = NULL WHERE id = (SELECT company_id FROM accounts WHERE email = $1)`, [RIDGE_DRIVER.email]);
    const res = await call<CompanyContact>(server, PROFILE_API.companyContact, { token: ridge });
    expect(res.body).toMatchObject({ email: null, address: null });
    expect((await call(server, PROFILE_API.companyContact)).status).toBe(401);
  });
});
