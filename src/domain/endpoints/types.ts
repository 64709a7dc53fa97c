import type { GenericSchema } from 'valibot';

/** One endpoint's summary, request and answer schemas (valibot), as the table names them. */
export interface EndpointSchemas {
  /** One line for /openapi.json. */
  summary: string;
  bodySchema?: GenericSchema;
  querySchema?: GenericSchema;
  headersSchema?: GenericSchema;
  /** A multipart body: the file fields it takes (`file-0` …). */
  multipartFiles?: number;
  /** A body of bytes of this media type, streamed as it is (the resumable upload's chunks). */
  rawBody?: string;
  /** The 200 answer. */
  responseSchema?: GenericSchema;
  /** The 200 answer's media type when it is not application/json. */
  responseMedia?: string;
  /**
   * Refusals of this endpoint beyond those every route of its kind documents (400, 405; 401,
   * 403, 404 when protected; 409, 422 for keyed writes; 426): status → when. Each is an
   * {error, message} answer; a 429 also documents Retry-After. The limits are in limits.ts.
   */
  errors?: Readonly<Record<number, string>>;
}
