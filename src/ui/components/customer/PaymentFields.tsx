import { Field, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { CustomerDraft } from '../../../db';
import type { CardSelection, CheckSelection, CustomerDeliveryDetails, PaymentMethod, SavedCheck } from '../../../domain';
import type { DraftWriter } from '../../hooks/useDraftWriter';
import { useNavigatorOnline } from '../../hooks/useSyncStatus';
import { NewCardPanel } from '../NewCardPanel';
import { CheckPhotoField } from './CheckPhotoField';
import { ChoiceButtons } from './ChoiceButtons';

export type PaymentField = 'payment' | 'amount' | 'check' | 'saved-check' | 'card';

const METHODS = [
  { value: 'Cash', label: 'Cash' },
  { value: 'Check', label: 'Check' },
  { value: 'CreditCard', label: 'Credit card' },
  { value: 'NoPayment', label: 'No payment' },
] as const satisfies readonly { value: PaymentMethod; label: string }[];

/** Payment at delivery (SPEC §1, §5): cash, check (new or saved), card (saved or new), none. */
export function PaymentFields({ orderId, details, draft, savedChecks, writer, locked, errorFor }: {
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
  const needsAmount = method === 'Cash' || method === 'Check' || method === 'CreditCard';

  return (
    <Stack gap="4">
      <Text>Remaining balance: ${details.remaining_balance}</Text>
      <ChoiceButtons
        label="Payment method"
        field="payment"
        choices={METHODS}
        value={method}
        disabled={locked}
        invalidText={errorFor('payment')}
        onChange={(value) => writer.patch({ paymentMethod: value })}
      />
      {method === 'Check' ? (
        <ChoiceButtons<CheckSelection>
          label="Check"
          field="check-selection"
          choices={[{ value: 'NewCheck', label: 'New check' }, { value: 'SavedCheck', label: 'Saved check' }]}
          value={draft.checkSelection}
          disabled={locked}
          invalidText={errorFor('payment') && !draft.checkSelection ? errorFor('payment') : null}
          onChange={(value) => writer.patch({ checkSelection: value })}
        />
      ) : null}
      {method === 'CreditCard' ? (
        <ChoiceButtons<CardSelection>
          label="Card"
          field="card-selection"
          choices={[{ value: 'ExistingCard', label: 'Saved card' }, { value: 'NewCard', label: 'New card' }]}
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
        <Field.Root invalid={Boolean(errorFor('amount'))} disabled={locked} data-field="amount">
          <Field.Label>Amount collected ($)</Field.Label>
          <Input
            inputMode="decimal"
            bg="bg"
            maxLength={32}
            value={amount}
            placeholder={details.remaining_balance}
            onChange={(e) => {
              setAmount(e.target.value);
              writer.patch({ paymentAmount: e.target.value });
            }}
          />
          {errorFor('amount') ? <Field.ErrorText>{errorFor('amount')}</Field.ErrorText> : null}
        </Field.Root>
      ) : null}
      {method === 'Check' && draft.checkSelection === 'NewCheck' ? (
        <CheckPhotoField check={draft.check} writer={writer} disabled={locked} invalidText={errorFor('check')} />
      ) : null}
      {method === 'Check' && draft.checkSelection === 'SavedCheck' ? (
        savedChecks && savedChecks.length > 0 ? (
          <ChoiceButtons<number>
            label="Saved check"
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
            {savedChecks ? 'This order has no saved checks. Take a photo of a new check instead.' : 'Saved checks download the next time the app syncs online.'}
          </Text>
        )
      ) : null}
      {method === 'CreditCard' && draft.cardSelection === 'ExistingCard' ? (
        details.customer_card_list.length > 0 ? (
          <ChoiceButtons<string>
            label="Saved card"
            field="card"
            columns={1}
            choices={details.customer_card_list.map((c) => ({ value: c.card_profile_id, label: `${c.brand} ····${c.last_four} · exp ${String(c.exp_month).padStart(2, '0')}/${String(c.exp_year).slice(-2)}` }))}
            value={draft.cardProfileId}
            disabled={locked}
            invalidText={errorFor('card')}
            onChange={(value) => writer.patch({ cardProfileId: value })}
          />
        ) : (
          <Text color="fg.muted" data-field="card">
            This customer has no saved card. Choose New card.
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
