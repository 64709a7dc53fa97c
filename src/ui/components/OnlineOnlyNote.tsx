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

/**
 * A disabled button stays legible (Chakra's disabled look is 40% opacity, unreadable in the
 * sun): muted colours at full opacity, clearly not pressable.
 */
export const LEGIBLE_WHEN_DISABLED = {
  _disabled: { opacity: 1, bg: 'bg.muted', color: 'fg.muted', borderColor: 'border.emphasized', cursor: 'not-allowed' },
} as const;

/** A button that waits for a connection: legible while it waits. */
export const WAITS_FOR_CONNECTION = LEGIBLE_WHEN_DISABLED;
