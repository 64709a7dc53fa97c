import type { LoginState } from '../db';
import type { LoginResult } from '../domain';
import type { SyncReason } from '../replication/engine';
import type { HandOffResult } from '../replication/handOff';
import type { CardAuthInput, CardAuthOutcome } from '../replication/cardAuth';
import type { ProfileRpcApi } from '../replication/profile';

export type { CardAuthInput, CardAuthOutcome, LoginResult, LoginState, SyncReason };
export type { ExportOutcome, LogReadOutcome, RpcFailure, SaveSettingsInput, SettingsOutcome } from '../replication/profile';

// The typed RPC between the page and the sync worker (comlink). Only things that are
// online by nature go through here; everything else is a write to PWADB.

export interface SyncConfig {
  /** Base URL of the API; '' means the page's own origin. */
  baseUrl: string;
}

/** The profile area's calls (delivery log, CSV export, settings) are declared with them. */
export interface SyncWorkerApi extends ProfileRpcApi {
  init(config: SyncConfig): Promise<void>;
  login(email: string, password: string): Promise<LoginResult>;
  /**
   * The login screen's data (db loginState$) from the worker's database, to `listener` now and
   * on every change, until the returned function is called: a fresh /login opens no database
   * on the page (src/ui/main.tsx).
   */
  watchLoginState(listener: (state: LoginState) => void): Promise<() => void>;
  /** Clears the session and cached server data; unsynced outbox entries are kept. */
  logout(): Promise<void>;
  /**
   * SPEC §4/§6: the main app's impersonation token replaces the stored session and clears the
   * local server data; unsent work of the driver(s) on the phone stays, under their own name.
   */
  impersonate(token: string): Promise<LoginResult>;
  /** Signs the viewed driver out; the page then opens the main app. */
  endImpersonation(): Promise<void>;
  /**
   * SPEC §6/§9: the token the main app left in the `jwt` cookie signs the driver in, after the
   * same checks a bearer token gets (src/replication/handOff.ts); a refused one changes nothing.
   */
  handOff(token: string): Promise<HandOffResult>;
  /**
   * A push and pull now. `driver`: the driver's Sync now, which tries everything queued at once
   * whatever its back-off; `resumed`: the app is back in the foreground (the next answer sends
   * what waited on the network). See src/replication/engine.ts SyncReason.
   */
  syncNow(reason?: SyncReason): Promise<void>;
  setOnline(online: boolean): Promise<void>;
  /** The driver is typing or scrolling: the leader's background prefetch waits (src/replication/driverBusy.ts). */
  driverBusy(): Promise<void>;
  /** Authorizes a new card online; the PAN and CVV pass through memory only, never stored. */
  authorizeCard(input: CardAuthInput): Promise<CardAuthOutcome>;
}
