// How the driver reaches the office (tech support): the caller's company's contact details.
// Only the token's company; nothing of any other company is readable here.
import type { CompanyContact, TokenClaims } from '../../src/domain';
import type { Executor } from '../db/client';
import { notFound } from '../http/errors';
import { companyContactOf } from '../repositories/accounts';

export async function companyContact(db: Executor, auth: TokenClaims): Promise<CompanyContact> {
  const row = await companyContactOf(db, auth.company_id);
  if (!row) throw notFound();
  return { name: row.name, phone: row.phone, email: row.email, address: row.address };
}
