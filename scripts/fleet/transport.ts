// The fleet's network: what stands between a simulated phone and the instances. Each driver's
// HttpClient (the app's own, src/replication/http.ts) gets a fetch that acts as the load
// balancer in front of the instances (one request each in turn, X-Forwarded-For naming the
// phone, as nginx does with TRUST_PROXY=1) and as the browser (Accept-Encoding as Chromium
// sends it), and times every request from sending to its last byte into the Recorder.
import { ENDPOINTS, pathOf, type EndpointKey } from '../../src/domain';
import type { FetchLike } from '../../src/replication';

/** When a request started: before the measured window (sign-in, first pull), in it, or after it (runs finishing). */
export type Phase = 'warmup' | 'window' | 'tail';

interface Bucket {
  /** Milliseconds per call kind. */
  times: Map<string, number[]>;
  /** Failed requests by "kind status" (status `network` when no answer came). */
  errors: Map<string, number>;
}

/** Statuses that are answers the app expects, not failures (304: the sync version is unchanged). */
const failed = (status: number): boolean => status >= 400;

export class Recorder {
  phase: Phase = 'warmup';
  readonly buckets: Record<Phase, Bucket> = { warmup: bucket(), window: bucket(), tail: bucket() };

  record(phase: Phase, label: string, ms: number, status: number | 'network'): void {
    const { times, errors } = this.buckets[phase];
    const list = times.get(label) ?? [];
    list.push(ms);
    times.set(label, list);
    if (status === 'network' || failed(status)) errors.set(`${label} ${status}`, (errors.get(`${label} ${status}`) ?? 0) + 1);
  }

  requests(phase: Phase): number {
    let n = 0;
    for (const list of this.buckets[phase].times.values()) n += list.length;
    return n;
  }

  errorCount(phase: Phase): number {
    let n = 0;
    for (const count of this.buckets[phase].errors.values()) n += count;
    return n;
  }
}

function bucket(): Bucket {
  return { times: new Map(), errors: new Map() };
}

/** Each endpoint of the table as a path pattern, with its report name: the path's last fixed segment. */
const PATTERNS = (Object.keys(ENDPOINTS) as EndpointKey[]).map((key) => {
  const path = pathOf(key);
  const segments = path.split('/').filter(Boolean);
  const name = [...segments].reverse().find((s) => !s.startsWith(':')) ?? path;
  const pattern = new RegExp(`^${path.replace(/:\w+/g, '[^/]+')}$`);
  return { method: key.slice(0, key.indexOf(' ')), pattern, name };
});

/**
 * The report's name of a call: the endpoint's last fixed path segment (`order-list`,
 * `sync-version`), after its method when that is not GET (`POST tus`, `PATCH tus`,
 * `POST deliver_onlot_inventory_order`). tus's HEAD is named by its GET's path.
 */
export function callLabel(method: string, path: string): string {
  const matches = PATTERNS.filter((p) => p.pattern.test(path));
  const found = matches.find((p) => p.method === method) ?? matches[0];
  const name = found?.name ?? path;
  return method === 'GET' ? name : `${method} ${name}`;
}

/** The origin the drivers' clients are given; the balancer replaces it with an instance's. */
export const FLEET_ORIGIN = 'http://fleet.invalid';

/** An address of a private range per phone: the limits count per client address. */
export function phoneAddress(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** No body may come with these statuses (a Response refuses one). */
const NULL_BODY = new Set([101, 204, 205, 304]);

/** Round robin over the instances, shared by every phone (one balancer in front of them). */
export function createBalancer(instances: readonly string[], recorder: Recorder) {
  let next = 0;
  return {
    /** The fetch of the phone at `address`. */
    fetchFor(address: string): FetchLike {
      return async (input, init) => {
        const url = new URL(input);
        const instance = instances[next++ % instances.length] as string;
        const headers = new Headers(init.headers);
        headers.set('x-forwarded-for', address);
        headers.set('accept-encoding', 'gzip, deflate, br');
        const label = callLabel(init.method ?? 'GET', url.pathname);
        const phase = recorder.phase;
        const started = performance.now();
        try {
          const response = await fetch(`${instance}${url.pathname}${url.search}`, { ...init, headers });
          // Timed to the last byte: what the phone waits for.
          const body = await response.arrayBuffer();
          recorder.record(phase, label, performance.now() - started, response.status);
          return new Response(NULL_BODY.has(response.status) ? null : body, {
            status: response.status,
            statusText: response.statusText,
            headers: response.headers,
          });
        } catch (error) {
          recorder.record(phase, label, performance.now() - started, 'network');
          throw error;
        }
      };
    },
  };
}
