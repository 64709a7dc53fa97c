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
  /** Stays at the bottom while the body scrolls (e.g. the account actions). */
  footer?: ReactNode;
  children: ReactNode;
}

/** The app's drawers (navigation menu, outbox): backdrop, header, body, an optional footer and a close button. */
export function AppDrawer({ open, onClose, placement, size, header, contentProps, bodyProps, footer, children }: Props) {
  return (
    <Drawer.Root open={open} onOpenChange={(e) => (e.open ? undefined : onClose())} placement={placement} size={size}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content {...contentProps}>
            <Drawer.Header>{header}</Drawer.Header>
            <Drawer.Body {...bodyProps}>{children}</Drawer.Body>
            {footer ? (
              <Drawer.Footer flexDirection="column" alignItems="stretch" pb="max(1rem, env(safe-area-inset-bottom))">
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
