import { Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import { orderRefOfFields, type DriverNotification } from '../../domain';
import { formatDateTime } from '../format';
import { detailsPath } from '../orderLinks';
import { OutboxStatusBadge } from './OutboxStatusBadge';
import { useWaitingState } from '../hooks/useEntryState';
import { t } from '../i18n';
import { notificationTitle } from '../i18n/domainText';

/** The order a notification is about, as its details screen. */
function orderPath(n: DriverNotification): string | null {
  const ref = orderRefOfFields(n);
  return ref ? detailsPath(ref.kind, ref.id) : null;
}

interface Props {
  notification: DriverNotification;
  /** Active tab: the Dismiss button. */
  onDismiss?: () => void;
  /** Dismissed tab: dismissed on this phone, not sent yet. */
  queued?: boolean;
}

/** One notification: what the office said, when, the order it is about, and Dismiss. */
export function NotificationCard({ notification: n, onDismiss, queued = false }: Props) {
  const path = orderPath(n);
  const title = notificationTitle(n);
  const headingId = `notification-${n.id}`;
  return (
    <Card.Root size="sm" as="article" aria-labelledby={headingId} data-testid="notification" data-notification-id={n.id}>
      <Card.Body>
        <Stack gap="2">
          <Stack gap="0">
            <Heading as="h3" id={headingId} fontSize="h2">
              {title}
            </Heading>
            <Text textStyle="xs" color="fg.muted">
              {formatDateTime(n.created_at)}
              {n.order_number ? t('notifications.orderNumber', { number: n.order_number }) : ''}
            </Text>
          </Stack>
          <Text>{n.message}</Text>
          {queued ? (
            <HStack gap="2" flexWrap="wrap">
              <QueuedBadge />
              <Text color="fg.muted">{t('notifications.dismissedHere')}</Text>
            </HStack>
          ) : n.dismissed_at ? (
            <Text color="fg.muted">{t('notifications.dismissedAt', { time: formatDateTime(n.dismissed_at) })}</Text>
          ) : null}
          {path || onDismiss ? (
            <HStack gap="2" flexWrap="wrap">
              {path ? (
                <Button asChild colorPalette="primary" variant="outline">
                  <Link to={path}>{t('notifications.openOrder')}</Link>
                </Button>
              ) : null}
              {onDismiss ? (
                <Button
                  colorPalette="primary"
                  variant="solid"
                  aria-label={t('notifications.dismissLabel', { title })}
                  onClick={onDismiss}
                  data-testid="dismiss-notification"
                >
                  {t('notifications.dismiss')}
                </Button>
              ) : null}
            </HStack>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** A dismissal kept on this phone until it is sent: Queued, or Waiting for signal. */
function QueuedBadge() {
  return <OutboxStatusBadge state={useWaitingState()} />;
}
