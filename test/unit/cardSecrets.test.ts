// The one card-secrets module (server/services/cardSecrets.ts): what hashes, stored bodies and
// logs keep of a card or bank number and a CVV. The stand-ins are pinned: Idempotency-Key
// hashes stored for 30 days were made of them, so changing one would refuse retries.
import { describe, expect, it } from 'vitest';
import { LOG_REDACT_PATHS, liftSecrets, redactForHash, withoutCvv } from '../../server/services/cardSecrets';

const TOKEN = '9418594164541111';

describe('card secrets', () => {
  it('hashes keep no CVV, numbers by length and last four, tokens as they are', () => {
    expect(redactForHash({ cvv: '123', card_cvv: 456, account: '4111 1111-1111 1111', card_token: TOKEN, account_number: '000123456789', amount: 5 })).toEqual({
      account: 'pan:16:1111',
      card_token: TOKEN,
      account_number: 'acct:12:6789',
      amount: 5,
    });
    expect(redactForHash({ account_token: 4111111111111111 })).toEqual({ account_token: 'pan:16:1111' });
    expect(redactForHash([1, 2])).toEqual([1, 2]);
    expect(redactForHash(null)).toBeNull();
  });

  it('a payment body is split into what may be kept and the secrets the handler reads back', () => {
    const { safe, secrets } = liftSecrets({ account: '4111111111111111', cvv: '123', account_number: '0001-2345-6789', token: TOKEN, amount: '5.00' });
    expect(safe).toEqual({ account: 'pan:16:1111', account_number: 'acct:12:6789', token: TOKEN, amount: '5.00' });
    expect(secrets).toEqual({ account: '4111111111111111', cvv: '123', account_number: '0001-2345-6789' });
    expect(liftSecrets({ card_token: TOKEN }).safe).toEqual({ card_token: TOKEN });
  });

  it('a stored delivery body has no CVV; logs redact every secret field at the top and one level down', () => {
    expect(withoutCvv({ card_cvv: '123', card_token: TOKEN, payment_amount: '5' })).toEqual({ card_token: TOKEN, payment_amount: '5' });
    for (const field of ['cvv', 'card_cvv', 'card_token', 'card_number', 'account_number', 'password']) {
      expect(LOG_REDACT_PATHS).toContain(field);
      expect(LOG_REDACT_PATHS).toContain(`*.${field}`);
    }
    expect(LOG_REDACT_PATHS).toContain('req.headers.authorization');
  });
});
