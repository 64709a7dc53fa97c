// Issue 25 item 6: every value the server sends from an enumeration has a Spanish text that is
// not the English one. The values come from src/domain's lists, which the server's database
// holds its columns to (test/integration/serverEnumerations.test.ts compares them with the
// CHECK constraints of a migrated database), so a value added on the server without its
// Spanish text fails here.
import { afterAll, describe, expect, it } from 'vitest';
import { BUILDING_STAGES, NOTIFICATION_TOPIC_TITLES, NOTIFICATION_TOPICS, ORDER_STATUSES, ORDER_TYPES } from '../../src/domain';
import { applyLanguage } from '../../src/ui/i18n';
import { notificationTitle, orderValueText, type OrderValueList } from '../../src/ui/i18n/domainText';

const ORDER_VALUES: Record<OrderValueList, readonly string[]> = {
  orderTypes: ORDER_TYPES,
  orderStatuses: ORDER_STATUSES,
  buildingStages: BUILDING_STAGES,
};

/** Each value as the app shows it in `language`. */
async function shown(language: 'en' | 'es'): Promise<Map<string, string>> {
  await applyLanguage(language);
  const out = new Map<string, string>();
  for (const [list, values] of Object.entries(ORDER_VALUES))
    for (const value of values) out.set(`${list}: ${value}`, orderValueText(list as OrderValueList, value));
  for (const topic of NOTIFICATION_TOPICS) out.set(`notification topic: ${topic}`, notificationTitle({ topic, title: NOTIFICATION_TOPIC_TITLES[topic] }));
  return out;
}

describe("the server's enumerated values", () => {
  afterAll(() => applyLanguage('en'));

  it('are many (the lists are read, not empty)', () => {
    expect(ORDER_TYPES.length + ORDER_STATUSES.length + BUILDING_STAGES.length + NOTIFICATION_TOPICS.length).toBeGreaterThanOrEqual(15);
  });

  it('show in English as the server sends them', async () => {
    const english = await shown('en');
    for (const [list, values] of Object.entries(ORDER_VALUES)) for (const value of values) expect(english.get(`${list}: ${value}`)).toBe(value);
    for (const topic of NOTIFICATION_TOPICS) expect(english.get(`notification topic: ${topic}`)).toBe(NOTIFICATION_TOPIC_TITLES[topic]);
  });

  it('each have a Spanish text of their own, not the English one', async () => {
    const english = await shown('en');
    const spanish = await shown('es');
    const untranslated = [...english].filter(([key, text]) => !spanish.get(key)?.trim() || spanish.get(key) === text).map(([key]) => key);
    expect(untranslated).toEqual([]);
    // Two values of one list never read the same in Spanish (the driver could not tell them apart).
    for (const list of Object.keys(ORDER_VALUES)) {
      const texts = [...spanish].filter(([key]) => key.startsWith(`${list}: `)).map(([, text]) => text);
      expect(new Set(texts).size, list).toBe(texts.length);
    }
  });

  it('keep what this build does not know, and what the office wrote, as sent', async () => {
    await applyLanguage('es');
    expect(orderValueText('orderStatuses', 'On Hold')).toBe('On Hold');
    expect(notificationTitle({ topic: null, title: 'Snow route advisory' })).toBe('Snow route advisory');
    expect(notificationTitle({ topic: 'a_newer_topic', title: 'Something new' })).toBe('Something new');
    expect(notificationTitle({ title: 'From an older server' })).toBe('From an older server');
    expect(notificationTitle({ topic: 'order_assigned', title: 'New order assigned' })).toBe('Nuevo pedido asignado');
  });
});
