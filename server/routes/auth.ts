// POST /auth/login and the removed-user poll (SPEC §4, §7).
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { API, LOGIN_FAILURE_TEXT, LoginBodySchema } from '../../src/domain';
import { verifyPassword } from '../auth/password';
import type { AppContext } from '../context';
import { accounts, companies } from '../db/schema';
import { authOf } from '../http/auth';
import { HttpError } from '../http/errors';

/** The rate-limit key: the client address plus the email tried, so one IP can't spray one account. */
function loginKey(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase().slice(0, 254) : '';
  return `${request.ip}|${email}`;
}

export function authRoutes(app: FastifyInstance, ctx: AppContext, limit: { max: number; timeWindowMs: number }): void {
  app.post(API.login, {
    config: {
      summary: 'Sign in: answers the JWT as a JSON string; 401 text "Invalid email or password"',
      rateLimit: { max: limit.max, timeWindow: limit.timeWindowMs, hook: 'preHandler', keyGenerator: loginKey },
    },
  }, async (request, reply) => {
    const parsed = v.safeParse(LoginBodySchema, request.body);
    if (!parsed.success) throw new HttpError(400, 'InvalidRequest', 'Login needs an email and a password');
    const { email, password } = parsed.output;
    const [account] = await ctx.db
      .select({
        id: accounts.id, companyId: accounts.companyId, role: accounts.role, passwordHash: accounts.passwordHash,
        firstName: accounts.firstName, lastName: accounts.lastName, email: accounts.email,
        removedAt: accounts.removedAt, tokenVersion: accounts.tokenVersion, company: companies.name,
      })
      .from(accounts)
      .innerJoin(companies, eq(companies.id, accounts.companyId))
      .where(eq(accounts.email, email));
    const ok = await verifyPassword(password, account?.passwordHash ?? null);
    if (!account || !ok || account.removedAt) {
      // SPEC §8: clients compare this exact body text.
      return reply.code(401).type('text/plain; charset=utf-8').send(LOGIN_FAILURE_TEXT);
    }
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
  app.get(API.companyUserIsRemoved, { config: { summary: 'True when the signed-in account was removed from its company', answersRemoved: true } }, async (request) => {
    const auth = authOf(request);
    const [account] = await ctx.db.select({ companyId: accounts.companyId, removedAt: accounts.removedAt })
      .from(accounts).where(eq(accounts.id, auth.account_id));
    return !account || account.removedAt !== null || account.companyId !== auth.company_id;
  });
}
