// POST /auth/login and the removed-user poll (SPEC §4, §7).
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { API, LOGIN_FAILURE_TEXT, requestSchemaOf } from '../../src/domain';
import type { AppContext } from '../context';
import { accounts, companies } from '../db/schema';
import { authOf } from '../http/auth';
import { HttpError } from '../http/errors';
import type { LoginGuard } from '../services/loginLimits';

export function authRoutes(app: FastifyInstance, ctx: AppContext, guard: LoginGuard): void {
  app.post(API.login, async (request, reply) => {
    // Limits first (services/loginLimits.ts): a refused attempt never reaches the hash.
    await guard.fromAddress(request.ip);
    ctx.passwords.refuseWhenBusy(); // no hash slot free: answer before any more database work
    const parsed = v.safeParse(requestSchemaOf(`POST ${API.login}`, 'bodySchema'), request.body);
    if (!parsed.success) throw new HttpError(400, 'InvalidRequest', 'Login needs an email and a password');
    const { email, password } = parsed.output;
    const giveBack = await guard.forAccount(email);
    const [account] = await ctx.db
      .select({
        id: accounts.id, companyId: accounts.companyId, role: accounts.role, passwordHash: accounts.passwordHash,
        firstName: accounts.firstName, lastName: accounts.lastName, email: accounts.email,
        removedAt: accounts.removedAt, tokenVersion: accounts.tokenVersion, company: companies.name,
      })
      .from(accounts)
      .innerJoin(companies, eq(companies.id, accounts.companyId))
      .where(eq(accounts.email, email));
    let ok: boolean;
    try {
      ok = await ctx.passwords.verify(password, account?.passwordHash ?? null);
    } catch (err) {
      await giveBack(); // refused as busy: no guess was made
      throw err;
    }
    if (!account || !ok || account.removedAt) {
      // SPEC §8: clients compare this exact body text.
      return reply.code(401).type('text/plain; charset=utf-8').send(LOGIN_FAILURE_TEXT);
    }
    await giveBack(); // the right password: not a failure
    const token = await ctx.jwt.sign({
      company_id: account.companyId,
      role: account.role,
      account_id: account.id,
      company: account.company,
      name: `${account.firstName} ${account.lastName}`,
      email: account.email,
      tv: account.tokenVersion,
    });
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(token));
  });

  // The one route a removed account may still call (config.answersRemoved): it answers `true`.
  app.get(API.companyUserIsRemoved, { config: { answersRemoved: true } }, async (request) => {
    const auth = authOf(request);
    const [account] = await ctx.db.select({ companyId: accounts.companyId, removedAt: accounts.removedAt })
      .from(accounts).where(eq(accounts.id, auth.account_id));
    return !account || account.removedAt !== null || account.companyId !== auth.company_id;
  });
}
