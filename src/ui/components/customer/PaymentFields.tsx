import { Field, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { CustomerDraft } from '../../../db';
import { collectsPayment, type CardSelection, type CheckSelection, type CustomerDeliveryDetails, type PaymentMethod, type SavedCheck } from '../../../domain';
import type { DraftWriter } from '../../hooks/useDraftWriter';
import { useNavigatorOnline } from '../../hooks/useNavigatorOnline';
import { formatMoney } from '../../format';
import { NewCardPanel } from '../NewCardPanel';
import { CheckPhotoField } from './CheckPhotoField';
import { registerTexts, t } from '../../i18n';
import { deliver as deliverTexts } from '../../i18n/en/deliver';
import { ChoiceButtons } from './ChoiceButtons';

export type PaymentField = 'payment' | 'amount' | 'check' | 'saved-check' | 'card';

registerTexts('deliver', deliverTexts);

/** The payment methods, in the active language (called while rendering). */
const methods = (): { value: PaymentMethod; label: string }[] => [
  { value: 'Cash', label: t('deliver.cash') },
  { value: 'Check', label: t('deliver.check') },
  { value: 'CreditCard', label: t('deliver.creditCard') },
  { value: 'NoPayment', label: t('deliver.noPayment') },
];

/** Payment at delivery (SPEC §1, §5): cash, check (new or saved), card (saved or new), none. */
export function PaymentFields({
  orderId,
  details,
  draft,
  savedChecks,
  writer,
  locked,
  errorFor,
}: {
  orderId: number;
  details: CustomerDeliveryDetails;
  draft: CustomerDraft;
  savedChecks: SavedCheck[] | null;
  writer: DraftWriter<'customer'>;
  locked: boolean;
  errorFor: (field: PaymentField) => string | null;
}) {
  const online = useNavigatorOnline();
  const [amount, setAmount] = useState(draft.paymentAmount);
  const method = draft.paymentMethod;
  const needsAmount = collectsPayment(method);
  // A new card authorized for an amount captures exactly that amount: to change it, authorize again.
  const authorizedAmount = method === 'CreditCard' && draft.cardSelection === 'NewCard' ? (draft.newCard?.amount ?? null) : null;

  return (
    <Stack gap="4">
      <Text>{t('deliver.remainingBalance', { amount: formatMoney(details.remaining_balance) })}</Text>
      <ChoiceButtons
        label={t('deliver.paymentMethod')}
        field="payment"
        choices={methods()}
        value={method}
        disabled={locked}
        invalidText={errorFor('payment')}
        onChange={(value) => {
          // No silent zero: a method that collects money starts from the remaining balance,
          // written in the field as a value the driver sees, confirms or edits.
          const prefill = collectsPayment(value) && draft.paymentAmount.trim() === '' ? details.remaining_balance : null;
          if (prefill !== null) setAmount(prefill);
          writer.patch({ paymentMethod: value, ...(prefill !== null ? { paymentAmount: prefill } : {}) });
        }}
      />
      {method === 'Check' ? (
        <ChoiceButtons<CheckSelection>
          label={t('deliver.check')}
          field="check-selection"
          choices={[
            { value: 'NewCheck', label: t('deliver.newCheck') },
            { value: 'SavedCheck', label: t('deliver.savedCheck') },
          ]}
          value={draft.checkSelection}
          disabled={locked}
          invalidText={errorFor('payment') && !draft.checkSelection ? errorFor('payment') : null}
          onChange={(value) => writer.patch({ checkSelection: value })}
        />
      ) : null}
      {method === 'CreditCard' ? (
        <ChoiceButtons<CardSelection>
          label={t('deliver.card')}
          field="card-selection"
          choices={[
            { value: 'ExistingCard', label: t('deliver.savedCard') },
            { value: 'NewCard', label: t('deliver.newCard') },
          ]}
          value={draft.cardSelection}
          disabled={locked}
          invalidText={errorFor('payment') && !draft.cardSelection ? errorFor('payment') : null}
          onChange={(value) =>
            writer.patch({
              cardSelection: value,
              // A saved card is preselected: charging "no card" is never what the driver means.
              ...(value === 'ExistingCard' && !draft.cardProfileId ? { cardProfileId: details.customer_card_list[0]?.card_profile_id ?? null } : {}),
            })
          }
        />
      ) : null}
      {needsAmount ? (
        <Field.Root invalid={Boolean(errorFor('amount'))} disabled={locked} readOnly={authorizedAmount !== null} data-field="amount">
          <Field.Label>{t('deliver.amountCollected')}</Field.Label>
          <Input
            inputMode="decimal"
            bg="bg"
            maxLength={32}
            value={authorizedAmount ?? amount}
            onChange={(e) => {
              setAmount(e.target.value);
              writer.patch({ paymentAmount: e.target.value });
            }}
          />
          {authorizedAmount !== null ? <Field.HelperText>{t('deliver.amountAuthorized')}</Field.HelperText> : null}
          {errorFor('amount') ? <Field.ErrorText>{errorFor('amount')}</Field.ErrorText> : null}
        </Field.Root>
      ) : null}
      {method === 'Check' && draft.checkSelection === 'NewCheck' ? (
        <CheckPhotoField check={draft.check} writer={writer} disabled={locked} invalidText={errorFor('check')} />
      ) : null}
      {method === 'Check' && draft.checkSelection === 'SavedCheck' ? (
        savedChecks && savedChecks.length > 0 ? (
          <ChoiceButtons<number>
            label={t('deliver.savedCheck')}
            field="saved-check"
            columns={1}
            choices={savedChecks.map((c) => ({ value: c.id, label: `${c.name} · ${c.bank_name} ····${c.account_last_four}` }))}
            value={draft.customerOrderSavedCheckId}
            disabled={locked}
            invalidText={errorFor('saved-check')}
            onChange={(value) => writer.patch({ customerOrderSavedCheckId: value })}
          />
        ) : (
          <Text color="fg.muted" data-field="saved-check">
            {savedChecks ? t('deliver.noSavedChecks') : t('deliver.savedChecksLater')}
          </Text>
        )
      ) : null}
      {method === 'CreditCard' && draft.cardSelection === 'ExistingCard' ? (
        details.customer_card_list.length > 0 ? (
          <ChoiceButtons<string>
            label={t('deliver.savedCard')}
            field="card"
            columns={1}
            choices={details.customer_card_list.map((c) => ({
              value: c.card_profile_id,
              label: t('deliver.cardChoice', {
                brand: c.brand,
                last: c.last_four,
                month: String(c.exp_month).padStart(2, '0'),
                year: String(c.exp_year).slice(-2),
              }),
            }))}
            value={draft.cardProfileId}
            disabled={locked}
            invalidText={errorFor('card')}
            onChange={(value) => writer.patch({ cardProfileId: value })}
          />
        ) : (
          <Text color="fg.muted" data-field="card">
            {t('deliver.noSavedCard')}
          </Text>
        )
      ) : null}
      {method === 'CreditCard' && draft.cardSelection === 'NewCard' ? (
        <Stack gap="1" data-field="card">
          <NewCardPanel
            customerOrderId={orderId}
            details={details}
            amount={amount}
            authorized={draft.newCard}
            online={online}
            disabled={locked}
            onAuthorized={(card) => writer.patch({ newCard: card, paymentAmount: card.amount })}
            onReset={() => writer.patch({ newCard: null })}
          />
          {errorFor('card') ? <Text color="red.fg">{errorFor('card')}</Text> : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
