// The sync diagnostic of /tech-support, worded so a driver can read it to the office over
// the phone. Pure: the screen gathers the facts, this turns them into lines.
import { formatOneDecimal } from './format';
import { registerTexts, t } from './i18n';
import { support } from './i18n/en/screens';

registerTexts('support', support);

export interface StorageInfo {
  /** navigator.storage.estimate(); null where the browser does not say. */
  usage: number | null;
  quota: number | null;
  /** navigator.storage.persisted(): true means the browser will not clear the app's data under pressure. */
  persisted: boolean | null;
}

const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/** 1,536 → "1.5 KB"; decimal units (1 KB = 1000 bytes) like the phone's own storage screen. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return t('support.unknown');
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  if (unit === 0) return t('support.bytes', { count: Math.round(value) });
  return `${value >= 100 ? Math.round(value) : formatOneDecimal(value)} ${UNITS[unit]}`;
}

export function storageUsedText(info: StorageInfo | null): string {
  if (!info || info.usage === null) return t('support.notKnown');
  return info.quota === null ? formatBytes(info.usage) : t('support.usedOf', { used: formatBytes(info.usage), quota: formatBytes(info.quota) });
}

export function persistedText(info: StorageInfo | null): string {
  if (!info || info.persisted === null) return t('support.notKnown');
  return info.persisted ? t('support.yes') : t('support.no');
}

/** "1 action", "3 actions". */
export function countText(n: number): string {
  return t('support.actions', { count: n });
}
