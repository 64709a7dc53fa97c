// POST /auth/login and the removed-user poll (SPEC §4, §7).
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import * as v from 'valibot';
import { API, ERROR_TEXT, LOGIN_FAILURE_TEXT, requestSchemaOf, SIGN_IN_DEVICE_HEADER } from '../../src/domain';
import type { DeviceKey, DeviceKeys } from '../auth/deviceKey';
import type { AppContext } from '../context';
import { accounts, companies } from '../db/schema';
import { authOf } from '../http/auth';
import { HttpError } from '../http/errors';
import type { LoginGuard } from '../services/loginLimits';

interface Credentials {
  email: string;
  password: string;
  address: string;
  deviceKey: DeviceKey | null;
  knownAddress: boolean;
}

export function authRoutes(app: FastifyInstance, ctx: AppContext, guard: LoginGuard, devices: DeviceKeys): void {
  app.post(API.login, async (request, reply) => {
    // Limits first (services/loginLimits.ts): a refused attempt never reaches the hash.
    await guard.fromAddress(request.ip);
    const parsed = v.safeParse(requestSchemaOf(`POST ${API.login}`, 'bodySchema'), request.body);
    if (!parsed.success) throw new HttpError(400, 'InvalidRequest', 'Login needs an email and a password');
    const { email, password } = parsed.output;
    // Known sources first: a device key costs no database read, a known address one; any other
    // source waits for admission before more work (a spray cannot fill the one thread).
    const header = request.headers[SIGN_IN_DEVICE_HEADER];
    const deviceKey = await devices.verify(typeof header === 'string' ? header : undefined, email);
    const knownAddress = deviceKey === null && await guard.isKnownAddress(email, request.ip);
    const release = deviceKey || knownAddress ? null : await guard.admitUnknown();
    try {
      return await signIn({ email, password, address: request.ip, deviceKey, knownAddress }, reply);
    } finally {
      release?.();
    }
  });

  async function signIn(credentials: Credentials, reply: FastifyReply): Promise<FastifyReply> {
    const { email, password, address, deviceKey, knownAddress } = credentials;
    const [account] = await ctx.db
      .select({
        id: accounts.id, companyId: accounts.companyId, role: accounts.role, passwordHash: accounts.passwordHash,
        firstName: accounts.firstName, lastName: accounts.lastName, email: accounts.email,
        removedAt: accounts.removedAt, tokenVersion: accounts.tokenVersion, company: companies.name,
      })
      .from(accounts)
      .innerJoin(companies, eq(companies.id, accounts.companyId))
      .where(eq(accounts.email, email));
    // A key of another account under this email (removed and made again) is no key.
    const deviceKeyId = deviceKey && account?.id === deviceKey.accountId ? deviceKey.id : null;
    const attempt = await guard.attempt({ email, address, deviceKeyId }, deviceKeyId !== null || knownAddress);
    let ok: boolean;
    try {
      ok = await ctx.passwords.verify(password, account?.passwordHash ?? null, attempt.lane);
    } catch (err) {
      await attempt.giveBack(); // refused as busy: no guess was made
      throw err;
    }
    if (!account || !ok || account.removedAt) {
      // SPEC §8: clients compare this exact body text.
      return reply.code(401).type('text/plain; charset=utf-8').send(LOGIN_FAILURE_TEXT);
    }
    await attempt.succeeded(); // the right password: not a failure
    // SPEC §4: the app is for drivers; an office account gets no token every route would refuse.
    if (account.role !== 'driver') throw new HttpError(403, 'NotAuthorized', ERROR_TEXT.NotAuthorized);
    const token = await ctx.jwt.sign({
      company_id: account.companyId,
      role: account.role,
      account_id: account.id,
      company: account.company,
      name: `${account.firstName} ${account.lastName}`,
      email: account.email,
      tv: account.tokenVersion,
    });
    reply.header(SIGN_IN_DEVICE_HEADER, await devices.sign(account.id, account.email));
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(token));
  }

  // The one route a removed account may still call (config.answersRemoved): it answers `true`.
  app.get(API.companyUserIsRemoved, { config: { answersRemoved: true } }, async (request) => {
    const auth = authOf(request);
    const [account] = await ctx.db.select({ companyId: accounts.companyId, removedAt: accounts.removedAt })
      .from(accounts).where(eq(accounts.id, auth.account_id));
    return !account || account.removedAt !== null || account.companyId !== auth.company_id;
  });
}
