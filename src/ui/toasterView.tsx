import { createToaster, Portal, Spinner, Stack, Toast, Toaster as ChakraToaster } from '@chakra-ui/react';
import { useEffect } from 'react';
import ChakraScreens from './chakraProvider';

// The snackbars' machinery (Chakra's toast store and view, zag's toast machine): its own chunk,
// loaded by the first snackbar (toaster.tsx), not by the first screen.

// SPEC §9 snackbars: at most 3 visible, 5000 ms, bottom-left.
export const toaster = createToaster({ placement: 'bottom-start', max: 3, duration: 5000, pauseOnPageIdle: true });

/**
 * The snackbars never hide a full-width button at the bottom of a screen (Deliver):
 * - on phones they stop 64 px short of the right edge, so the right end of such a button
 *   (a 48 px target) stays uncovered and tappable while a snackbar is up;
 * - the Shell pads every screen 160 px at the bottom, more than the collapsed stack is
 *   tall, so the last button can always be scrolled above the snackbars.
 * `onMounted` hands over the snackbars asked for before this chunk arrived.
 */
export function ToasterView({ onMounted }: { onMounted: () => void }) {
  useEffect(onMounted, [onMounted]);
  return (
    <ChakraScreens>
      <Portal>
        {/* px, not rem: at a large text size the margins stay small and the text keeps the width. */}
        <ChakraToaster toaster={toaster} insetInline={{ mdDown: '16px' }}>
          {(toast) => (
            <Toast.Root width={{ base: 'calc(100% - 64px)', md: 'sm' }} data-testid="snackbar">
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
    </ChakraScreens>
  );
}
