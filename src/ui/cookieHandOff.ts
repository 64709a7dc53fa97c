import { useSyncExternalStore } from 'react';
import { jwtCookieOf } from '../domain';
import { getSyncClient } from '../workers/client';
import { knownText } from './i18n/domainText';
import { notify } from './toaster';
import { dropHomeSnapshot } from './homeSnapshot';

/**
 * SPEC §6/§9: the main app keeps the driver's token in a `jwt` cookie (7 days, path /) and
 * hands a driver over with it. The page reads it (a worker cannot read cookies) and the sync
 * worker checks it like any bearer token before it becomes the session, which then lives in
 * PWADB like a sign-in's. The cookie itself is left alone: it is the main app's session too.
 * A cookie is offered once: its signature part is remembered here, so a driver who signs out
 * is not signed in again by the same cookie on the next load; only "no signal" offers it again.
 */
const HANDED_OFF_KEY = 'driver-app-jwt-handed-off';
/** The first screen waits this long for the answer, then renders; the session follows when it comes. */
const FIRST_RENDER_WAIT_MS = 3_000;

let refusal: string | null = null;
const listeners = new Set<() => void>();

function setRefusal(text: string | null): void {
  refusal = text;
  for (const listener of listeners) listener();
}

/** Why the cookie's token was refused (SPEC §8 text, e.g. "Not authorized"), for the login screen; null when it was not. */
export function useHandOffRefusal(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => refusal,
  );
}

/** The driver started signing in by hand: the refusal has been read. */
export function clearHandOffRefusal(): void {
  if (refusal !== null) setRefusal(null);
}

function remembered(): string | null {
  try {
    return localStorage.getItem(HANDED_OFF_KEY);
  } catch {
    return null;
  }
}

function remember(signature: string): void {
  try {
    localStorage.setItem(HANDED_OFF_KEY, signature);
  } catch {
    // Storage refused: the cookie is offered again next load and answered the same way.
  }
}

async function handOff(token: string, signature: string): Promise<void> {
  try {
    const result = await getSyncClient().handOff(token);
    if (result.ok || !result.retry) remember(signature);
    // Another session on this phone now, maybe another driver's: the kept Home is not theirs.
    if (result.ok) return dropHomeSnapshot();
    const text = knownText(result.message);
    // A signed-in driver stays: a snackbar says why nothing changed. Otherwise the login screen says it.
    if (result.kept) setTimeout(() => notify(text, 'error'), 300);
    else setRefusal(text);
  } catch (error) {
    console.error('the jwt cookie could not be handed to the sync worker', error);
  }
}

/** Hands the `jwt` cookie's token to the sync worker once; resolves when it answered, or after a short wait. */
export function startCookieHandOff(): Promise<void> {
  const token = jwtCookieOf(document.cookie);
  const signature = token?.slice(token.lastIndexOf('.') + 1) ?? '';
  if (!token || remembered() === signature) return Promise.resolve();
  return Promise.race([handOff(token, signature), new Promise<void>((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS))]);
}
