// Honest sign-ins under a distributed password spray (issue 20): 400 addresses send 19 wrong
// passwords each (under the per-address limit), at the demo drivers' accounts and at random
// emails, while the drivers sign in: half from a new network with the device key their phone
// got at an earlier sign-in, half from an address they signed in from before. Measured: the
// share of honest sign-ins answered 200, and their p50 against the same sign-ins on a quiet
// server. Production limits and hash gate, behind one trusted proxy (X-Forwarded-For); the
// traffic comes from a child process (scripts/signInLoad.mjs).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SIGN_IN_DEVICE_HEADER } from '../src/domain';
import { DEFAULT_REFUSAL_DELAY_MS } from '../server/http/limits';
import { DEFAULT_LOGIN_LIMITS } from '../server/services/loginLimits';
import { startTestServer } from '../test/support/server';
import { median } from './benchStats';

const loadScript = fileURLToPath(new URL('./signInLoad.mjs', import.meta.url));
const DRIVERS = [
  { email: 'driver@summit.test', password: 'summit-driver-1' },
  { email: 'driver2@summit.test', password: 'summit-driver-2' },
  { email: 'driver@ridge.test', password: 'ridge-driver-1' },
];

export interface HonestSignInFigures {
  quietP50: number;
  sprayP50: number;
  successRate: number;
  honest: number;
  spraySent: number;
  sprayStatuses: Record<string, number>;
  hashes: number;
}

interface Honest {
  email: string;
  password: string;
  address: string;
  deviceKey: string | null;
  atMs: number;
}
interface LoadResult {
  honest: { status: number; ms: number }[];
  spray: { sent: number; statuses: Record<string, number> };
}

function runLoad(plan: unknown): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [loadScript], { stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out) as LoadResult) : reject(new Error(`signInLoad exited ${code}`))));
    child.stdin.end(JSON.stringify(plan));
  });
}

export async function honestSignInFigures(opts: { honest: number; addresses: number; spacingMs: number }): Promise<HonestSignInFigures> {
  let hashes = 0;
  const server = await startTestServer({
    loginLimits: DEFAULT_LOGIN_LIMITS,
    build: { trustProxy: 1, limitRefusalDelayMs: DEFAULT_REFUSAL_DELAY_MS, passwordHashing: { onHash: () => (hashes += 1) } },
  });
  try {
    // Yesterday: each driver signed in at the yard (a known address) and on the phone (a device key).
    const keys = new Map<string, string>();
    for (const [i, d] of DRIVERS.entries()) {
      const res = await fetch(`${server.url}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `192.0.2.${i + 1}` },
        body: JSON.stringify(d),
      });
      await res.text();
      keys.set(d.email, res.headers.get(SIGN_IN_DEVICE_HEADER) ?? '');
    }
    const honest: Honest[] = Array.from({ length: opts.honest }, (_, i) => {
      const d = DRIVERS[i % DRIVERS.length] ?? DRIVERS[0]!;
      const onPhone = i % 2 === 0;
      return {
        ...d,
        address: onPhone ? `100.64.${i}.${(i % DRIVERS.length) + 1}` : `192.0.2.${(i % DRIVERS.length) + 1}`,
        deviceKey: onPhone ? (keys.get(d.email) ?? null) : null,
        atMs: 500 + i * opts.spacingMs,
      };
    });
    // Quiet: the same sign-ins one after another, nothing else on the server.
    const quiet = await runLoad({ url: server.url, spray: null, honest: honest.map((h, i) => ({ ...h, atMs: i * 150 })) });
    const hashesBefore = hashes;
    const emails = [...DRIVERS.map((d) => d.email), ...Array.from({ length: 5 }, (_, i) => `spray-${i}@example.test`)];
    const loaded = await runLoad({ url: server.url, spray: { addresses: opts.addresses, attempts: 19, emails, concurrency: 48 }, honest });
    const ok = loaded.honest.filter((h) => h.status === 200);
    return {
      quietP50: median(quiet.honest.map((h) => h.ms)),
      sprayP50: median(ok.map((h) => h.ms)),
      successRate: ok.length / Math.max(1, loaded.honest.length),
      honest: loaded.honest.length,
      spraySent: loaded.spray.sent,
      sprayStatuses: loaded.spray.statuses,
      hashes: hashes - hashesBefore,
    };
  } finally {
    await server.close();
  }
}
