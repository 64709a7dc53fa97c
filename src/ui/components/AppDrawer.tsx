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
  children: ReactNode;
}

/** The app's drawers (account menu, outbox): backdrop, header, body and a close button. */
export function AppDrawer({ open, onClose, placement, size, header, contentProps, bodyProps, children }: Props) {
  return (
    <Drawer.Root open={open} onOpenChange={(e) => (e.open ? undefined : onClose())} placement={placement} size={size}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content {...contentProps}>
            <Drawer.Header>{header}</Drawer.Header>
            <Drawer.Body {...bodyProps}>{children}</Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="md" aria-label="Close" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
