import { Card, HStack, Stack, Text } from '@chakra-ui/react';
import { ORDER_KIND_SPECS } from '../../domain';
import type { OrderDoc, OutboxDoc, OutboxError, UploadProgress } from '../../db';
import { uploadPercent } from '../../db/uploadProgress';
import { failedForSignal, isCommitted, isKeptApart, kindDef, type EntryState } from '../../outbox';
import { formatDateTime, formatTime } from '../format';
import { OutboxEntryActions } from './OutboxEntryActions';
import { OutboxStatusBadge } from './OutboxStatusBadge';
import { useEntryState } from '../hooks/useEntryState';
import { registerTexts, t } from '../i18n';
import { serverErrorText } from '../i18n/domainText';
import { kindText } from '../i18n/kindText';
import { outbox as outboxTexts } from '../i18n/en/order';

registerTexts('outbox', outboxTexts);

/** Whether the entry's delivery takes a payment (a customer order: signature and payment too), by its kind's draft. */
const takesPayment = (entry: OutboxDoc): boolean => {
  const draft = kindDef(entry.kind)?.draft;
  return draft != null && ORDER_KIND_SPECS[draft].payment;
};

/** What the card says under the title: the state in words, the delivery's or the action's. */
function explain(entry: OutboxDoc, state: EntryState): string {
  const delivery = state.delivery;
  switch (state.name) {
    case 'waiting_signal':
      return t(delivery ? 'outbox.deliveryQueued' : 'outbox.queued');
    case 'queued':
      if (state.reason === 'sign_in') return t('outbox.queuedSignIn');
      if (state.reason === 'update') return t('outbox.queuedUpdate');
      if (state.reason === 'retry' && state.nextTryAt !== null) return t('outbox.queuedRetry', { time: formatTime(state.nextTryAt) });
      return t(delivery ? 'outbox.deliveryQueuedTurn' : 'outbox.queuedTurn');
    case 'sending':
      return t(delivery ? 'outbox.attemptingDelivery' : 'outbox.sending');
    case 'delivered':
      if (!delivery) return t('outbox.officeHasIt');
      return t(state.followupsWaitForSignal ? 'outbox.deliveredRestWaitsSignal' : 'outbox.deliveredSendingRest');
    case 'followups_done':
      return t(delivery ? 'outbox.deliveredAllSent' : 'outbox.officeHasIt');
    case 'followups_failed':
      return delivery ? followupsFailedText(state.failedFollowups) : t('outbox.officeHasIt');
    case 'needs_attention':
      return delivery ? refusedDeliveryText(entry) : t('outbox.refused');
  }
}

/** "Delivered · emails not sent", "… certificate not sent", or both. */
function followupsFailedText(failed: readonly string[]): string {
  const certificate = failed.includes('certificate');
  const emails = failed.some((id) => id !== 'certificate');
  if (certificate && emails) return t('outbox.deliveredNotAllSent');
  return t(certificate ? 'outbox.deliveredCertificateNotSent' : 'outbox.deliveredEmailsNotSent');
}

function refusedDeliveryText(entry: OutboxDoc): string {
  if (entry.last_error?.order_back) return t('outbox.orderBack');
  if (entry.last_error && isKeptApart(entry)) return orderLeftText(entry.last_error);
  const code = entry.last_error?.code;
  if (code === 'OrderAlreadyDelivered') return t('outbox.alreadyDelivered');
  if (code === 'NotFound') return t('outbox.noLongerYours');
  return t('outbox.deliveryRefused');
}

/** Who has the order now, in the driver's words: "Order reassigned to Bea Yoder", "Already delivered by Bea Yoder on 11/20/2026 15:04". */
function orderLeftText({ holder }: OutboxError): string {
  if (holder?.delivered_at !== undefined) {
    const date = formatDateTime(holder.delivered_at);
    return holder.delivered_by ? t('outbox.deliveredBy', { name: holder.delivered_by, date }) : t('outbox.deliveredByOffice', { date });
  }
  return holder?.assigned_to ? t('outbox.reassignedTo', { name: holder.assigned_to }) : t('outbox.takenOffList');
}

/** The image going up now: "Sending photo 1 of 2 — 40%". */
function uploadText(progress: UploadProgress): string {
  const percent = uploadPercent(progress);
  if (progress.slot === 'signature') return t('outbox.sendingSignature', { percent });
  if (progress.slot === 'check') return t('outbox.sendingCheck', { percent });
  return t('outbox.sendingPhoto', { photo: progress.photo, photos: progress.photos, percent });
}

/** A failed follow-up: the certificate or an email not sent, or SPEC §8's "Failed to notify company users" with its reason. */
function followupFailure(step: string, reason: string | null): string {
  if (step === 'certificate') return t('outbox.certificateNotSent', { reason });
  if (step.startsWith('email:')) return t('outbox.emailNotSent', { reason });
  return serverErrorText('FailedToNotifyCompanyUsers', reason);
}

/** How the driver names the order: customer (or dealer), model, serial. */
export function entryTitle(entry: OutboxDoc, order?: OrderDoc): string {
  const name = order ? (order.customer_name ?? order.dealer_name) : entry.display?.name;
  const model = order?.building_model ?? entry.display?.model;
  const serial = order?.serial_number ?? entry.display?.serial;
  const parts = [name, model, serial ? t('outbox.serial', { serial }) : null].filter(Boolean);
  return parts.length ? parts.join(' · ') : t('outbox.orderGone');
}

interface Props {
  entry: OutboxDoc;
  order?: OrderDoc | undefined;
  /** Shown on the entry's own delivery screen: no link to it. */
  onDeliveryScreen?: boolean;
}

/** One queued driver action: what it is, where it stands, and what the driver can do. */
export function OutboxEntryCard({ entry, order, onDeliveryScreen = false }: Props) {
  const state = useEntryState(entry);
  const upload = state.upload;
  // No answer at all (no signal, a time-out) is the state "waiting for signal", not an error to show.
  const shownError = entry.last_error && !failedForSignal(entry) && !isCommitted(entry) ? entry.last_error : null;
  // The order left the driver: the headline says who has it; the server's English words are not repeated.
  const left = isKeptApart(entry);
  return (
    <Card.Root size="sm" data-testid="outbox-entry" data-entry-kind={entry.kind}>
      <Card.Body>
        <Stack gap="2">
          <HStack justify="space-between" align="start" flexWrap="wrap" columnGap="2" rowGap="1">
            <Stack gap="0" flex="1 1 12rem" minW="0">
              <Text fontWeight="semibold">{entryTitle(entry, order)}</Text>
              <Text color="fg.muted">
                {t('outbox.queuedAt', { action: kindText(entry.kind), time: formatDateTime(entry.created_at) })}
                {entry.attempts > 0 ? t('outbox.attempts', { count: entry.attempts }) : ''}
              </Text>
            </Stack>
            <OutboxStatusBadge state={state} />
          </HStack>
          <Text fontWeight={left ? 'semibold' : undefined} data-testid="outbox-explain">
            {explain(entry, state)}
          </Text>
          {left ? <Text data-testid="outbox-work-kept">{t(takesPayment(entry) ? 'outbox.workKept' : 'outbox.workKeptPhotos')}</Text> : null}
          {upload ? (
            <Text color="fg.muted" data-testid="outbox-upload-progress">
              {uploadText(upload)}
            </Text>
          ) : null}
          {shownError && !left && !shownError.order_back ? (
            <Text color={state.name === 'needs_attention' ? 'red.fg' : 'fg.muted'} data-testid="outbox-error">
              {serverErrorText(shownError.code, shownError.message)}
            </Text>
          ) : null}
          {state.failedFollowups.map((step) => (
            <Text key={step} color="fg.muted" data-testid="outbox-followup-error">
              {followupFailure(step, entry.steps.followups[step]?.message ?? null)}
            </Text>
          ))}
          <OutboxEntryActions entry={entry} onDeliveryScreen={onDeliveryScreen} />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
