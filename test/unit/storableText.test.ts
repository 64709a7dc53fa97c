import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CreateOrderNoteBodySchema, DeliverOnlotBodySchema, isStorableText, SurveyAnswerSchema, toStorableText } from '../../src/domain';

describe('storable text (what PostgreSQL keeps as sent)', () => {
  it('knows a NUL and half a surrogate pair from whole text', () => {
    for (const whole of ['', 'Gate code 1234', 'Señora Núñez 👍', '\uD83D\uDE00', 'שלום']) expect(isStorableText(whole)).toBe(true);
    for (const broken of ['a\u0000b', 'A\uD83D B', '\uDE00', 'ends in half \uD83D', '\uDE00\uD83D']) expect(isStorableText(broken)).toBe(false);
  });

  it('drops a NUL and turns half a pair into U+FFFD, keeping whole pairs', () => {
    expect(toStorableText('Gate\u0000code')).toBe('Gatecode');
    expect(toStorableText('A\uD83D B 👍')).toBe('A\uFFFD B 👍');
    expect(toStorableText('\uDE00\uD83D\uDE00')).toBe('\uFFFD\uD83D\uDE00');
    expect(toStorableText('plain')).toBe('plain');
  });

  it('is what the phone queues: notes and survey answers come out of their schemas storable', () => {
    const body = v.parse(DeliverOnlotBodySchema, { onlot_inventory_order_id: 7, date_delivered: '2026-11-20T14:55:00.000Z', delivery_note: 'x\u0000\uD83D' });
    expect(body.delivery_note).toBe('x\uFFFD');
    expect(v.parse(SurveyAnswerSchema, { driver_delivery_survey_question_id: 1, answer: 'ok\u0000 fine' }).answer).toBe('ok fine');
    expect(v.parse(CreateOrderNoteBodySchema, { customer_order_id: 3, note: ' Paid \uD83D ' }).note).toBe('Paid \uFFFD');
    // Measured after: 4000 NULs and a word are a note of one word.
    expect(
      v.parse(DeliverOnlotBodySchema, { onlot_inventory_order_id: 7, date_delivered: '2026-11-20T14:55:00.000Z', delivery_note: `${'\u0000'.repeat(4000)}ok` })
        .delivery_note,
    ).toBe('ok');
  });
});
