import { afterAll, describe, expect, it } from 'vitest';
import {
  ERROR_TEXT,
  FILTER_LABELS,
  LOG_ORDER_TYPE_LABEL,
  PAYMENT_TEXT,
  formatDateHeader,
  groupScheduled,
  signedOutText as domainSignedOutText,
  type SignOutReason,
} from '../../src/domain';
import { formatDate } from '../../src/ui/format';
import { applyLanguage, t } from '../../src/ui/i18n';
import { errorText, filterLabel, knownText, serverErrorText } from '../../src/ui/i18n/domainText';
import { en } from '../../src/ui/i18n/en';
import { deliver } from '../../src/ui/i18n/en/deliver';
import { schedule } from '../../src/ui/i18n/en/schedule';
import { settingsEdit } from '../../src/ui/i18n/en/settingsEdit';
import { map } from '../../src/ui/i18n/en/map';
import { log } from '../../src/ui/i18n/en/log';
import { lostWork } from '../../src/ui/i18n/en/lostWork';
import { nav } from '../../src/ui/i18n/en/nav';
import { order, outbox } from '../../src/ui/i18n/en/order';
import { outboxExport } from '../../src/ui/i18n/en/outboxExport';
import { screens } from '../../src/ui/i18n/en/screens';
import { deviceLanguage } from '../../src/ui/i18n/language';
import { signedOutText } from '../../src/ui/i18n/sessionText';
import { domain, es } from '../../src/ui/i18n/es';

/** 'area.key' → text, for every leaf of a catalog. */
function flatten(tree: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else if (typeof value === 'object' && value !== null) for (const [k, v] of flatten(value as object, path)) out.set(k, v);
    else throw new Error(`${path} is neither a text nor an area`);
  }
  return out;
}

const placeholders = (text: string): string[] => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();

const english = flatten({ ...en, ...screens, order, outbox, outboxExport, log, lostWork, nav, deliver, schedule, settingsEdit, map });
const spanish = flatten(es);

describe('the Spanish catalog', () => {
  it('has every key of the English one and no other', () => {
    expect([...spanish.keys()].sort()).toEqual([...english.keys()].sort());
    expect(english.size).toBeGreaterThan(100);
  });

  it('uses the same interpolation placeholders in every text', () => {
    for (const [key, text] of english) expect({ key, names: placeholders(spanish.get(key) ?? '') }).toEqual({ key, names: placeholders(text) });
  });

  it('translates every text (none left empty or in English, except names)', () => {
    const same = new Set([
      'login.appName',
      'support.bytes_one',
      'support.bytes_other',
      'order.no',
      'log.miles',
      'deliver.no',
      'deliver.latLon',
      'lostWork.entry',
    ]);
    for (const [key, text] of spanish) {
      expect(text.trim(), key).not.toBe('');
      if (!same.has(key)) expect({ key, text }).not.toEqual({ key, text: english.get(key) });
    }
  });

  it('has a text for every error identifier and filter of src/domain, and no other', () => {
    expect(Object.keys(domain.errors).sort()).toEqual(Object.keys(ERROR_TEXT).sort());
    expect(Object.keys(domain.filters).sort()).toEqual(Object.keys(FILTER_LABELS).sort());
    expect(Object.keys(domain.payment).sort()).toEqual(Object.keys(PAYMENT_TEXT).sort());
  });

  it("words the delivery log's order types as src/domain does in English", () => {
    for (const [type, label] of Object.entries(LOG_ORDER_TYPE_LABEL)) expect(english.get(`log.type-${type}`)).toBe(label);
  });
});

describe('the language', () => {
  afterAll(() => applyLanguage('en'));

  it('follows the phone: the first English or Spanish entry of navigator.languages', () => {
    expect(deviceLanguage(['es-MX', 'en-US'])).toBe('es');
    expect(deviceLanguage(['es'])).toBe('es');
    expect(deviceLanguage(['fr-FR', 'es-ES'])).toBe('es');
    expect(deviceLanguage(['en-US', 'es'])).toBe('en');
    expect(deviceLanguage(['fr-FR'])).toBe('en');
    expect(deviceLanguage([])).toBe('en');
  });

  it('English shows the source texts, the domain ones unchanged', async () => {
    await applyLanguage('en');
    expect(t('home.search')).toBe('Search');
    expect(t('home.orders', { count: 1 })).toBe('1 order');
    expect(t('home.orders', { count: 3 })).toBe('3 orders');
    expect(formatDate('2026-01-05T15:00:00')).toBe('01/05/2026');
    expect(errorText('FailedToFetchOrderMap')).toBe('Failed to fetch order map');
    expect(filterLabel('rushOrder')).toBe('Rush');
    const reasons: SignOutReason[] = ['expired', 'role', 'malformed', 'rejected', 'removed'];
    for (const reason of reasons) for (const pending of [0, 1, 2]) expect(signedOutText(reason, pending)).toEqual(domainSignedOutText(reason, pending));
  });

  it('switching to Spanish shows Spanish at once, domain texts and dates too', async () => {
    await applyLanguage('es');
    expect(t('home.search')).toBe('Buscar');
    expect(t('home.orders', { count: 3 })).toBe('3 pedidos');
    expect(t('common.appBar.needsAttention', { count: 1 })).toBe('1 requiere atención');
    expect(errorText('FailedToFetchOrderMap')).toBe('No se pudo obtener el mapa de pedidos');
    expect(errorText('NoSuchIdentifier')).toBe('Hubo un error');
    expect(filterLabel('rushOrder')).toBe('Urgente');
    expect(serverErrorText('FailedToAddNote', 'Failed to add note: Order not found')).toBe('No se pudo agregar la nota: Order not found');
    expect(serverErrorText('SomethingNew', 'The server explains')).toBe('The server explains');
    expect(knownText('Failed to save settings')).toBe('No se pudieron guardar los ajustes');
    expect(signedOutText('expired', 2)).toEqual({
      title: 'Se cerró su sesión porque caducó.',
      detail: '2 acciones esperan en este teléfono y se enviarán cuando inicie sesión.',
    });
    // SPEC §9's day header "Mon, Jan 5" in Spanish.
    expect(formatDateHeader('2026-01-05T15:00:00Z', 'America/Chicago', 'es')).toBe('lun, 5 ene');
    expect(formatDateHeader('2026-01-05T15:00:00Z', 'America/Chicago')).toBe('Mon, Jan 5');
    expect(formatDate('2026-01-05T15:00:00')).toBe('05/01/2026');
    const groups = groupScheduled(
      [{ id: 'a', is_scheduled_for_delivery: true, scheduled_date: '2026-01-05T15:00:00Z' }],
      Date.parse('2026-01-04T12:00:00Z'),
      'America/Chicago',
      'es',
    );
    expect(groups[0]?.title).toBe('lun, 5 ene');
    await applyLanguage('en');
    expect(t('home.search')).toBe('Search');
  });
});
