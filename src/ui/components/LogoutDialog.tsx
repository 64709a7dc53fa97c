import { Button, Dialog, Portal, Text } from '@chakra-ui/react';

interface Props {
  open: boolean;
  pending: number;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** DESIGN §5: signing out with unsent work warns first; the work is kept, never dropped. */
export function LogoutDialog({ open, pending, busy, onCancel, onConfirm }: Props) {
  return (
    <Dialog.Root role="alertdialog" open={open} onOpenChange={(e) => (e.open ? undefined : onCancel())} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Sign out?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>
                {pending === 1 ? '1 delivery has' : `${pending} deliveries have`} not been sent yet. They stay on this
                device and are sent after you sign in again.
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel}>
                Cancel
              </Button>
              <Button colorPalette="red" loading={busy} onClick={onConfirm}>
                Sign out
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
