// POST /auth/login and the removed-user poll (SPEC §4, §7). The limits come first (a refused
// attempt never reaches the hash or even the body's check): the address's budget, then the
// source (a device key costs no database read, a known address one); any other source waits
// for admission before more work (a spray cannot fill the one thread). services/signIn.ts does
// the rest.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API, LOGIN_FAILURE_TEXT, SIGN_IN_DEVICE_HEADER } from '../../src/domain';
import type { DeviceKeys } from '../auth/deviceKey';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { registerEndpoints, route, type RouteDef } from '../http/registrar';
import type { LoginGuard } from '../services/loginLimits';
import { isRemoved, signIn } from '../services/signIn';

export function authRouteList(guard: LoginGuard, devices: DeviceKeys): RouteDef[] {
  return [
    route(
      `POST ${API.login}`,
      async ({ ctx, body, request, reply }) => {
        const { email, password } = body;
        const header = request.headers[SIGN_IN_DEVICE_HEADER];
        const deviceKey = await devices.verify(typeof header === 'string' ? header : undefined, email);
        const knownAddress = deviceKey === null && (await guard.isKnownAddress(email, request.ip));
        const release = deviceKey || knownAddress ? null : await guard.admitUnknown();
        try {
          const signedIn = await signIn({ ...ctx, guard, devices }, { email, password, address: request.ip, deviceKey, knownAddress });
          // SPEC §8: clients compare this exact body text.
          if (!signedIn) return reply.code(401).type('text/plain; charset=utf-8').send(LOGIN_FAILURE_TEXT);
          reply.header(SIGN_IN_DEVICE_HEADER, signedIn.deviceKey);
          return reply.type('application/json; charset=utf-8').send(JSON.stringify(signedIn.token));
        } finally {
          release?.();
        }
      },
      {
        // Every attempt counts against its address, a malformed one too: before the body is judged.
        options: { preHandler: async (request: FastifyRequest) => guard.fromAddress(request.ip) },
        invalidInput: () => new HttpError(400, 'InvalidRequest', 'Login needs an email and a password'),
      },
    ),
    // The one route a removed account may still call (config.answersRemoved): it answers `true`.
    route(`GET ${API.companyUserIsRemoved}`, ({ ctx, auth }) => isRemoved(ctx.db, auth), { options: { config: { answersRemoved: true } } }),
  ];
}

export function authRoutes(app: FastifyInstance, ctx: AppContext, guard: LoginGuard, devices: DeviceKeys): void {
  registerEndpoints(app, ctx, authRouteList(guard, devices));
}
