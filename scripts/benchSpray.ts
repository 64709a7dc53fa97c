// The sign-in spray figure (issue 9): one driver's order-list p50 while another client sprays
// POST /auth/login with random emails from one address, divided by the p50 without the
// spray. Both loads come from autocannon in child processes (so the load generator never
// shares the server's event loop); the server runs here with the production limits and hash
// gate, behind a trusted proxy so the spray's X-Forwarded-For is its one address.
import { API } from '../src/domain';
import { DEFAULT_REFUSAL_DELAY_MS } from '../server/http/limits';
import { DEFAULT_LOGIN_LIMITS } from '../server/services/loginLimits';
import { startTestServer } from '../test/support/server';
import { cannon } from './benchCannon';

export interface SprayFigures {
  baseP50: number;
  sprayP50: number;
  ratio: number;
  sprayRequests: number;
  sprayStatuses: Record<string, number>;
  hashes: number;
}

export interface SprayOptions {
  seconds: number;
  listConnections?: number;
  sprayConnections?: number;
  /** Other limits than production's (to see what each defence is worth). */
  loginLimits?: typeof DEFAULT_LOGIN_LIMITS;
  passwordHashing?: { concurrency?: number; queue?: number };
}

export async function sprayFigures(opts: SprayOptions): Promise<SprayFigures> {
  let hashes = 0;
  const server = await startTestServer({
    loginLimits: opts.loginLimits ?? DEFAULT_LOGIN_LIMITS,
    build: { trustProxy: 1, limitRefusalDelayMs: DEFAULT_REFUSAL_DELAY_MS, passwordHashing: { ...opts.passwordHashing, onHash: () => (hashes += 1) } },
  });
  try {
    const token = await server.login('driver@summit.test', 'summit-driver-1');
    const list = [
      '-c',
      String(opts.listConnections ?? 4),
      '-d',
      String(opts.seconds),
      '-H',
      `authorization=Bearer ${token}`,
      `${server.url}${API.orderList}?limit=200`,
    ];
    const spray = [
      '-c',
      String(opts.sprayConnections ?? 20),
      '-d',
      String(opts.seconds + 1),
      '-m',
      'POST',
      '-I',
      '-H',
      'content-type=application/json',
      '-H',
      'x-forwarded-for=203.0.113.66',
      '-b',
      '{"email":"spray-[<id>]@example.test","password":"hunter2"}',
      `${server.url}${API.login}`,
    ];
    await cannon(['-c', '2', '-d', '2', '-H', `authorization=Bearer ${token}`, `${server.url}${API.orderList}?limit=200`]); // warm-up
    const base = await cannon(list);
    const sprayRun = cannon(spray);
    await new Promise((resolve) => setTimeout(resolve, 500)); // the spray is under way first
    const during = await cannon(list);
    const sprayed = await sprayRun;
    const sprayStatuses = Object.fromEntries(Object.entries(sprayed.statusCodeStats ?? {}).map(([code, s]) => [code, s.count]));
    return {
      baseP50: base.latency.p50,
      sprayP50: during.latency.p50,
      ratio: during.latency.p50 / Math.max(0.001, base.latency.p50),
      sprayRequests: sprayed.requests.total,
      sprayStatuses,
      hashes,
    };
  } finally {
    await server.close();
  }
}
