// SPEC §2 login redirect rules, as pure functions so they are unit-tested.

/** Only same-origin app paths; anything else (absolute URLs, protocol-relative) → ''. */
export function safeRedirect(raw: string | null | undefined): string {
  if (!raw) return '';
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '';
  if (raw === '/login' || raw.startsWith('/login?') || raw.startsWith('/login/')) return '';
  return raw;
}

/** Where the guard sends a signed-out driver: Login, remembering the current location. */
export function loginPathFor(pathname: string, search: string): string {
  const here = `${pathname}${search}`;
  const redirect = safeRedirect(here);
  return redirect && redirect !== '/' ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login';
}

/**
 * Where Login goes once authenticated: after a sign-in on this screen, the redirect target
 * (or Home); if the driver was already signed in when opening Login, Home.
 */
export function afterLoginTarget(redirect: string | null, justSignedIn: boolean): string {
  if (!justSignedIn) return '/';
  return safeRedirect(redirect) || '/';
}
