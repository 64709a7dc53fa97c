import type { FetchLike } from '../../src/replication';

/** What the network does to the next request whose path matches. */
export type Fault =
  | { kind: 'status'; status: number } // the server (or a proxy) answers an error
  | { kind: 'timeout' } // nothing comes back until the client gives up
  | { kind: 'lose-response' } // the server does the work, the answer is lost on the way
  | { kind: 'hang' }; // the tab is killed mid-request: never settles

export interface FaultyNetwork {
  fetch: FetchLike;
  offline: boolean;
  /** A link that accepts and never answers: every request waits until the client gives up. */
  hanging: boolean;
  /** Requests seen, as "METHOD /path". */
  log: string[];
  /** The fault hits `times` matching requests after letting `skip` of them through. */
  inject(match: RegExp, fault: Fault, times?: number, skip?: number): void;
  /** Requests that reached the server (not refused while offline). */
  reached(match: RegExp): number;
}

/** Real fetch to the real server, with faults injected in front of it. */
export function faultyNetwork(target: FetchLike = (url, init) => fetch(url, init)): FaultyNetwork {
  const rules: { match: RegExp; fault: Fault; left: number; skip: number }[] = [];
  const reachedLog: string[] = [];
  const net: FaultyNetwork = {
    offline: false,
    hanging: false,
    log: [],
    inject(match, fault, times = 1, skip = 0) {
      rules.push({ match, fault, left: times, skip });
    },
    reached: (match) => reachedLog.filter((line) => match.test(line)).length,
    fetch: async (url, init) => {
      const path = new URL(url).pathname;
      const line = `${init.method ?? 'GET'} ${path}`;
      net.log.push(line);
      if (net.offline) throw new TypeError('Failed to fetch (offline)');
      if (net.hanging) return hangUntilAborted(init);
      let rule = rules.find((r) => r.left > 0 && r.match.test(line));
      if (rule && rule.skip > 0) {
        rule.skip -= 1;
        rule = undefined;
      } else if (rule) rule.left -= 1;
      switch (rule?.fault.kind) {
        case undefined:
          reachedLog.push(line);
          return target(url, init);
        case 'status':
          return new Response(JSON.stringify({ error: 'GeneralError', message: 'injected' }), { status: rule.fault.status });
        case 'timeout':
          return hangUntilAborted(init);
        case 'lose-response': {
          reachedLog.push(line);
          const response = await target(url, init);
          await response.text();
          throw new TypeError('Failed to fetch (connection reset after the server answered)');
        }
        case 'hang':
          return new Promise<Response>(() => undefined);
      }
    },
  };
  return net;
}

function hangUntilAborted(init: RequestInit): Promise<Response> {
  return new Promise<Response>((_, reject) => {
    init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted', 'AbortError')));
  });
}
