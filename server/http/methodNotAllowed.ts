// 405 for a known path asked with a method it does not take (RFC 9110 §15.5.6): the answer
// names the methods it does take in `Allow` and carries {error: 'MethodNotAllowed', message}.
// Unknown paths keep the 404 / SPA-shell behaviour of notFound.ts.
import type { RouteDoc } from './openapi';

interface PathMatcher {
  pattern: RegExp;
  methods: Set<string>;
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function matcherOf(url: string): RegExp {
  const source = url
    .split(/(:\w+)/)
    .map((part) => (part.startsWith(':') ? '[^/]+' : escape(part)))
    .join('');
  return new RegExp(`^${source}$`);
}

/** Looks up which methods a concrete path takes; built once from the collected routes. */
export function createAllowLookup(routes: readonly RouteDoc[]): (url: string) => string[] {
  let matchers: PathMatcher[] | null = null;
  return (url) => {
    if (!matchers) {
      const byUrl = new Map<string, Set<string>>();
      for (const route of routes) byUrl.set(route.url, (byUrl.get(route.url) ?? new Set()).add(route.method));
      matchers = [...byUrl].map(([routeUrl, methods]) => ({ pattern: matcherOf(routeUrl), methods }));
    }
    const path = url.split('?')[0] ?? '';
    const allowed = new Set<string>();
    for (const matcher of matchers) if (matcher.pattern.test(path)) for (const m of matcher.methods) allowed.add(m);
    if (allowed.has('GET')) allowed.add('HEAD');
    return [...allowed].sort();
  };
}
