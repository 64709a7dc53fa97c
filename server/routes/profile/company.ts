// How the driver reaches the office (tech support): the caller's company's contact details.
// Only the token's company; nothing of any other company is readable here.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PROFILE_API, type CompanyContact } from '../../../src/domain';
import type { AppContext } from '../../context';
import { companies } from '../../db/schema';
import { authOf } from '../../http/auth';
import { notFound } from '../../http/errors';

export function companyRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(PROFILE_API.companyContact, async (request) => {
    const auth = authOf(request);
    const [row] = await ctx.db.select({ name: companies.name, phone: companies.phone, email: companies.email, address: companies.address })
      .from(companies).where(eq(companies.id, auth.company_id));
    if (!row) throw notFound();
    const answer: CompanyContact = { name: row.name, phone: row.phone, email: row.email, address: row.address };
    return answer;
  });
}
