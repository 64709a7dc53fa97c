import { clockIso } from '../../clock';
import type { LogFilters } from '../../domain';
import { readSession, type BlobStore, type DriverDatabase } from '../../db';
import type { HttpClient } from '../http';
import type { ProfileContext } from './context';
import { exportDeliveryLog, refreshDeliveryLog, type ExportOutcome, type LogReadOutcome } from './deliveryLog';
import { refreshSettings, saveSettings, type SaveSettingsInput, type SettingsOutcome } from './settings';

export type { ExportOutcome, LogReadOutcome, SaveSettingsInput, SettingsOutcome };
export type { RpcFailure } from './outcome';
export { OFFLINE_TEXT } from './outcome';

/** The profile area's worker RPCs (src/workers/protocol.ts), online by nature. */
export interface ProfileRpcApi {
  /** Reads the log for `filters` and the stats; stores them as snapshots for the screen. */
  refreshDeliveryLog(filters: LogFilters): Promise<LogReadOutcome>;
  /** The CSV export's bytes and file name (SPEC §7 raw response). */
  exportDeliveryLog(filters: LogFilters): Promise<ExportOutcome>;
  refreshSettings(): Promise<SettingsOutcome>;
  saveSettings(input: SaveSettingsInput): Promise<SettingsOutcome>;
}

export function createProfileRpc(deps: { db: DriverDatabase; blobs: BlobStore; http: HttpClient; log?: ProfileContext['log'] }): ProfileRpcApi {
  const ctx: ProfileContext = { ...deps, session: () => readSession(deps.db), now: clockIso };
  // Filters change faster than answers arrive: only the newest request's log is stored.
  let latestLog = 0;
  return {
    refreshDeliveryLog(filters) {
      const mine = ++latestLog;
      return refreshDeliveryLog(ctx, filters, () => mine === latestLog);
    },
    exportDeliveryLog: (filters) => exportDeliveryLog(ctx, filters),
    refreshSettings: () => refreshSettings(ctx),
    saveSettings: (input) => saveSettings(ctx, input),
  };
}
