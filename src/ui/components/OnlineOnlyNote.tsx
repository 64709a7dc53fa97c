import { Alert } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * Why an online-only action (export, save settings) cannot run now, said where the button is.
 * Never a dead end: the text says what still works and when the action will.
 */
export function OnlineOnlyNote({ title, children, testId }: { title: string; children?: ReactNode; testId?: string }) {
  return (
    <Alert.Root status="warning" data-testid={testId} role="status">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        {children ? <Alert.Description>{children}</Alert.Description> : null}
      </Alert.Content>
    </Alert.Root>
  );
}
