import { Alert, Box, Button, Card, Center, Field, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import type { ErrorCode } from '../../domain';
import { getSyncClient } from '../../workers/client';
import { EnvironmentBadge } from '../components/EnvironmentBadge';
import { useAuth } from '../hooks/useAuth';
import { useSignedOutNote, useUnsentCount } from '../hooks/useSessionNotes';
import { useNavigatorOnline } from '../hooks/useSyncStatus';
import { afterLoginTarget } from '../loginRedirect';
import { dismissAll } from '../toaster';
import { t } from '../i18n';
import { errorText } from '../i18n/domainText';
import { signedOutText } from '../i18n/sessionText';

/** SPEC §8: the login screen shows these texts, everything else falls back to the general one. */
function loginErrorText(code: ErrorCode): string {
  if (code === 'IncorrectEmailOrPassword' || code === 'NotAuthorized') return errorText(code);
  return errorText('GeneralError');
}

export default function Login() {
  const [params] = useSearchParams();
  const redirect = params.get('redirect') ?? '';
  const auth = useAuth();
  const online = useNavigatorOnline();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [justSignedIn, setJustSignedIn] = useState(false);
  const [error, setError] = useState<{ title: string; detail: string | null } | null>(null);
  // Snackbars of the session that ended (e.g. "Saved on this phone") would talk over why it ended.
  useEffect(() => {
    dismissAll();
  }, []);
  // Why the app signed this phone's driver out (SPEC §4), with their unsent work kept here.
  const note = useSignedOutNote();
  const unsent = useUnsentCount(note);

  if (auth?.status === 'authenticated') return <Navigate to={afterLoginTarget(redirect, justSignedIn)} replace />;
  // A stored token of another role (SPEC §6) is refused like a failed sign-in.
  const shownError =
    error ?? (auth?.status === 'unauthenticated' && auth.reason === 'role' && !note ? { title: errorText('NotAuthorized'), detail: null } : null);
  // The worker writes the note as it signs out; a token that just ran out is explained at once.
  const reason = note ? signedOutText(note.reason, unsent ?? 0) : auth?.status === 'unauthenticated' && auth.reason === 'expired' ? signedOutText('expired', 0) : null;

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    setError(null);
    setPending(true);
    // Set before the call: the worker's token write can reach this realm's auth observable
    // before the RPC answer does, and that render must already go to the redirect target.
    setJustSignedIn(true);
    try {
      const result = await getSyncClient().login(email.trim(), password);
      if (result.ok) return; // the auth observable flips and <Navigate> above runs
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

  // The main landmark: Login is outside the Shell, which gives every other screen its <main>.
  return (
    <Center as="main" minH="100dvh" bg="appBg" px="4">
      <Card.Root w="full" maxW="sm" boxShadow="md">
        <Card.Body>
          <form onSubmit={(e) => void submit(e)}>
            <Stack gap="5">
              <Box>
                <Flex align="center" justify="space-between" gap="2">
                  <Heading as="h1" fontSize="h1" color="primary.fg">
                    {t('login.appName')}
                  </Heading>
                  <EnvironmentBadge />
                </Flex>
                <Text color="fg.muted" fontSize="md">
                  {t('login.intro')}
                </Text>
              </Box>
              {reason && !error ? (
                <Alert.Root status={note?.reason === 'removed' ? 'error' : 'warning'} role="status" data-testid="signed-out-reason">
                  <Alert.Indicator />
                  <Alert.Content>
                    <Alert.Title>{reason.title}</Alert.Title>
                    {reason.detail ? <Alert.Description>{reason.detail}</Alert.Description> : null}
                  </Alert.Content>
                </Alert.Root>
              ) : null}
              <Field.Root required>
                <Field.Label>{t('login.email')}</Field.Label>
                <Input type="email" name="email" autoComplete="username" inputMode="email" value={email} onChange={(e) => setEmail(e.target.value)} />
              </Field.Root>
              <Field.Root required>
                <Field.Label>{t('login.password')}</Field.Label>
                <Input type="password" name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
              </Field.Root>
              {shownError ? (
                <Alert.Root status="error" role="alert">
                  <Alert.Indicator />
                  <Alert.Content>
                    <Alert.Title>{shownError.title}</Alert.Title>
                    {shownError.detail ? <Alert.Description>{shownError.detail}</Alert.Description> : null}
                  </Alert.Content>
                </Alert.Root>
              ) : null}
              {!online ? (
                <Text fontSize="md" color="fg.muted">
                  {t('login.offline')}
                </Text>
              ) : null}
              <Button type="submit" colorPalette="primary" size="lg" loading={pending} loadingText={t('login.signingIn')}>
                {t('login.signIn')}
              </Button>
            </Stack>
          </form>
        </Card.Body>
      </Card.Root>
    </Center>
  );
}
