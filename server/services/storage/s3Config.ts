// S3_* environment → the S3 store's configuration, or null when object storage is not
// configured (files then stay in the database rows). Anything half set stops the start
// with a message naming the variable.
import type { S3StoreConfig, S3Timeouts } from './s3Store';

const S3_VARIABLES = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'S3_PREFIX'] as const;

function flag(name: string, value: string): boolean {
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  if (/^(0|false|no|off)$/i.test(value)) return false;
  throw new Error(`${name} must be true or false (got "${value}")`);
}

// How long a store that does not answer may hold a request (defaults in s3Store.ts).
const TIMEOUT_VARIABLES = { S3_CONNECT_TIMEOUT_MS: 'connectMs', S3_IDLE_TIMEOUT_MS: 'idleMs', S3_CHECK_TIMEOUT_MS: 'checkMs' } as const;

function timeoutsFromEnv(env: Record<string, string | undefined>): Partial<S3Timeouts> | undefined {
  const timeouts: Partial<S3Timeouts> = {};
  for (const [name, field] of Object.entries(TIMEOUT_VARIABLES)) {
    const value = env[name]?.trim();
    if (!value) continue;
    const ms = Number(value);
    if (!/^\d+$/.test(value) || ms < 1 || ms > 600_000) throw new Error(`${name} must be a whole number of milliseconds from 1 to 600000 (got "${value}")`);
    timeouts[field] = ms;
  }
  return Object.keys(timeouts).length > 0 ? timeouts : undefined;
}

export function s3ConfigFromEnv(env: Record<string, string | undefined>): S3StoreConfig | null {
  const get = (name: (typeof S3_VARIABLES)[number]): string | undefined => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };
  const given = S3_VARIABLES.filter((name) => get(name) !== undefined);
  if (given.length === 0) return null;
  const bucket = get('S3_BUCKET');
  if (!bucket) throw new Error(`S3_BUCKET is required when object storage is configured (set: ${given.join(', ')})`);
  const endpoint = get('S3_ENDPOINT');
  if (endpoint !== undefined) {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      throw new Error(`S3_ENDPOINT must be a URL such as https://s3.example.com (got "${endpoint}")`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`S3_ENDPOINT must be an http(s) URL (got "${endpoint}")`);
  }
  const accessKeyId = get('S3_ACCESS_KEY_ID');
  const secretAccessKey = get('S3_SECRET_ACCESS_KEY');
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (set both, or neither to use the default AWS credential chain)');
  }
  const forcePathStyle = get('S3_FORCE_PATH_STYLE');
  const prefix = (get('S3_PREFIX') ?? '').replace(/^\/+/, '');
  const timeouts = timeoutsFromEnv(env);
  return {
    bucket,
    region: get('S3_REGION') ?? 'us-east-1',
    ...(endpoint ? { endpoint } : {}),
    forcePathStyle: forcePathStyle === undefined ? endpoint !== undefined : flag('S3_FORCE_PATH_STYLE', forcePathStyle),
    ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
    prefix: prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`,
    ...(timeouts ? { timeouts } : {}),
  };
}
