import { CloseButton, Drawer, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface Props {
  open: boolean;
  /** Called however the drawer is closed: backdrop, Escape or the close button. */
  onClose: () => void;
  placement: Drawer.RootProps['placement'];
  size?: Drawer.RootProps['size'];
  header: ReactNode;
  contentProps?: Drawer.ContentProps;
  bodyProps?: Drawer.BodyProps;
  /** At the bottom (e.g. the account actions). */
  footer?: ReactNode;
  /**
   * The whole drawer scrolls, header and footer with the body, instead of the body alone
   * between a fixed header and footer: on a phone turned sideways those two left the body a
   * strip too short to show more than one entry (issue 25). The footer stays at the bottom
   * while everything fits.
   */
  scrollWhole?: boolean;
  children: ReactNode;
}

/** The app's drawers (navigation menu, outbox): backdrop, header, body, an optional footer and a close button. */
export function AppDrawer({ open, onClose, placement, size, header, contentProps, bodyProps, footer, scrollWhole = false, children }: Props) {
  return (
    <Drawer.Root open={open} onOpenChange={(e) => (e.open ? undefined : onClose())} placement={placement} size={size}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content {...(scrollWhole ? { overflowY: 'auto' } : {})} {...contentProps}>
            <Drawer.Header flexShrink={0}>{header}</Drawer.Header>
            <Drawer.Body {...(scrollWhole ? { flex: '1 0 auto', overflow: 'visible' } : {})} {...bodyProps}>
              {children}
            </Drawer.Body>
            {footer ? (
              <Drawer.Footer flexShrink={0} flexDirection="column" alignItems="stretch" pb="max(1rem, env(safe-area-inset-bottom))">
                {footer}
              </Drawer.Footer>
            ) : null}
            <Drawer.CloseTrigger asChild>
              <CloseButton size="md" aria-label="Close" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
