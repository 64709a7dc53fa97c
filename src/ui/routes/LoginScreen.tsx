import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import type { ErrorCode } from '../../domain';
import { getSyncClient } from '../../workers/client';
import { clearHandOffRefusal, useHandOffRefusal } from '../cookieHandOff';
import { EnvironmentBadge } from '../components/EnvironmentBadge';
import type { LoginState } from '../../workers/protocol';
import { useNavigatorOnline } from '../hooks/useNavigatorOnline';
import { t } from '../i18n';
import { errorText } from '../i18n/domainText';
import { signedOutText } from '../i18n/sessionText';
import { afterLoginTarget } from '../loginRedirect';
import type { CarriedForm } from '../loginTakeover';
import { dismissAll } from '../toaster';
import './LoginScreen.css';

// The first screen a new driver loads, on whatever signal the yard has. It is plain React and
// one CSS file, no Chakra and no router (lint keeps it so): Chakra's system and first styling
// cost a slow phone ~1 s of main thread before anything can be typed, which is what the
// Lighthouse budget of issue 10 measured. main.tsx renders it alone on /login and loads the
// app behind it only once the driver is signed in; inside the app, routes/Login.tsx wraps it.

/** SPEC §8: the login screen shows these texts, everything else falls back to the general one. */
function loginErrorText(code: ErrorCode): string {
  if (code === 'IncorrectEmailOrPassword' || code === 'NotAuthorized') return errorText(code);
  return errorText('GeneralError');
}

interface Message {
  title: string;
  detail: string | null;
}

function AlertBox({ tone, role, message, testId }: { tone: 'error' | 'warning'; role: 'alert' | 'status'; message: Message; testId?: string }) {
  return (
    <div className={`login-alert login-alert--${tone}`} role={role} data-testid={testId}>
      <svg className="login-alert__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M12 7v6M12 16.5v.5" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
      </svg>
      <div>
        <p className="login-alert__title">{message.title}</p>
        {message.detail ? <p className="login-alert__detail">{message.detail}</p> : null}
      </div>
    </div>
  );
}

/** What index.html shows while the app's code arrives: the app's name and a spinner. */
export function BootSplash() {
  return (
    <div className="boot-splash" role="status" aria-busy="true">
      <p className="boot-splash__name">{t('login.appName')}</p>
      <div className="boot-splash__spinner" />
    </div>
  );
}

interface LoginScreenProps {
  /** The stored session, the last sign-out's note and that driver's unsent work; undefined until read. */
  state: LoginState | undefined;
  redirect: string;
  /** Where to go once `state` says the driver is signed in: the redirect after a sign-in here, Home if they already were. */
  onAuthenticated: (target: string) => void;
  /** What the driver did on login.html's form before this screen took its place (loginTakeover.ts). */
  carried?: CarriedForm | null;
}

/** Sign-in (SPEC §4). The form shows at once; a note or a redirect follows when `state` arrives. */
export function LoginScreen({ state, redirect, onAuthenticated, carried = null }: LoginScreenProps) {
  const auth = state?.auth;
  const online = useNavigatorOnline();
  const ids = useId();
  const [email, setEmail] = useState(carried?.email ?? '');
  const [password, setPassword] = useState(carried?.password ?? '');
  const emailField = useRef<HTMLInputElement>(null);
  const passwordField = useRef<HTMLInputElement>(null);
  // The cursor stays where it was on the HTML form, before the first paint of this one.
  useLayoutEffect(() => {
    const field = carried?.focus === 'email' ? emailField.current : carried?.focus === 'password' ? passwordField.current : null;
    field?.focus();
    if (field && carried?.selection) field.setSelectionRange(carried.selection.start, carried.selection.end);
  }, [carried]);
  const [pending, setPending] = useState(carried?.submitted === true);
  const [justSignedIn, setJustSignedIn] = useState(false);
  const [error, setError] = useState<Message | null>(null);
  // The main app's `jwt` cookie held a token the app refused (SPEC §8 text): said here until the driver signs in by hand.
  const handOffRefusal = useHandOffRefusal();
  // Snackbars of the session that ended (e.g. "Saved on this phone") would talk over why it ended.
  useEffect(() => {
    dismissAll();
  }, []);
  // Why the app signed this phone's driver out (SPEC §4), with their unsent work kept here.
  const note = state?.note;
  const unsent = state?.unsent;
  const authenticated = auth?.status === 'authenticated';
  const target = afterLoginTarget(redirect, justSignedIn);
  useEffect(() => {
    if (authenticated) onAuthenticated(target);
  }, [authenticated, target, onAuthenticated]);

  // A stored token of another role (SPEC §6) is refused like a failed sign-in.
  const shownError =
    error ??
    (handOffRefusal ? { title: handOffRefusal, detail: null } : null) ??
    (auth?.status === 'unauthenticated' && auth.reason === 'role' && !note ? { title: errorText('NotAuthorized'), detail: null } : null);
  // The worker writes the note as it signs out; a token that just ran out is explained at once.
  const reason = note
    ? signedOutText(note.reason, unsent ?? 0)
    : auth?.status === 'unauthenticated' && auth.reason === 'expired'
      ? signedOutText('expired', 0)
      : null;

  const signIn = async (): Promise<void> => {
    setError(null);
    clearHandOffRefusal();
    setPending(true);
    // Set before the call: the worker's token write can reach this realm's auth observable
    // before the RPC answer does, and that render must already go to the redirect target.
    setJustSignedIn(true);
    try {
      const result = await getSyncClient().login(email.trim(), password);
      if (result.ok) return; // the auth observable flips and the effect above moves on
      setJustSignedIn(false);
      const title = loginErrorText(result.error);
      // The worker's message can say more (e.g. "needs a connection"); show it under the title.
      const fallback = title === errorText('GeneralError') && result.message && result.message !== title;
      setError({ title, detail: fallback ? result.message : null });
    } catch (caught) {
      console.error('login failed', caught);
      setJustSignedIn(false);
      setError({ title: errorText('GeneralError'), detail: null });
    }
    setPending(false);
  };
  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    void signIn();
  };
  // Sign in was pressed on the HTML form before this code arrived: it goes now, once.
  const carriedSent = useRef(false);
  useEffect(() => {
    if (!carried?.submitted || carriedSent.current) return;
    carriedSent.current = true;
    void signIn();
    // Only the carried press, on mount: `signIn` reads the fields' state, set from `carried`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [carried]);

  if (authenticated) return <BootSplash />;
  // The main landmark: Login is outside the Shell, which gives every other screen its <main>.
  return (
    <main className="login-screen">
      <div className="login-card">
        <form className="login-form" onSubmit={submit}>
          <div>
            <div className="login-heading">
              <h1 className="login-heading__title">{t('login.appName')}</h1>
              <EnvironmentBadge />
            </div>
            <p className="login-intro">{t('login.intro')}</p>
          </div>
          {reason && !error ? (
            <AlertBox tone={note?.reason === 'removed' ? 'error' : 'warning'} role="status" message={reason} testId="signed-out-reason" />
          ) : null}
          <div className="login-field">
            <label htmlFor={`${ids}-email`}>{t('login.email')}</label>
            <input
              ref={emailField}
              id={`${ids}-email`}
              type="email"
              name="email"
              autoComplete="username"
              inputMode="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </div>
          <div className="login-field">
            <label htmlFor={`${ids}-password`}>{t('login.password')}</label>
            <input
              ref={passwordField}
              id={`${ids}-password`}
              type="password"
              name="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
          {shownError ? <AlertBox tone="error" role="alert" message={shownError} /> : null}
          {!online ? <p className="login-intro">{t('login.offline')}</p> : null}
          <button type="submit" className="login-submit" disabled={pending} aria-busy={pending || undefined}>
            {pending ? (
              <>
                <span className="login-submit__spinner" aria-hidden="true" />
                {t('login.signingIn')}
              </>
            ) : (
              t('login.signIn')
            )}
          </button>
        </form>
      </div>
    </main>
  );
}
