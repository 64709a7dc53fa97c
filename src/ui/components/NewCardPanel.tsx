import { Alert, Box, Button, Field, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useRef, useState, type ComponentProps, type ReactNode } from 'react';
import type { AuthorizedCard } from '../../db';
import {
  ERROR_TEXT,
  PAYMENT_TEXT,
  formatCardNumberInput,
  formatExpirationInput,
  toCents,
  validateCardForm,
  type CardFormErrors,
  type CardFormField,
  type CardFormValues,
  type CustomerDeliveryDetails,
} from '../../domain';
import { getSyncClient } from '../../workers/client';
import { formatMoney } from '../format';
import { registerTexts, t } from '../i18n';
import { deliver as deliverTexts } from '../i18n/en/deliver';
import { domainText, errorText, knownText } from '../i18n/domainText';

registerTexts('deliver', deliverTexts);

const paymentKeyOf = new Map<string, string>(Object.entries(PAYMENT_TEXT).map(([key, text]) => [text, key]));

/** A card-form rule's text (a PAYMENT_TEXT or an ERROR_TEXT, as validateCardForm gives it) in the active language. */
function cardFormText(message: string): string {
  const key = paymentKeyOf.get(message);
  return key ? domainText(`payment.${key}`, message) : knownText(message);
}

interface Props {
  customerOrderId: number;
  details: CustomerDeliveryDetails;
  /** The payment amount the driver typed. */
  amount: string;
  authorized: AuthorizedCard | null;
  online: boolean;
  disabled: boolean;
  onAuthorized: (card: AuthorizedCard) => void;
  onReset: () => void;
}

type BillingField = Exclude<CardFormField, 'cardNumber' | 'expiration' | 'cvv'>;

const money = (value: string): string => {
  const cents = toCents(value, { allowZero: true });
  return cents === null ? value : formatMoney(cents / 100);
};

/** The billing fields, prefilled from the delivery details (SPEC §3). */
function billingFrom(details: CustomerDeliveryDetails): Record<BillingField, string> {
  const address = details.billing_address;
  return {
    firstName: details.customer_first_name ?? '',
    lastName: details.customer_last_name ?? '',
    streetAddress: [address?.street_address_one, address?.street_address_two].filter(Boolean).join(' ').trim(),
    city: address?.city ?? '',
    state: (address?.state ?? '').trim().toUpperCase(),
    zip: address?.zip ?? '',
    phone: details.customer_phone ?? '',
    email: details.customer_email ?? '',
  };
}

/**
 * A new card, authorized online through the sync worker. The card number and CVV live only
 * in this component's state: they are never written to PWADB, the outbox or a log, and are
 * cleared as soon as the authorization answers (the CVV on a failure, both on success).
 */
export function NewCardPanel({ customerOrderId, details, amount, authorized, online, disabled, onAuthorized, onReset }: Props) {
  const [cardNumber, setCardNumber] = useState('');
  const [expiration, setExpiration] = useState('');
  const [cvv, setCvv] = useState('');
  const [billing, setBilling] = useState(() => billingFrom(details));
  const [errors, setErrors] = useState<CardFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);

  if (authorized) {
    const which = authorized.lastFour ? t('deliver.cardEnding', { digits: authorized.lastFour }) : t('deliver.cardStarting', { digits: authorized.firstFour });
    const changed = toCents(amount, { allowZero: true }) !== null && toCents(amount, { allowZero: true }) !== toCents(authorized.amount, { allowZero: true });
    return (
      <Stack gap="3" data-testid="new-card-authorized">
        <Alert.Root status="success">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('deliver.cardAuthorized', { which, amount: money(authorized.amount) })}</Alert.Title>
            {changed ? <Alert.Description>{t('deliver.amountChanged', { amount: money(amount) })}</Alert.Description> : null}
          </Alert.Content>
        </Alert.Root>
        <Box>
          <Button variant="outline" colorPalette="primary" disabled={disabled} onClick={onReset}>
            {t('deliver.useAnotherCard')}
          </Button>
        </Box>
      </Stack>
    );
  }

  const values: CardFormValues = { cardNumber, expiration, cvv, ...billing };
  const locked = disabled || busy;

  const edit = (field: CardFormField, next: string): void => {
    if (field === 'cardNumber') setCardNumber(formatCardNumberInput(next));
    else if (field === 'expiration') setExpiration(formatExpirationInput(next));
    else if (field === 'cvv') setCvv(next.replace(/\D/g, '').slice(0, 4));
    else setBilling((b) => ({ ...b, [field]: field === 'state' ? next.toUpperCase().slice(0, 2) : next }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const authorize = async (): Promise<void> => {
    if (inFlight.current || locked || !online) return;
    setFailure(null);
    const checked = validateCardForm(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    if (toCents(amount) === null) {
      setFailure(t('deliver.paymentAmount', { reason: domainText('payment.amount', PAYMENT_TEXT.amount) }));
      return;
    }
    const card = checked.card;
    inFlight.current = true;
    setBusy(true);
    try {
      const outcome = await getSyncClient().authorizeCard({
        customerOrderId,
        cardNumber: card.cardNumber,
        expMonth: card.expMonth,
        expYear: card.expYear,
        cvv: card.cvv,
        amount: amount.trim(),
        billingZip: card.zip,
        holder: {
          firstName: card.firstName,
          lastName: card.lastName,
          streetAddress: card.streetAddress,
          city: card.city,
          state: card.state,
          phone: card.phone,
          email: card.email,
        },
        paymentProcessingAccountId: details.payment_processor_config?.payment_processing_account_id ?? null,
      });
      if (outcome.ok) {
        setCardNumber('');
        setExpiration('');
        setCvv('');
        onAuthorized(outcome.card);
      } else {
        setCvv('');
        setFailure(outcome.message ? knownText(outcome.message) : ERROR_TEXT.ErrorAuthenticatingCard);
      }
    } catch {
      // The worker itself failed (never the server's answer): nothing about the card is shown.
      setCvv('');
      setFailure(ERROR_TEXT.ErrorAuthenticatingCard);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  const field = (name: CardFormField, label: string, input: ReactNode): ReactNode => (
    <Field.Root invalid={Boolean(errors[name])} disabled={locked} data-field={`card-${name}`}>
      <Field.Label>{label}</Field.Label>
      {input}
      {errors[name] ? <Field.ErrorText>{cardFormText(errors[name])}</Field.ErrorText> : null}
    </Field.Root>
  );

  /** Card data: no autofill or saving by the browser, no spell-check service. */
  const secretProps = { autoComplete: 'off', autoCorrect: 'off', spellCheck: false, 'data-private': true } as const;

  const text = (name: BillingField, label: string, props: Partial<ComponentProps<typeof Input>> = {}): ReactNode =>
    field(name, label, <Input bg="bg" value={values[name]} onChange={(e) => edit(name, e.target.value)} {...props} />);

  return (
    <Stack gap="4" data-testid="new-card-form">
      {field(
        'cardNumber',
        t('deliver.cardNumber'),
        <Input
          bg="bg"
          inputMode="numeric"
          placeholder="1234 5678 9012 3456"
          maxLength={23}
          value={cardNumber}
          onChange={(e) => edit('cardNumber', e.target.value)}
          {...secretProps}
        />,
      )}
      <SimpleGrid columns={2} gap="3">
        {field(
          'expiration',
          t('deliver.expiry'),
          <Input
            bg="bg"
            inputMode="numeric"
            placeholder="MM/YY"
            maxLength={5}
            value={expiration}
            onChange={(e) => edit('expiration', e.target.value)}
            {...secretProps}
          />,
        )}
        {field(
          'cvv',
          'CVV',
          <Input bg="bg" inputMode="numeric" placeholder="123" maxLength={4} value={cvv} onChange={(e) => edit('cvv', e.target.value)} {...secretProps} />,
        )}
      </SimpleGrid>
      <Text fontWeight="semibold" textStyle="md">
        {t('deliver.billingDetails')}
      </Text>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
        {text('firstName', t('deliver.firstName'), { autoComplete: 'off' })}
        {text('lastName', t('deliver.lastName'), { autoComplete: 'off' })}
      </SimpleGrid>
      {text('streetAddress', t('deliver.streetAddress'), { autoComplete: 'off' })}
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
        {text('city', t('deliver.city'), { autoComplete: 'off' })}
        {text('state', t('deliver.state'), { autoComplete: 'off', maxLength: 2, placeholder: 'PA' })}
        {text('zip', t('deliver.zip'), { autoComplete: 'off', inputMode: 'numeric', maxLength: 10 })}
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
        {text('phone', t('deliver.phone'), { autoComplete: 'off', type: 'tel', maxLength: 15 })}
        {text('email', t('deliver.emailOptional'), { autoComplete: 'off', type: 'email' })}
      </SimpleGrid>
      {failure ? (
        <Alert.Root status="error" data-testid="card-auth-error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{errorText('ErrorAuthenticatingCard')}</Alert.Title>
            {failure !== ERROR_TEXT.ErrorAuthenticatingCard && failure !== errorText('ErrorAuthenticatingCard') ? (
              <Alert.Description>{failure}</Alert.Description>
            ) : null}
          </Alert.Content>
        </Alert.Root>
      ) : null}
      <Button
        colorPalette="primary"
        size="lg"
        w="full"
        disabled={locked || !online}
        loading={busy}
        loadingText={t('deliver.authorizing')}
        onClick={() => void authorize()}
      >
        {online ? t('deliver.authorizeCard') : t('deliver.authorizeNeedsConnection')}
      </Button>
    </Stack>
  );
}
