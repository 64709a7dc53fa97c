// The sync diagnostic of /tech-support, worded so a driver can read it to the office over
// the phone. Pure: the screen gathers the facts, this turns them into lines.

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
  if (!Number.isFinite(bytes) || bytes < 0) return 'unknown';
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  if (unit === 0) return `${Math.round(value)} ${value === 1 ? 'byte' : 'bytes'}`;
  return `${value >= 100 ? Math.round(value) : value.toFixed(1)} ${UNITS[unit]}`;
}

export function storageUsedText(info: StorageInfo | null): string {
  if (!info || info.usage === null) return 'Not known on this phone';
  return info.quota === null ? formatBytes(info.usage) : `${formatBytes(info.usage)} of ${formatBytes(info.quota)}`;
}

export function persistedText(info: StorageInfo | null): string {
  if (!info || info.persisted === null) return 'Not known on this phone';
  return info.persisted ? 'Yes' : 'No — the phone may clear it when space runs low';
}

export function countText(n: number, one: string, many: string): string {
  return n === 1 ? `1 ${one}` : `${n} ${many}`;
}
