import { Alert, Heading, Stack, Text } from '@chakra-ui/react';
import type { CustomerDraft } from '../../db';
import { emptyDraftOf } from '../../db/drafts';
import { isInventoryKind, orderKey, type CustomerDeliveryDetails, type OrderKind } from '../../domain';
import { CustomerDeliveryForm } from '../components/CustomerDeliveryForm';
import { InventoryDeliveryForm } from '../components/InventoryDeliveryForm';
import { Loading } from '../components/Loading';
import { OrderNotFound } from '../components/OrderNotFound';
import { OutboxEntryCard } from '../components/OutboxEntryCard';
import { customerNameOf } from '../customerText';
import { useOrderBundle } from '../hooks/useDelivery';
import { useOrderRefParam } from '../hooks/useOrderRefParam';
import NotFound from './NotFound';
import { registerTexts, t } from '../i18n';
import { deliver as deliverTexts } from '../i18n/en/deliver';

registerTexts('deliver', deliverTexts);

/** Delivery details (SPEC §2): the delivery-completion screen; kind and id come from the address. */
export default function DeliveryDetails() {
  const ref = useOrderRefParam();
  if (ref.orderId === 0) return <NotFound />;
  return <Delivery key={`${ref.kind}-${ref.orderId}`} kind={ref.kind} orderId={ref.orderId} />;
}

function Delivery({ kind, orderId }: { kind: OrderKind; orderId: number }) {
  const { order, delivery, entries, entry } = useOrderBundle(kind, orderId);
  if (order === undefined || delivery === undefined || entries === undefined) return <Loading />;
  if (!order && !delivery) return <OrderNotFound orderKey={orderKey(kind, orderId)} />;
  const server = delivery?.server ?? null;
  const draft = delivery?.draft ?? emptyDraftOf(kind);
  // Kinds that take a payment (customer orders) carry the customer's details and their form.
  const customer = isInventoryKind(kind) ? null : (server as CustomerDeliveryDetails | null);
  const title = customer ? customerNameOf(customer) : (order?.dealer_name ?? (server as { name_on_order?: string } | null)?.name_on_order);
  const address = customer ? customer.delivery_address : (server as { dealer_address?: string } | null)?.dealer_address;

  return (
    <Stack gap="4">
      <Stack gap="0">
        <Heading as="h2" fontSize="h1">
          {t('deliver.heading', { what: order?.building_model ?? t('deliver.orderNumber', { id: orderId }) })}
        </Heading>
        <Text color="fg.muted">
          {t('deliver.subtitle', { title: title ?? '', serial: order?.serial_number ?? (server as { serial_number?: string } | null)?.serial_number ?? '' })}
        </Text>
        {address ? <Text color="fg.muted">{address}</Text> : null}
      </Stack>
      {entry ? <OutboxEntryCard entry={entry} order={order ?? undefined} onDeliveryScreen /> : null}
      {!entry && draft.deliveryError ? (
        <Alert.Root status="warning" data-testid="delivery-error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('deliver.lastNotAccepted')}</Alert.Title>
            <Alert.Description>{draft.deliveryError}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      {isInventoryKind(kind) ? (
        <InventoryDeliveryForm kind={kind} orderId={orderId} draft={draft} locked={Boolean(entry)} />
      ) : customer ? (
        <CustomerDeliveryForm
          orderId={orderId}
          details={customer}
          draft={draft as CustomerDraft}
          savedChecks={(delivery as { saved_checks?: null } | null)?.saved_checks ?? null}
          locked={Boolean(entry)}
        />
      ) : (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>{t('deliver.detailsNotHere')}</Alert.Title>
        </Alert.Root>
      )}
    </Stack>
  );
}
