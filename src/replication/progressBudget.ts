// How long a request that sends a body may take: not a total time (a 300 KB photo needs
// ~40 s at 64 kbit/s, and a fixed 30 s budget cut it and started it again from zero, for
// ever), but a time without progress. Reads keep their fixed budget (http.ts).

/** The slowest uplink we promise to finish on: 16 kbit/s. */
export const MIN_UPLINK_BYTES_PER_S = 2_000;

export interface ProgressBudgetOptions {
  /** Cut after this long with no byte moving (body bytes handed to the network, answer bytes received). */
  stallMs: number;
  /** The request body's size, in bytes. */
  bodyBytes: number;
  minBytesPerS?: number;
  abort: () => void;
}

export interface ProgressBudget {
  /** The transport handed `sent` of `total` body bytes to the network (0 when it starts sending). */
  sent(sent: number, total: number): void;
  /** Answer bytes arrived. */
  received(): void;
  stop(): void;
  /** The budget that ran out, for the error text. */
  readonly lastBudgetMs: number;
}

/**
 * Bytes handed to the network may still sit in the phone's buffers (or a cell's) and cross the
 * link long after the browser counted them sent; nothing tells us when they arrive but the
 * answer. So once the whole body is out — or from the start, with a transport that reports no
 * upload progress (plain fetch) — the answer is waited for `stallMs` plus the time the body
 * needs at the slowest supported uplink. While body bytes are still going out, or answer
 * bytes arriving, `stallMs` without one cuts the request.
 */
export function progressBudget(opts: ProgressBudgetOptions): ProgressBudget {
  const minRate = opts.minBytesPerS ?? MIN_UPLINK_BYTES_PER_S;
  const drainMs = (bytes: number) => opts.stallMs + Math.ceil((bytes / minRate) * 1000);
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastBudgetMs = 0;
  const arm = (ms: number): void => {
    if (timer !== null) clearTimeout(timer);
    lastBudgetMs = ms;
    timer = setTimeout(opts.abort, ms);
  };
  arm(drainMs(opts.bodyBytes));
  return {
    sent: (sent, total) => arm(sent >= total ? drainMs(total) : opts.stallMs),
    received: () => arm(opts.stallMs),
    stop: () => {
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
    get lastBudgetMs() {
      return lastBudgetMs;
    },
  };
}

/** A request body's size: a form's files and fields, a chunk's bytes, or the JSON text's bytes. */
export function bodySize(body: FormData | Blob | string | undefined): number {
  if (body === undefined) return 0;
  if (body instanceof Blob) return body.size;
  if (typeof body === 'string') return new TextEncoder().encode(body).byteLength;
  let bytes = 0;
  for (const [, value] of body.entries()) bytes += typeof value === 'string' ? new TextEncoder().encode(value).byteLength : value.size;
  return bytes;
}
