// The contract version (DESIGN §6, after tldraw's sync-core protocol.ts): every call the
// worker's HTTP client makes carries X-Contract-Version. The server accepts every version from
// MIN_CONTRACT_VERSION up (upgrading older payloads on arrival) and answers an older one with
// 426 {error: 'ClientTooOld'}: the outbox pauses (nothing moves to needs-attention) and the
// driver is asked to update the app. Bump CONTRACT_VERSION when a request or an answer changes
// shape in a way an older build cannot handle; raise the minimum only when the server can no
// longer upgrade that version's payloads.

/** The contract this build speaks. */
export const CONTRACT_VERSION = 1;
/** The oldest contract the server still accepts. */
export const MIN_CONTRACT_VERSION = 1;
/** The request header (lower case, as Node reads it). */
export const CONTRACT_VERSION_HEADER = 'x-contract-version';

/** Why a call's contract cannot be served, or null when it can. */
export type ContractIncompatibility = 'ClientTooOld' | 'InvalidContractVersion';

/**
 * Judges a request's header. No header at all counts as CONTRACT_VERSION: installs from before
 * the header existed, curl and other tools keep working (they speak today's contract or fail
 * on the body, as before). A newer client than the server is accepted: it is talking to an
 * older server during a rollout and is expected to speak down.
 */
export function contractIncompatibility(header: string | string[] | undefined, minVersion: number): ContractIncompatibility | null {
  if (header === undefined) return null;
  const text = Array.isArray(header) ? header[0] : header;
  if (Array.isArray(header) && header.length !== 1) return 'InvalidContractVersion';
  if (text === undefined || !/^[1-9]\d{0,5}$/.test(text.trim())) return 'InvalidContractVersion';
  return Number(text.trim()) < minVersion ? 'ClientTooOld' : null;
}
