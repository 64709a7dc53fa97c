import { createToaster, Portal, Spinner, Stack, Toast, Toaster as ChakraToaster } from '@chakra-ui/react';

// SPEC §9 snackbars: at most 3 visible, 5000 ms, bottom-left.
export const toaster = createToaster({ placement: 'bottom-start', max: 3, duration: 5000, pauseOnPageIdle: true });

export type SnackbarVariant = 'success' | 'warning' | 'error' | 'info' | 'default';

/**
 * Shows a snackbar. The id is derived from the text so the same message shown twice
 * updates the visible one instead of stacking a duplicate (SPEC §2).
 */
export function notify(message: string, variant: SnackbarVariant = 'default'): void {
  const type = variant === 'default' ? 'info' : variant;
  toaster.create({ id: `${variant}:${message}`, title: message, type, closable: true });
}

/** Takes a snackbar down early (a progress text once its outcome is shown). */
export function dismissNotice(message: string, variant: SnackbarVariant = 'default'): void {
  toaster.dismiss(`${variant}:${message}`);
}

/**
 * The snackbars never hide a full-width button at the bottom of a screen (Deliver):
 * - on phones they stop 64 px short of the right edge, so the right end of such a button
 *   (a 48 px target) stays uncovered and tappable while a snackbar is up;
 * - the Shell pads every screen 160 px at the bottom, more than the collapsed stack is
 *   tall, so the last button can always be scrolled above the snackbars.
 */
export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ base: 'calc(100% - 4rem)', md: 'sm' }} data-testid="snackbar">
            {toast.type === 'loading' ? <Spinner size="sm" color="primary.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {toast.description ? <Toast.Description>{toast.description}</Toast.Description> : null}
            </Stack>
            {toast.closable ? <Toast.CloseTrigger /> : null}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
